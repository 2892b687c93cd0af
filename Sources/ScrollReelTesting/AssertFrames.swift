import Codecs
import FileOutput
import Foundation
import Paths
import Pipeline
import Raster
import Regression
import Render
import Scene

/// Renders frames of a scene and compares them with references recorded beside the test, named
/// after the test as swift-snapshot-testing names snapshots: for `testPull()` in
/// `ProfileTests.swift` at scale 2, `<references>/ProfileTests/testPull.scale2.sha256`
/// (sha256sum lines) and the folder `<references>/ProfileTests/testPull.scale2/`: recording every
/// frame writes it as `render --hashes FILE --references` does (`ReferenceSink`: lossless WebPs,
/// or a lossless video of the opaque frames where smaller), and a frame recorded on its own is a
/// lossless WebP in it (`frame_0020.webp`). Two tests, or one test at two scales or with two
/// `named:` values, never share a file; two assertions of one run that would share one with a
/// different scene (two arguments of a parameterised test, without `named:`) fail.
///
/// A failure is reported to the framework running the test: an issue at the call under Swift
/// Testing, with the first failing frames' images attached, and `XCTFail` under XCTest. A run
/// that records references fails too, so that it is never mistaken for one that compared. Call it
/// on the test's own task (not from a detached task or another thread), where Swift Testing
/// knows which test runs; a helper that wraps it forwards `fileID`, `file`, `line` and `column`.
///
/// - Parameters:
///   - scene: path of the scene JSON, absolute or relative to the test file's folder.
///   - frames: the frame indices to check; nil checks every frame.
///   - scale: overrides the scene's `canvas.scale` (1 keeps references small).
///   - appearance: which value of the scene's light/dark colours it is drawn with; dark
///     references are named `….dark`.
///   - contentSize: the Dynamic Type size its text styles are drawn at; references of any size
///     but `.large` are named after it (`….accessibilityLarge`).
///   - layoutDirection: `.rightToLeft` mirrors the layout; its references end in `.rtl`.
///   - device: a device's name (`"iPhone SE"`) to draw for instead of the scene's own; its
///     references carry the name after the scale (`….scale1.iPhone-SE`).
///   - named: tells apart several assertions in one test (`testPull.header.scale1`), and the
///     arguments of a parameterised test other than scale and appearance.
///   - tolerance: exact by default; see `Tolerance`.
///   - mask: ids of views whose pixels are not compared (a clock, an avatar), wherever each frame
///     draws them; an id the scene does not have fails.
///   - references: the folder, relative to the test file's folder; default `__Frames__`.
///   - record: see `RecordMode`; by default from `SCROLLREEL_RECORD`.
///
/// A failing frame gets `<frame>-actual.png`, `-expected.png` and `-diff.png` (changed pixels red,
/// anti-aliasing yellow) in `<name>-failures/` beside the references, or under the folder that
/// `SCROLLREEL_ARTIFACTS` names (as swift-snapshot-testing's `SNAPSHOT_ARTIFACTS`), with
/// `report.html`, one page showing them all; the failure message names it. A run with no failure
/// removes the files a failing run left there.
public func assertFrames(scene: String, frames: [Int]? = nil, scale: Int? = nil, appearance: Appearance = .light,
                         contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                         device: String? = nil, named: String? = nil,
                         tolerance: Tolerance = Tolerance(), mask: [String] = [], references: String = "__Frames__",
                         record: RecordMode? = RecordMode.fromEnvironment,
                         fileID: StaticString = #fileID, file: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) {
    let site = AssertionSite(fileID: fileID, filePath: file, line: line, column: column)
    guard let record else {
        let valid = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        return TestFailure(message: "SCROLLREEL_RECORD must be one of \(valid)").record(at: site)
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
        let verification = try verify(scene: scenePath, frames: frames, scale: scale, appearance: appearance,
                                      contentSize: contentSize, layoutDirection: layoutDirection, device: device, tolerance: tolerance,
                                      mask: mask, references: root.appendingPathComponent(suite), record: record, name: test,
                                      artifacts: artifacts)
        verification.failure(suite: suite)?.record(at: site)
    } catch {
        TestFailure(message: "\(scene): \(error)").record(at: site)
    }
}

/// What `assertFrames` does, without a test framework: renders, compares, records as `record`
/// says, and returns one message per frame that failed or was recorded (empty when all match).
///
/// References are `<references>/<name>.scale<N>.sha256` (`….scale<N>.dark.sha256` in dark) and the
/// folder beside it, N the scale rendered at, as `render test` names a suite's; without `name`,
/// `<references>/<scene>.sha256`, the scene file's own name.
/// Failure images and `report.html` go to `<artifacts or references>/<name>.scale<N>-failures/`; a
/// run without failures removes the ones a failing run left.
public func verifyFrames(scene scenePath: String, frames: [Int]?, scale: Int?, appearance: Appearance = .light,
                         contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                         device: String? = nil, tolerance: Tolerance, mask: [String] = [], references folder: URL, record: RecordMode, name: String? = nil,
                         artifacts: URL? = nil) throws -> [String] {
    try verify(scene: scenePath, frames: frames, scale: scale, appearance: appearance, contentSize: contentSize,
               layoutDirection: layoutDirection, device: device,
               tolerance: tolerance, mask: mask,
               references: folder, record: record, name: name, artifacts: artifacts).messages
}

