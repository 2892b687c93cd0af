import Codecs
import Raster
import Render

/// Frames into an H.264 MP4: flattened and padded on the workers, encoded in order.
final class MP4Sink: FrameSink {
    private let writer: H264Writer
    private let stats: Stats

    init(writer: H264Writer, stats: Stats) {
        self.writer = writer
        self.stats = stats
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> [UInt8] {
        stats.encode { H264Writer.rgb(frame.pixels, width: frame.width, height: frame.height) }
    }

    func consume(_ index: Int, _ prepared: [UInt8]) throws { try stats.encode { try writer.addFrame(rgb: prepared) } }

    /// Writes the rest and the index, and closes the file.
    func finish() throws { try stats.encode { try writer.finish() } }
}
