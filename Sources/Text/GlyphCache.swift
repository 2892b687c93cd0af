import Raster

/// Rasterized glyphs, keyed by everything that changes their pixels, and colour glyphs at their
/// strike's size, keyed by index.
///
/// Not thread-safe on its own: `Font` keeps it behind the same lock as the FreeType face. When a
/// new mask would take its masks past `byteLimit` bytes, it empties itself first. That bounds
/// memory when text is animated through many sizes, and changes no pixel: a glyph rasterized
/// again is identical.
struct GlyphCache {
    /// Identifies one rasterization of one glyph.
    struct Key: Hashable {
        var glyph: UInt32
        /// Em size in 1/64 pixel.
        var size64: Int32
        /// Sub-pixel offset of the origin, in quarter pixels (0…3), right and down.
        var phaseX: UInt8
        var phaseY: UInt8
    }

    /// A glyph's coverage and where its top-left pixel sits relative to its whole-pixel origin
    /// (x right, y down).
    struct Entry {
        var mask: CoverageMask
        var left: Int
        var top: Int
    }

    /// A colour glyph at the strike's size, and its top-left corner from the origin in strike pixels.
    struct ColorEntry {
        var bitmap: Bitmap
        var left: Int
        var top: Int
    }

    let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    /// nil for a glyph known to have no bitmap.
    private var colorEntries: [UInt32: ColorEntry?] = [:]
    private var bytes = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count + colorEntries.count }

    subscript(key: Key) -> Entry? { entries[key] }

    /// The colour glyph: .some(nil) when it is known to have no bitmap, nil when not cached.
    func color(_ glyph: UInt32) -> ColorEntry?? { colorEntries[glyph] }

    mutating func insert(_ entry: Entry, for key: Key) {
        makeRoom(entry.mask.coverage.count)
        entries[key] = entry
    }

    mutating func insert(_ entry: ColorEntry?, forColor glyph: UInt32) {
        makeRoom(entry?.bitmap.pixels.count ?? 0)
        colorEntries[glyph] = entry
    }

    private mutating func makeRoom(_ size: Int) {
        if bytes + size > byteLimit {
            entries.removeAll(keepingCapacity: true)
            colorEntries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        bytes += size
    }
}
