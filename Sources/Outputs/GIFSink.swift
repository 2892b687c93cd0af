import Codecs
import Pipeline
import Raster

/// Frames into an animated GIF: quantized on any thread, planned in frame order, LZW-coded on any
/// thread again, and written in order.
public final class GIFSink: FrameSink {
    private let writer: GIFWriter
    /// Each shown frame's delay in centiseconds; frames not in it are not shown (above 50 fps).
    private let delays: [Int: Int]
    private let target: any ByteTarget
    private let stats: Stats
    /// Quantizing is a pure function of the pixels: a frame that repeats the last one quantized
    /// is that frame again.
    private let quantized = LastMade<Bitmap, GIFFrame>()

    /// A frame on its way into the file.
    public enum Stage {
        /// Not shown.
        case skipped
        case quantized(GIFFrame)
        case planned(GIFPlan)
        case coded(GIFCodedFrame)
    }

    init(writer: GIFWriter, timing: GIFTiming, target: any ByteTarget, stats: Stats) {
        self.writer = writer
        self.target = target
        delays = Dictionary(uniqueKeysWithValues: timing.entries.map { ($0.frame, $0.delay) })
        self.stats = stats
    }

    public func prepare(_ index: Int, _ frame: Bitmap) throws -> Stage {
        guard delays[index] != nil else { return .skipped }
        return .quantized(stats.encode {
            quantized.value(for: frame) { GIFWriter.prepare($0, quality: writer.quality, shared: writer.shared) }
        })
    }

    public var isSequenced: Bool { true }

    /// Each shown frame is planned over the one shown before it.
    public func sequence(_ index: Int, _ prepared: Stage) throws -> Stage {
        guard case .quantized(let frame) = prepared else { return prepared }
        return .planned(stats.encode { writer.planner.plan(frame) })
    }

    public func complete(_ index: Int, _ prepared: Stage) throws -> Stage {
        guard case .planned(let plan) = prepared else { return prepared }
        return .coded(stats.encode { plan.coded() })
    }

    public func consume(_ index: Int, _ prepared: Stage) throws {
        guard case .coded(let coded) = prepared, let delay = delays[index] else { return }
        try stats.encode { try writer.write(coded, delay: delay) }
    }

    /// Writes the trailer, after the last frame, and closes the file.
    public func finish() throws {
        try stats.encode { try writer.finish() }
        try target.close()
    }
}
