import Raster
import Scene
import Text

/// Frames tiled into one image, each labelled with its frame number and scroll offset, so a
/// reviewer sees a whole effect at a glance.
///
/// Tiles are the frames shrunk to `tileWidth` pixels wide (area-averaged, so fine detail does not
/// alias), in rows of up to `columns`, on a light grey sheet with a caption under each.
public struct ContactSheet {
    public static let margin = 12
    public static let captionHeight = 22
    /// The narrowest cell: room for the longest caption, "frame 9999 · -9999.9 pt", beside the next.
    public static let minimumCellWidth = 150

    public let tileWidth: Int
    public let tileHeight: Int
    public let columns: Int
    private let font: Font

    /// - Parameters: frameWidth, frameHeight: the rendered frames' size in pixels.
    public init(frameWidth: Int, frameHeight: Int, count: Int, tileWidth: Int = 180) throws {
        self.tileWidth = min(tileWidth, frameWidth)
        tileHeight = max(1, Int((Double(frameHeight) * Double(self.tileWidth) / Double(frameWidth)).rounded()))
        columns = max(1, min(count, 8))
        font = try Font(path: Font.defaultRegularPath)
    }

    /// A frame shrunk to a tile; safe to call from several threads.
    public func tile(_ frame: Bitmap) -> Bitmap {
        var tile = Bitmap(width: tileWidth, height: tileHeight, fill: StraightColor(r: 255, g: 255, b: 255).premultiplied)
        tile.draw(frame, into: FixedRect(pixelWidth: tileWidth, pixelHeight: tileHeight),
                  clip: Clip(pixelWidth: tileWidth, pixelHeight: tileHeight))
        return tile
    }

    /// The sheet for tiles in order, each with (frame index, offset in points).
    public func sheet(_ tiles: [(index: Int, offset: Double, tile: Bitmap)]) throws -> Bitmap {
        let rows = max(1, (tiles.count + columns - 1) / columns)
        let cellWidth = max(tileWidth, ContactSheet.minimumCellWidth) + ContactSheet.margin, cellHeight = tileHeight + ContactSheet.captionHeight + ContactSheet.margin
        let width = ContactSheet.margin + columns * cellWidth, height = ContactSheet.margin + rows * cellHeight
        var sheet = Bitmap(width: width, height: height, fill: StraightColor(r: 229, g: 229, b: 234).premultiplied)
        let everything = Clip(pixelWidth: width, pixelHeight: height)
        let ink = StraightColor(r: 60, g: 60, b: 67).premultiplied
        for (n, entry) in tiles.enumerated() {
            let x = ContactSheet.margin + (n % columns) * cellWidth, y = ContactSheet.margin + (n / columns) * cellHeight
            sheet.composite(entry.tile, x: x, y: y, opacity: 255, clip: everything)
            let caption = try font.layout("frame \(entry.index) · \(ContactSheet.points(entry.offset)) pt", pixelSize: 12)
            try caption.draw(x: Double(x), y: Double(y + tileHeight + 16), color: ink, clip: everything, into: &sheet)
        }
        return sheet
    }

    /// An offset with one decimal, without "-0.0".
    static func points(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
