import Codecs
import Raster
import Render

/// Frames into an animated WebP: un-premultiplied on the workers, encoded in order.
final class WebPSink: FrameSink {
    private let writer: WebPWriter
    private let timing: MillisecondTiming
    private let stats: Stats

    init(writer: WebPWriter, timing: MillisecondTiming, stats: Stats) {
        self.writer = writer
        self.timing = timing
        self.stats = stats
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> [UInt8] { stats.encode { frame.straightBytes() } }

    func consume(_ index: Int, _ prepared: [UInt8]) throws {
        try stats.encode { try writer.addFrame(straight: prepared, start: timing.start(index)) }
    }

    /// Ends the last frame and writes the file.
    func finish() throws { try stats.encode { try writer.finish(end: timing.end) } }
}
