import Codecs
import FileOutput
import Foundation
import Outputs
import Render
import Scene

/// Renders a scene into an animated image or a video, in whichever format `path`'s extension
/// names (`AnimationFormat.all`: `.gif`, `.webp`, `.mp4`, `.apng`), as `render --scene … --out`
/// writes it: for a preview to attach to a test's results or to put in a README.
///
/// The file is written as render's outputs are: checked before any frame is rendered, staged
/// beside its target and put in place only when whole; a file of another kind at `path` is
/// refused, never replaced.
///
/// - Parameters:
///   - scene: path of the scene JSON.
///   - path: the file to write.
///   - scale: overrides the scene's `canvas.scale`.
///   - quality: as `--quality`, for the formats that have one; nil for the format's default.
public func writeAnimation(scene: String, to path: String, scale: Int? = nil, appearance: Appearance = .light,
                           contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                           quality: Int? = nil) throws {
    guard let format = AnimationFormat.named(by: path) else {
        let names = AnimationFormat.all.map { "." + $0.fileExtension }.joined(separator: ", ")
        throw ReferenceError(file: path, reason: "is not an animation's name: expected one ending in \(names)")
    }
    let outputs = OutputSet()
    let file = try outputs.file(OutputTarget(option: "to:", path: path), holding: format.kind)
    var loaded = try SceneDecoder.load(file: scene, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection)
    if let scale { loaded.canvas.scale = scale }
    let renderer = try Renderer(scene: loaded, images: PNGDecoder())
    let jobs = ProcessInfo.processInfo.activeProcessorCount
    let frames = AnimationFrames(width: renderer.pixelWidth, height: renderer.pixelHeight, range: 0..<renderer.frameCount,
                                 fps: loaded.fps, jobs: jobs) { try renderer.frame($0) }
    do {
        try format.write(frames, quality: quality, into: try StagedBytes(file, byName: !format.streams))
        try outputs.commit()
    } catch {
        outputs.discard()
        throw error
    }
}
