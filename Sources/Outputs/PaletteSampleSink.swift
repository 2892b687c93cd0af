import Codecs
import Pipeline
import Raster

/// Gathers the colours of sample frames into a `SharedPalette`, before a GIF is written.
final class PaletteSampleSink: FrameSink {
    /// Frames sampled, spread evenly from the first to the last: enough to meet the colours that
    /// come and go in a scene, and a small part of the work of a GIF.
    static let samples = 32

    private(set) var shared = SharedPalette()

    func prepare(_ index: Int, _ frame: Bitmap) throws -> SampleColours { SharedPalette.colours(of: frame) }

    /// Stops the samples once they have too many colours (a photo's first frame does): the
    /// frames left would be rendered for nothing.
    func consume(_ index: Int, _ prepared: SampleColours) throws {
        shared.add(prepared)
        if shared.overflowed { throw TooManyColours() }
    }

    private struct TooManyColours: Error {}

    /// The shared palette of `frames`, made by `frame` on `jobs` threads (frames of `frameBytes`
    /// each, see `FramePipeline`); nil when they have too many colours to share one.
    static func palette(of frames: [Int], jobs: Int, frameBytes: Int,
                        frame: @escaping @Sendable (Int) throws -> Bitmap) throws -> [UInt32]? {
        guard !frames.isEmpty else { return nil }
        let count = min(samples, frames.count)
        let chosen = (0..<count).map { frames[count == 1 ? 0 : $0 * (frames.count - 1) / (count - 1)] }
        let sink = PaletteSampleSink()
        do {
            try FramePipeline(jobs: jobs, frameBytes: frameBytes).run(chosen, frame: frame, sinks: [sink])
        } catch is TooManyColours {
            return nil
        }
        return sink.shared.palette
    }
}
