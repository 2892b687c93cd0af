import Pipeline
import Raster

/// Frames into an encoder that takes them one by one in order, as libwebp's, FFmpeg's H.264 and
/// APNG writers do: each frame turned into the bytes the encoder takes on the workers (`convert`),
/// then added in frame order (`add`, with the frame's number); after the last, `end` ends the file
/// and the target is closed.
public final class EncoderSink: FrameSink {
    private let target: any ByteTarget
    private let stats: Stats
    private let convert: (Bitmap) -> [UInt8]
    private let add: (Int, [UInt8]) throws -> Void
    private let end: () throws -> Void

    init(target: any ByteTarget, stats: Stats, convert: @escaping (Bitmap) -> [UInt8],
         add: @escaping (Int, [UInt8]) throws -> Void, end: @escaping () throws -> Void) {
        self.target = target; self.stats = stats; self.convert = convert; self.add = add; self.end = end
    }

    public func prepare(_ index: Int, _ frame: Bitmap) throws -> [UInt8] { stats.encode { convert(frame) } }

    public func consume(_ index: Int, _ prepared: [UInt8]) throws { try stats.encode { try add(index, prepared) } }

    public func finish() throws {
        try stats.encode { try end() }
        try target.close()
    }
}
