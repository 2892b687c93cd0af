import Codecs
import Raster
import Render

/// Frames into an animated GIF: quantized on the workers, appended in order.
final class GIFSink: FrameSink {
    private let writer: GIFWriter
    /// Each shown frame's delay in centiseconds; frames not in it are not shown (above 50 fps).
    private let delays: [Int: Int]
    private let stats: Stats
    /// Quantizing is a pure function of the pixels: a frame that repeats the last one quantized
    /// is that frame again.
    private let quantized = LastMade<Bitmap, GIFFrame>()

    init(writer: GIFWriter, timing: GIFTiming, stats: Stats) {
        self.writer = writer
        delays = Dictionary(uniqueKeysWithValues: timing.entries.map { ($0.frame, $0.delay) })
        self.stats = stats
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> GIFFrame? {
        guard delays[index] != nil else { return nil }
        return stats.encode { quantized.value(for: frame) { GIFWriter.prepare($0, quality: writer.quality, shared: writer.shared) } }
    }

    func consume(_ index: Int, _ prepared: GIFFrame?) throws {
        guard let prepared, let delay = delays[index] else { return }
        try stats.encode { try writer.addFrame(prepared, delay: delay) }
    }

    /// Writes the trailer, after the last frame.
    func finish() throws { try stats.encode { try writer.finish() } }
}
