import FileOutput
import Pipeline
import Regression
import Render

/// `render test --review`'s Accept of one frame: that frame's reference recorded again, as
/// `--references` records a range into an existing folder (its WebP and geometry beside the rest),
/// and its line of the case's hash file replaced; every other frame's reference stays.
struct FrameRecorder {
    let item: Suite.Case

    /// Renders frame `index` of the case and puts its reference in place, or nothing on failure.
    func record(_ index: Int, renderer: Renderer, jobs: Int) throws {
        let set = OutputSet()
        try Interruption.writing(set) {
            let manifestFile = try set.file(OutputTarget(option: "references", path: item.layout.manifest), holding: .hashes)
            let frames = try set.folder(OutputTarget(option: "references", path: item.layout.frames), kind: .references,
                                        replacingAll: false)
            var manifest = try CheckRun.manifest(at: item.layout.manifest, option: "test")
            let hasher = FrameHasher()
            let references = try ReferenceSink(folder: frames, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                               fps: renderer.scene.fps, hasher: hasher) { try FrameGeometry(renderer: renderer, frame: $0) }
            let bitmap = try renderer.frame(index)
            try FramePipeline(jobs: jobs).run([index], frame: { _ in bitmap }, sinks: [references])
            try references.finish()
            let name = HashManifest.frameName(scene: item.name, index: index)
            let entry = HashManifest.Entry(hash: try hasher.hash(bitmap), name: name)
            if let at = manifest.entries.firstIndex(where: { $0.name == name }) { manifest.entries[at] = entry } else {
                manifest.entries.append(entry)
            }
            try manifestFile.write(Array(manifest.text.utf8))
        }
    }
}
