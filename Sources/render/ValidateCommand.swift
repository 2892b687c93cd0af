import Codecs
import Foundation
import Render
import Scene

/// `render validate FILE...`: everything a render would check before drawing (the JSON, the
/// assets' PNG headers, the fonts, the limits), for each scene, without rendering a frame; and the
/// frames a render with the same `--scale`, `--fps` and `--appearance` makes.
struct ValidateCommand {
    let options: ValidateOptions

    /// Reports every scene; throws the first error after all have been tried.
    func run() throws {
        var firstError: Error?
        for file in options.scenes {
            do {
                let (scene, beside) = try options.variant.loadScene(file)
                let renderer = try Renderer(scene: scene, images: PNGDecoder(), limits: options.limits, beside: beside)
                let seconds = String(format: "%.2f", renderer.timeline.duration)
                // The count depends on the scale (the bounce-back settles within half a pixel), so the line says which.
                print("ok: \(file): \(renderer.frameCount) frames at scale \(scene.canvas.scale), \(seconds) s, "
                      + "\(renderer.pixelWidth)×\(renderer.pixelHeight) px")
            } catch {
                if firstError == nil { firstError = error } else { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
            }
        }
        if let firstError { throw firstError }
    }
}
