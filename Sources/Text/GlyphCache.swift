import Raster

/// Rasterized glyphs, keyed by everything that changes their pixels.
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

    let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    private var bytes = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count }

    subscript(key: Key) -> Entry? { entries[key] }

    mutating func insert(_ entry: Entry, for key: Key) {
        let size = entry.mask.coverage.count
        if bytes + size > byteLimit {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = entry
        bytes += size
    }
}
