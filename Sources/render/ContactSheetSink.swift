import Codecs
import FileOutput
import Pipeline
import Raster
import Render

/// Every `every`-th frame of a range, shrunk to a tile on the workers, kept in order for the sheet.
final class ContactSheetSink: FrameSink {
    private let sheet: ContactSheet
    private let file: StagedFile
    private let first: Int
    private let every: Int
    private let offsets: [Double]
    private var tiles: [(index: Int, offset: Double, tile: Bitmap)] = []

    init(sheet: ContactSheet, file: StagedFile, first: Int, every: Int, offsets: [Double]) {
        self.sheet = sheet; self.file = file; self.first = first; self.every = every; self.offsets = offsets
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> Bitmap? {
        (index - first) % every == 0 ? sheet.tile(frame) : nil
    }

    func consume(_ index: Int, _ prepared: Bitmap?) throws {
        if let prepared { tiles.append((index, offsets[index], prepared)) }
    }

    /// Lays the tiles out and writes the sheet.
    func finish() throws { try file.write(try PNGCodec.encode(try sheet.sheet(tiles))) }
}
