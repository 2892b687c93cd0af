import FileOutput
import Foundation
import Outputs
import Regression

/// Every output one render writes, checked and staged before the scene is even loaded, so that a
/// wrong path fails at once instead of after every frame is rendered.
struct OutputPlan {
    let set = OutputSet()
    /// `--out` as an animated image or a video, with its format.
    var animation: (format: AnimationFormat, file: StagedFile)?
    var png: StagedFile?
    var frames: StagedFolder?
    var hashes: StagedFile?
    /// `--references`: `<scene>/` beside the hash file, where `--check` looks for them.
    var references: StagedFolder?
    var contactSheet: StagedFile?
    var inspect: StagedFile?
    /// Where `--check` puts the images of failing frames.
    var artifacts: StagedFolder?
    /// `--report`: the failing frames on one HTML page.
    var report: StagedFile?

    init(options: RenderOptions) throws {
        // What render reads may not be overwritten by what it writes.
        try set.reads(OutputTarget(option: "--scene", path: options.scene))
        if let manifest = options.check { try set.reads(OutputTarget(option: "--check", path: manifest)) }
        if let path = options.out {
            let target = OutputTarget(option: "--out", path: path)
            switch try Output(path: path) {
            case .animation(let format): animation = (format, try set.file(target, holding: format.kind))
            case .png: png = try set.file(target, holding: .png)
            case .directory: frames = try set.folder(target, kind: .frames, replacingAll: options.frames == nil)
            }
        }
        hashes = try options.hashes.map { try set.file(OutputTarget(option: "--hashes", path: $0), holding: .hashes) }
        if options.references, let manifest = options.hashes {
            references = try set.folder(OutputTarget(option: "--references",
                                                     path: ReferenceLayout(manifest: manifest, name: options.sceneName).frames),
                                        kind: .references, replacingAll: options.frames == nil)
        }
        report = try options.report.map { try set.file(OutputTarget(option: "--report", path: $0), holding: .report) }
        contactSheet = try options.contactSheet.map { try set.file(OutputTarget(option: "--contact-sheet", path: $0), holding: .png) }
        inspect = try options.inspect.map { try set.file(OutputTarget(option: "--inspect", path: $0), holding: .inspection) }
        if let manifest = options.check {
            // Named --artifacts in messages even by default: that option moves the folder.
            let target = OutputTarget(option: "--artifacts",
                                      path: options.artifacts ?? ReferenceLayout(manifest: manifest, name: options.sceneName).failures)
            // A folder the user did not name may sit where nothing can be written (a read-only
            // checkout): that matters only if a frame fails.
            artifacts = try set.folder(target, kind: .artifacts, replacingAll: true, writableNow: options.artifacts != nil)
        }
    }

    /// Whether any output takes every frame of the range (a single PNG takes one).
    var rendersSequence: Bool {
        animation != nil || frames != nil || hashes != nil || references != nil || contactSheet != nil
            || artifacts != nil
    }
}