/// `verifyFrames`, returning everything it found.
func verify(scene scenePath: String, frames: [Int]?, scale: Int?, appearance: Appearance, contentSize: ContentSizeCategory,
            layoutDirection: LayoutDirection, device deviceName: String?, tolerance: Tolerance, mask: [String],
            references folder: URL, record: RecordMode, name: String?, artifacts: URL?) throws -> Verification {
    let device = try deviceName.map { name in
        guard let device = Device.named(name) else {
            throw ReferenceError(file: "device:", reason: "no device is named \"\(name)\"; the devices are \(Device.all.map(\.name).joined(separator: ", "))")
        }
        return device
    }
    var loaded = try SceneDecoder.load(file: scenePath, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
                                       device: device)
    if let scale { loaded.canvas.scale = scale }
    let variant = (device.map { ".\($0.slug)" } ?? "") + Suite.Case.textSuffix(contentSize: contentSize, layoutDirection: layoutDirection)
    let stem = name.map { Suite.Case.name(base: $0, scale: loaded.canvas.scale, appearance: appearance, contentSize: contentSize,
                                          layoutDirection: layoutDirection, device: device) }
        ?? PathText.stem(of: scenePath) + variant
    let scene = URL(fileURLWithPath: scenePath).standardizedFileURL.path
    return try ReferenceClaims.shared.using(folder.appendingPathComponent(stem).path, scene: scene) {
        let renderer = try Renderer(scene: loaded, images: PNGDecoder())
        let layout = ReferenceLayout(folder: folder.path, name: stem)
        let indices = frames ?? Array(0..<renderer.frameCount)
        let failures = FailureFolder(path: artifacts.map { ReferenceLayout(folder: $0.path, name: stem) }?.failures ?? layout.failures,
                                     checked: Set(indices))
        let masked = try ViewMask.checked(mask, renderer: renderer, given: "mask:")
        var store = try ReferenceStore(layout: layout, tolerance: tolerance, mask: masked)
        // Every frame of the scene recorded at once: the folder as `render --references` writes it,
        // with videos where they are smaller, and a hash file listing these frames only. Single
        // frames are recorded one by one, as WebPs.
        let recordsScene = frames == nil && (record == .all || (record != .never && store.check.manifest.entries.isEmpty))
        if recordsScene { store.forgetAll() }
        let verification = Verification(store: store, scene: stem, record: record, failures: failures, offsets: renderer.offsets,
                                        writesFiles: !recordsScene) { try FrameGeometry(renderer: renderer, frame: $0) }
        let start = Date()
        verification.compared = indices.count
        let pipeline = FramePipeline(jobs: ProcessInfo.processInfo.activeProcessorCount, frameBytes: renderer.frameBytes)
        if recordsScene {
            try recordScene(renderer, pipeline: pipeline, verification: verification)
        } else {
            try pipeline.run(indices, frame: { try renderer.frame($0) }, sinks: [verification])
            try verification.store.save()
        }
        var report: [UInt8]?
        if !verification.log.failures.isEmpty {
            let outcome = try verification.log.outcome(name: stem, scene: scenePath, frames: indices.count,
                                                       seconds: Date().timeIntervalSince(start), tolerated: 0)
            report = Array(HTMLReport.html(title: stem, outcomes: [outcome]).utf8)
        }
        try failures.finish(report: report)
        return verification
    }
}

/// Renders every frame of the scene and records them all: the references folder staged and
/// filled by `ReferenceSink`, then put in place together with the hash file, or neither.
private func recordScene(_ renderer: Renderer, pipeline: FramePipeline, verification: Verification) throws {
    let store = verification.store
    let outputs = OutputSet()
    do {
        try outputs.makeFolder(OutputTarget(option: "references", path: store.layout.folder))
        let manifest = try outputs.file(OutputTarget(option: "references", path: store.manifestURL.path), holding: .hashes)
        let frames = try outputs.folder(OutputTarget(option: "references", path: store.framesURL.path), kind: .references,
                                        replacingAll: true)
        let references = try ReferenceSink(folder: frames, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                           fps: renderer.scene.fps, hasher: verification.hasher, geometry: verification.geometry)
        try pipeline.run(Array(0..<renderer.frameCount), frame: { try renderer.frame($0) }, sinks: [verification, references])
        try references.finish()
        try manifest.write(Array(verification.store.check.manifest.text.utf8))
        try outputs.commit()
    } catch {
        outputs.discard()
        throw error
    }
}
