import FileOutput
import Foundation
import Paths
import Pipeline
import Regression
import Render
import Scene

/// `render test --update` for one case: its hash file and reference frames written again, as
/// `--hashes FILE --references` writes them, staged with the run's other outputs.
struct CaseRecorder {
    let item: Suite.Case
    let manifest: StagedFile
    let frames: StagedFolder

    /// Checks both targets; creates the references folder if there is none yet, as part of `set`
    /// (removed again if the run is discarded).
    init(case item: Suite.Case, set: OutputSet) throws {
        self.item = item
        try set.makeFolder(OutputTarget(option: "references", path: item.references))
        manifest = try set.file(OutputTarget(option: "references", path: item.layout.manifest), holding: .hashes)
        frames = try set.folder(OutputTarget(option: "references", path: item.layout.frames),
                                kind: .references, replacingAll: true)
    }

    /// Renders the case and stages its references; `done` gets the frames finished so far.
    func record(_ loaded: (renderer: Renderer, frames: [Int]), jobs: Int, done: (Int) -> Void) throws {
        let renderer = loaded.renderer
        let hasher = FrameHasher()
        let hashes = HashSink(scene: item.name, check: nil, file: manifest, hasher: hasher)
        let references = try ReferenceSink(folder: frames, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                           fps: renderer.scene.fps, hasher: hasher) { try FrameGeometry(renderer: renderer, frame: $0) }
        let pipeline = FramePipeline(jobs: jobs, frameBytes: renderer.frameBytes)
        try pipeline.run(loaded.frames, frame: { try renderer.frame($0) }, sinks: [hashes, references], done: done)
        try references.finish()
        try hashes.finish()
    }

    /// Keeps the case's references as they were: for a case that failed while recording, whose
    /// folder would otherwise lose every frame it held.
    func withdraw(from set: OutputSet) {
        set.withdraw(manifest)
        set.withdraw(frames)
    }
}
