import Codecs
import FileOutput
import Foundation
import Raster
import Regression
import Render
import Scene
import XCTest

/// Renders frames of a scene and compares them with references recorded beside the test, named
/// after the test as swift-snapshot-testing names snapshots: for `testPull()` in
/// `ProfileTests.swift` at scale 2, `<references>/ProfileTests/testPull.scale2.sha256`
/// (sha256sum lines) and the folder `<references>/ProfileTests/testPull.scale2/`: recording every
/// frame writes it as `render --hashes FILE --references` does (`ReferenceSink`: lossless WebPs,
/// or a lossless video of the opaque frames where smaller), and a frame recorded on its own is a
/// lossless WebP in it (`frame_0020.webp`). Two tests, or one test at two scales or with two
/// `named:` values, never share a file.
///
/// - Parameters:
///   - scene: path of the scene JSON, absolute or relative to the test file's folder.
///   - frames: the frame indices to check; nil checks every frame.
///   - scale: overrides the scene's `canvas.scale` (1 keeps references small).
///   - appearance: which value of the scene's light/dark colours it is drawn with; dark
///     references are named `….dark`.
///   - named: tells apart several assertions in one test: `testPull.header.scale1`.
///   - tolerance: exact by default; see `Tolerance`.
///   - references: the folder, relative to the test file's folder; default `__Frames__`.
///   - record: see `RecordMode`; by default from `SCROLLREEL_RECORD`.
///
/// A failing frame gets `<frame>-actual.png`, `-expected.png` and `-diff.png` (changed pixels red,
/// anti-aliasing yellow) in `<name>-failures/` beside the references, or under the folder that
/// `SCROLLREEL_ARTIFACTS` names (as swift-snapshot-testing's `SNAPSHOT_ARTIFACTS`), with
/// `report.html`, one page showing them all; the failure message names it. A run with no failure
/// removes the files a failing run left there.
public func assertFrames(scene: String, frames: [Int]? = nil, scale: Int? = nil, appearance: Appearance = .light, named: String? = nil,
                         tolerance: Tolerance = Tolerance(), references: String = "__Frames__",
                         record: RecordMode? = RecordMode.fromEnvironment,
                         file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    guard let record else {
        let valid = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        return XCTFail("SCROLLREEL_RECORD must be one of \(valid)", file: file, line: line)
    }
    let testFile = "\(file)"
    let testFolder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    let scenePath = scene.hasPrefix("/") ? scene : testFolder.appendingPathComponent(scene).path
    let root = references.hasPrefix("/") ? URL(fileURLWithPath: references) : testFolder.appendingPathComponent(references)
    let suite = PathText.stem(of: testFile)
    // "testPull()" is the test; a name of its own tells several assertions in it apart.
    let test = String(function.prefix { $0 != "(" }) + (named.map { ".\($0)" } ?? "")
    let artifacts = ProcessInfo.processInfo.environment["SCROLLREEL_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        .map { URL(fileURLWithPath: $0).appendingPathComponent(suite) }
    do {
        let failures = try verifyFrames(scene: scenePath, frames: frames, scale: scale, appearance: appearance, tolerance: tolerance,
                                        references: root.appendingPathComponent(suite), record: record,
                                        name: test, artifacts: artifacts)
        if !failures.isEmpty { XCTFail(failures.joined(separator: "\n"), file: file, line: line) }
    } catch {
        XCTFail("\(scene): \(error)", file: file, line: line)
    }
}

/// What `assertFrames` does, without XCTest: renders, compares, records as `record` says, and
/// returns one message per frame that failed or was recorded (empty when all match).
///
/// References are `<references>/<name>.scale<N>.sha256` (`….scale<N>.dark.sha256` in dark) and the
/// folder beside it, N the scale rendered at, as `render test` names a suite's; without `name`,
/// `<references>/<scene>.sha256`, the scene file's own name.
/// Failure images and `report.html` go to `<artifacts or references>/<name>.scale<N>-failures/`; a
/// run without failures removes the ones a failing run left.
public func verifyFrames(scene scenePath: String, frames: [Int]?, scale: Int?, appearance: Appearance = .light,
                         tolerance: Tolerance, references folder: URL, record: RecordMode, name: String? = nil,
                         artifacts: URL? = nil) throws -> [String] {
    var loaded = try SceneDecoder.load(file: scenePath, appearance: appearance)
    if let scale { loaded.canvas.scale = scale }
    let renderer = try Renderer(scene: loaded)
    let stem = name.map { Suite.Case.name(base: $0, scale: loaded.canvas.scale, appearance: appearance) } ?? PathText.stem(of: scenePath)
    let failures = (artifacts ?? folder).appendingPathComponent("\(stem)-failures")
    var store = try ReferenceStore(folder: folder, scene: stem, tolerance: tolerance)
    // Every frame of the scene recorded at once: the folder as `render --references` writes it,
    // with videos where they are smaller, and a hash file listing these frames only. Single
    // frames are recorded one by one, as WebPs.
    let recordsScene = frames == nil && (record == .all || (record != .never && store.check.manifest.entries.isEmpty))
    if recordsScene { store.forgetAll() }
    let verification = Verification(store: store, scene: stem, record: record, failures: failures, offsets: renderer.offsets,
                                    writesFiles: !recordsScene)
    let start = Date()
    let indices = frames ?? Array(0..<renderer.frameCount)
    let pipeline = FramePipeline(jobs: ProcessInfo.processInfo.activeProcessorCount, frameBytes: renderer.frameBytes)
    if recordsScene {
        try recordScene(renderer, pipeline: pipeline, verification: verification)
    } else {
        try pipeline.run(indices, frame: { try renderer.frame($0) }, sinks: [verification])
        try verification.store.save()
    }
    if verification.log.failures.isEmpty {
        verification.removeStaleFailures()
    } else {
        let outcome = try verification.log.outcome(name: stem, scene: scenePath, frames: indices.count,
                                                   seconds: Date().timeIntervalSince(start), tolerated: 0)
        try HTMLReport.html(title: stem, outcomes: [outcome])
            .write(to: failures.appendingPathComponent(Verification.reportName), atomically: true, encoding: .utf8)
    }
    return verification.messages
}

/// Renders every frame of the scene and records them all: the references folder staged and
/// filled by `ReferenceSink`, then put in place together with the hash file, or neither.
private func recordScene(_ renderer: Renderer, pipeline: FramePipeline, verification: Verification) throws {
    let store = verification.store
    let outputs = OutputSet()
    do {
        try outputs.makeFolder(OutputTarget(option: "references", path: store.folder.path))
        let manifest = try outputs.file(OutputTarget(option: "references", path: store.manifestURL.path), holding: .hashes)
        let frames = try outputs.folder(OutputTarget(option: "references", path: store.framesURL.path), kind: .references,
                                        replacingAll: true)
        let references = try ReferenceSink(folder: frames, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                           fps: renderer.scene.fps)
        try pipeline.run(Array(0..<renderer.frameCount), frame: { try renderer.frame($0) }, sinks: [verification, references])
        try references.finish()
        try manifest.write(Array(verification.store.check.manifest.text.utf8))
        try outputs.commit()
    } catch {
        outputs.discard()
        throw error
    }
}

/// Frames hashed on the pipeline's workers, then compared or recorded in order.
private final class Verification: FrameSink {
    var store: ReferenceStore
    let scene: String
    let record: RecordMode
    /// Where failing frames' images go.
    let failures: URL
    /// The failing frames, for the report.
    let log: FailureLog
    private(set) var messages: [String] = []
    /// Whether recording a frame writes its file, or only its hash (another sink writes the files).
    let writesFiles: Bool
    /// The page beside the failure images that shows them all.
    static let reportName = "report.html"

    init(store: ReferenceStore, scene: String, record: RecordMode, failures: URL, offsets: [Double], writesFiles: Bool) {
        self.store = store; self.scene = scene; self.record = record; self.failures = failures; self.writesFiles = writesFiles
        log = FailureLog(keepsImages: true, offsets: offsets)
    }

    /// The images of an earlier failing run: only the files this library names, then the folder
    /// if nothing else is in it.
    func removeStaleFailures() {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: failures.path) else { return }
        for name in names where FolderKind.artifacts.owns(name) || name == Verification.reportName {
            try? files.removeItem(at: failures.appendingPathComponent(name))
        }
        if (try? files.contentsOfDirectory(atPath: failures.path))?.isEmpty == true { try? files.removeItem(at: failures) }
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> (hash: String, frame: Bitmap) { (try FrameHash.sha256(frame), frame) }

    func consume(_ index: Int, _ prepared: (hash: String, frame: Bitmap)) throws {
        let (hash, bitmap) = prepared
        let frameName = HashManifest.frameName(scene: scene, index: index)
        let known = store.check.manifest[frameName] != nil
        if record == .all || (!known && record != .never) {
            try store.record(frameName, hash: hash, bitmap: writesFiles ? bitmap : nil)
            messages.append("\(frameName): recorded")
            return
        }
        let (verdict, diff) = store.check.verdict(name: frameName, hash: hash, bitmap: bitmap)
        guard case .differs(let reason) = verdict else { return }
        if record == .failed {
            try store.record(frameName, hash: hash, bitmap: bitmap)
            messages.append("\(frameName): \(reason); re-recorded")
        } else {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let images = try store.check.images(name: frameName, index: index, actual: bitmap, diff: diff) { file, png in
                let url = failures.appendingPathComponent(file)
                try Data(png).write(to: url)
                return url.path
            }
            try log.add(index: index, reason: reason, diff: diff, actual: bitmap, images: images)
            messages.append("\(frameName): \(reason); see \(failures.path)/\(Verification.reportName)")
        }
    }
}

/// A references file that cannot serve, named with why.
struct ReferenceError: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file) \(reason)" }
}

