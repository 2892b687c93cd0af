import FileOutput
import Foundation
import Raster
import Regression

/// One `--check`: frames are compared as they are rendered, failures collected with their
/// artifacts, and the result reported at the end (exit 1 when any frame fails).
final class CheckRun {
    let manifestPath: String
    let check: FrameCheck
    /// Holds only this run's failures once the run commits: earlier ones would mislead.
    let artifacts: StagedFolder
    let scene: String
    private(set) var compared = 0
    private(set) var failures: [(name: String, reason: String)] = []
    private(set) var tolerated = 0

    init(manifestPath: String, options: Options, artifacts: StagedFolder) throws {
        self.manifestPath = manifestPath
        self.artifacts = artifacts
        let text: String
        do { text = try String(contentsOfFile: manifestPath, encoding: .utf8) } catch {
            throw UsageError("--check \(manifestPath): cannot read the hash file")
        }
        let manifest: HashManifest
        do { manifest = try HashManifest(parsing: text) } catch let error as HashManifest.ParseError {
            throw UsageError("--check \(manifestPath): \(error)")
        }
        scene = options.sceneName
        let folder = URL(fileURLWithPath: manifestPath).deletingLastPathComponent()
        check = FrameCheck(manifest: manifest, referenceFolder: folder, tolerance: options.tolerance)
        try requireReferences(options)
    }

    /// A tolerance compares pixels with the reference frames; without any, it could never apply.
    private func requireReferences(_ options: Options) throws {
        guard let option = Options.toleranceOptions.first(where: options.given.contains) else { return }
        guard !check.hasReferences(prefix: scene + "/") else { return }
        let folder = OutputPlan.referenceFolder(manifest: manifestPath, scene: scene)
        throw UsageError("\(option) compares pixels with the reference frames in \(folder)/, and there are none; "
                         + "record them with --references when you write the hash file")
    }

    func compare(index: Int, hash: String, bitmap: Bitmap) throws {
        let name = HashManifest.frameName(scene: scene, index: index)
        compared += 1
        let (verdict, diff) = check.verdict(name: name, hash: hash, bitmap: bitmap)
        switch verdict {
        case .match: break
        case .tolerated: tolerated += 1
        case .differs(let reason):
            failures.append((name, reason))
            for (file, bytes) in try check.artifacts(name: name, index: index, actual: bitmap, diff: diff) {
                try artifacts.write(file, bytes)
            }
        }
    }

    /// Hash-file entries of this scene beyond its last frame fail: the scene got shorter.
    func expectNoMore(than frameCount: Int) {
        let rendered = Set((0..<frameCount).map { HashManifest.frameName(scene: scene, index: $0) })
        for entry in check.manifest.entries where entry.name.hasPrefix(scene + "/") && !rendered.contains(entry.name) {
            failures.append((entry.name, "expected, but the scene now has \(frameCount) frames"))
        }
    }

    /// Prints the result; throws when a frame failed. Call after the outputs are committed.
    func finish() throws {
        let total = compared
        if failures.isEmpty {
            let note = tolerated > 0 ? " (\(tolerated) within the tolerance)" : ""
            print("check: all \(total) frames match \(manifestPath)\(note)")
            return
        }
        var lines = ["check: \(failures.count) frames fail against \(manifestPath) (\(total) rendered)"]
        // A long list buries the summary; the artifacts folder has every failing frame anyway.
        lines += failures.prefix(20).map { "  \($0.name): \($0.reason)" }
        if failures.count > 20 { lines.append("  … and \(failures.count - 20) more") }
        if FileSystem.kind(of: artifacts.target.path) == .folder {
            lines.append("artifacts: \(artifacts.target.path)/")
        }
        throw CheckFailure(description: lines.joined(separator: "\n"))
    }
}

/// Frames differ from their references; exits with status 1.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String
}
