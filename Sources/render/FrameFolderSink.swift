import Codecs
import FileOutput
import Pipeline
import Raster
import Render

/// Frames as `frame_NNNN.png` files in a staged folder: encoded on the workers, written in order.
final class FrameFolderSink: FrameSink {
    private let folder: StagedFolder
    private let stats: Stats
    /// A frame that repeats the last one encoded has the same file.
    private let encoded = LastMade<Bitmap, [UInt8]>()

    init(folder: StagedFolder, stats: Stats) { self.folder = folder; self.stats = stats }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> [UInt8] { try stats.encode { try encoded.value(for: frame) { try PNGCodec.encode($0) } } }

    func consume(_ index: Int, _ prepared: [UInt8]) throws { try folder.write(FrameName.png(index), prepared) }
}