/// The references of one scene, updated in memory while recording and saved at the end.
struct ReferenceStore {
    let folder: URL
    private let scene: String
    private(set) var check: FrameCheck
    private var changed = false

    init(folder: URL, scene: String, tolerance: Tolerance) throws {
        self.folder = folder
        self.scene = scene
        check = FrameCheck(manifest: HashManifest(), referenceFolder: folder, tolerance: tolerance)
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return }
        let text: String
        // One that cannot be read must not pass for missing: recording would replace the folder.
        do { text = try String(contentsOf: manifestURL, encoding: .utf8) } catch {
            throw ReferenceError(file: manifestURL.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        check = check.replacingManifest(with: try HashManifest(parsing: text))
    }

    /// The hash file: `<scene>.sha256`.
    var manifestURL: URL { folder.appendingPathComponent("\(scene).sha256") }

    /// The folder of the frames' files: `<scene>/`.
    var framesURL: URL { folder.appendingPathComponent(scene) }

    /// Lists no frame any more, for a recording of every frame.
    mutating func forgetAll() {
        check = check.replacingManifest(with: HashManifest())
    }

    /// Lists frame `name` with `hash`, and writes its lossless WebP when given its `bitmap`.
    ///
    /// A folder stores each picture once, in the file of the first frame that shows it: when that
    /// file is about to show another picture, the next frame still listed with the old one, and
    /// without a file, takes a copy first, so the frames that repeat it keep their reference.
    mutating func record(_ name: String, hash: String, bitmap: Bitmap?) throws {
        if bitmap != nil, let old = check.manifest[name], old != hash, let file = check.ownFile(name), check.referenceURL(name) == file,
           let heir = check.manifest.entries.first(where: { $0.hash == old && $0.name != name && check.ownFile($0.name) == nil }) {
            let copy = (file.pathExtension == "png" ? check.pngURL : check.webpURL)(heir.name)
            try FileManager.default.copyItem(at: file, to: copy)
        }
        var manifest = check.manifest
        manifest.record(hash: hash, name: name)
        check = check.replacingManifest(with: manifest)
        changed = true
        guard let bitmap else { return }
        let file = check.webpURL(name)
        let frames = file.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: frames.path) {
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            // Marked as render marks the folders it fills, so that `render test --update` may record here too.
            try Data(FolderKind.markerText.utf8).write(to: frames.appendingPathComponent(FolderKind.markerName))
        }
        try Data(WebPCodec.encodeLossless(bitmap)).write(to: file)
        // A PNG recorded before would be stale beside it.
        try? FileManager.default.removeItem(at: check.pngURL(name))
    }

    /// Writes the hash file, and removes the videos that no frame reads any more (a scene
    /// re-recorded frame by frame; see `FrameCheck.unreadVideos`).
    func save() throws {
        guard changed else { return }
        try check.manifest.text.write(to: manifestURL, atomically: true, encoding: .utf8)
        for video in check.unreadVideos(in: framesURL) { try FileManager.default.removeItem(at: video) }
    }
}
