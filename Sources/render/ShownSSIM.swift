import Codecs
import Outputs

/// How close a file is to the scene as it shows it, the way `scripts/compare-outputs` measures
/// it: the mean SSIM between frames of the scene at its own frame rate and the picture the file
/// shows at the middle of each frame's time, so that a lower frame rate counts against it.
enum ShownSSIM {
    /// The mean over every `stride`-th frame of `scene` (its frames at the scene's frame rate),
    /// and how many frames that was.
    static func measure(_ reader: any AnimationReader, scene: AnimationFrames, stride: Int) throws -> (ssim: Double, frames: Int) {
        guard reader.width == scene.width, reader.height == scene.height else {
            throw DecodeError.animation("it is \(reader.width)×\(reader.height), the scene \(scene.width)×\(scene.height)")
        }
        guard var shown = try reader.next() else { throw DecodeError.animation("it has no frames") }
        var coming = try reader.next()
        var total = 0.0, count = 0
        for index in Swift.stride(from: scene.range.lowerBound, to: scene.range.upperBound, by: stride) {
            let middle = (Double(index - scene.range.lowerBound) + 0.5) / Double(scene.fps)
            while let next = coming, next.start <= middle {
                shown = next
                coming = try reader.next()
            }
            let frame = try scene.frame(index)
            total += SSIM.mean(shown.rgb, OnWhite.packedRGB(frame.pixels, width: frame.width, height: frame.height, even: false),
                               width: scene.width, height: scene.height)
            count += 1
        }
        return (total / Double(count), count)
    }
}
