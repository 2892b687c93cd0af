import Codecs
import FileOutput
import Foundation
import Paths
import Raster
import Regression
import Render

/// One scene checked against a hash file, for `--check` and for each case of `render test`:
/// frames are compared as they are rendered, failures collected with their artifacts, and the
/// result reported at the end.
final class CheckRun {
    /// The hash file, and where the scene's reference frames are beside it.
    let layout: ReferenceLayout
    /// The masked views are set once the scene is loaded (see `masking`).
    private(set) var check: FrameCheck
    /// Holds only this run's failures once the run commits: earlier ones would mislead.
    let artifacts: StagedFolder
    /// Leads each failure image's file name: "" in a scene's own folder, `<case>-` in a suite's.
    let filePrefix: String
    /// The failing frames, with their images when a report will show them.
    let log: FailureLog
    private(set) var compared = 0
    private(set) var tolerated = 0
    var failures: [FrameFailure] { log.failures }

    /// Where each frame's views are, by frame: what a mask needs, and what a failing frame is
    /// compared with its recorded geometry by. Set before the first frame is compared.
    var geometry: ((Int) throws -> FrameGeometry)?

    /// Each frame's scroll offset, for the report; set before the first frame is compared.
    var offsets: [Double] {
        get { log.offsets }
        set { log.offsets = newValue }
    }

    /// The frame names' prefix in the hash file: the scene's name, or the case's.
    var scene: String { layout.name }
    var manifestPath: String { layout.manifest }

    init(layout: ReferenceLayout, manifest: HashManifest, tolerance: Tolerance, mask: ViewMask? = nil,
         artifacts: StagedFolder, filePrefix: String = "", keepsImages: Bool) {
        self.layout = layout
        self.artifacts = artifacts
        self.filePrefix = filePrefix
        log = FailureLog(keepsImages: keepsImages)
        check = FrameCheck(manifest: manifest, referenceFolder: URL(fileURLWithPath: layout.manifest).deletingLastPathComponent(),
                           tolerance: tolerance, mask: mask)
    }

    /// `--check FILE`: the hash file read, and a tolerance refused where no reference frames exist.
    convenience init(manifestPath: String, options: RenderOptions, artifacts: StagedFolder) throws {
        let manifest = try CheckRun.manifest(at: manifestPath, option: "--check")
        self.init(layout: ReferenceLayout(manifest: manifestPath, name: options.sceneName), manifest: manifest, tolerance: options.tolerance,
                  artifacts: artifacts, keepsImages: options.report != nil)
        try requireReferences(options)
    }

    /// Ignores the pixels of `ids`' views; an id the scene lacks is a usage error naming `option`.
    func masking(_ ids: [String], renderer: Renderer, option: String) throws {
        do { check = check.masking(try ViewMask.checked(ids, renderer: renderer, given: option)) } catch let unknown as UnknownMaskedView {
            throw UsageError(unknown.description)
        }
    }

    /// The hash file at `path`; a problem with it is a usage error naming `option`.
    static func manifest(at path: String, option: String) throws -> HashManifest {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw UsageError("\(option) \(path): cannot read the hash file")
        }
        do { return try HashManifest(parsing: text) } catch let error as HashManifest.ParseError {
            throw UsageError("\(option) \(path): \(error)")
        }
    }

    /// A tolerance compares pixels with the reference frames; without any, it could never apply.
    private func requireReferences(_ options: RenderOptions) throws {
        guard let option = RenderOptions.toleranceOptions.first(where: options.given.contains) else { return }
        guard !check.hasReferences(prefix: scene + "/") else { return }
        throw UsageError("\(option) compares pixels with the reference frames in \(layout.frames)/, and there are none; "
                         + "record them with --references when you write the hash file")
    }

    func compare(index: Int, hash: String, bitmap: Bitmap) throws {
        let name = HashManifest.frameName(scene: scene, index: index)
        compared += 1
        let verdict = try log.compare(check, name: name, index: index, hash: hash, bitmap: bitmap, geometry: geometry) { file, png in
            try artifacts.write(filePrefix + file, png)
            return PathText.joining(artifacts.target.shown, filePrefix + file)
        }
        if case .tolerated = verdict { tolerated += 1 }
    }

    /// Hash-file entries of this scene beyond its last frame fail: the scene got shorter.
    func expectNoMore(than frameCount: Int) {
        for entry in check.manifest.entries where entry.name.hasPrefix(scene + "/") {
            guard let index = FrameName.index(ofStem: String(entry.name.dropFirst(scene.count + 1))), index >= frameCount else {
                continue
            }
            log.addMissing(index: index, reason: "expected, but the scene now has \(frameCount) frames")
        }
    }

    /// What the run found, for reports.
    func outcome(name: String, sceneFile: String, seconds: Double) throws -> CaseOutcome {
        try log.outcome(name: name, scene: sceneFile, frames: compared, seconds: seconds, tolerated: tolerated)
    }

    /// Prints the result of `--check`; throws when a frame failed. Call after the outputs are committed.
    func finish() throws {
        let total = compared
        if failures.isEmpty {
            let note = tolerated > 0 ? " (\(tolerated) within the tolerance\(check.mask == nil ? "" : " or the mask"))" : ""
            print("check: all \(total) frames match \(manifestPath)\(note)")
            return
        }
        var lines = ["check: \(failures.count) frames fail against \(manifestPath) (\(total) rendered)"]
        lines += GeometrySummary.lines(of: failures).map { "  changed: \($0)" }
        // A long list buries the summary; the artifacts folder has every failing frame anyway.
        lines += failures.prefix(20).map { "  \(HashManifest.frameName(scene: scene, index: $0.index)): \($0.reason)" }
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
