import Codecs
import Raster
import Render

/// Frames into an animated GIF: quantized, planned in frame order and LZW-coded on the workers;
/// written in order.
final class GIFSink: FrameSink {
    private let writer: GIFWriter
    /// Each shown frame's delay in centiseconds; frames not in it are not shown (above 50 fps).
    private let delays: [Int: Int]
    /// Each shown frame's place among the shown frames: its turn to be planned.
    private let turns: [Int: Int]
    private let planning = Turnstile()
    private let stats: Stats
    /// Quantizing is a pure function of the pixels: a frame that repeats the last one quantized
    /// is that frame again.
    private let quantized = LastMade<Bitmap, GIFFrame>()

    init(writer: GIFWriter, timing: GIFTiming, stats: Stats) {
        self.writer = writer
        delays = Dictionary(uniqueKeysWithValues: timing.entries.map { ($0.frame, $0.delay) })
        turns = Dictionary(uniqueKeysWithValues: timing.entries.enumerated().map { ($0.element.frame, $0.offset) })
        self.stats = stats
    }

    /// The frame as the file stores it. Planning waits for the frames before it to be planned;
    /// that wait is not encoding time, so it is left out of the stats.
    func prepare(_ index: Int, _ frame: Bitmap) throws -> GIFCodedFrame? {
        guard let turn = turns[index] else { return nil }
        let prepared = stats.encode {
            quantized.value(for: frame) { GIFWriter.prepare($0, quality: writer.quality, shared: writer.shared) }
        }
        let plan = try planning.pass(turn) { stats.encode { writer.planner.plan(prepared) } }
        return stats.encode { plan.coded() }
    }

    func consume(_ index: Int, _ prepared: GIFCodedFrame?) throws {
        guard let prepared, let delay = delays[index] else { return }
        try stats.encode { try writer.write(prepared, delay: delay) }
    }

    func abandon(_ index: Int) {
        if let turn = turns[index] { planning.abandon(from: turn) }
    }

    /// Writes the trailer, after the last frame.
    func finish() throws { try stats.encode { try writer.finish() } }
}
