import Raster
import Synchronization

/// A loaded font face that lays out and draws single lines of text. Safe to share between threads.
///
/// Invariants and choices:
/// - **Thread safety.** Every FreeType call runs behind one lock per font (a FreeType face is not
///   thread-safe). Layout, cache look-ups and rasterization hold it; blending into the bitmap does not.
/// - **Determinism.** FreeType scales and rasterizes outlines in integer maths, and everything
///   after it here is integer too, so a line draws identical pixels on every run, in debug and
///   release builds, from any thread, and whether its glyphs came from the cache or not.
/// - **No hinting.** Outlines are scaled exactly to the fractional size and never snapped to the
///   pixel grid, as on iOS, which does not hint either. That keeps glyph shapes and advances
///   identical at every sub-pixel position, so text moving by fractions of a pixel does not wobble.
/// - **Quarter-pixel positioning.** Each glyph origin (line origin plus pen position, in 1/64
///   pixel) is rounded to the nearest quarter pixel on both axes. The whole pixels place the glyph's
///   mask; the remainder (0…3 quarters) shifts the outline before rasterizing. Text scrolled by
///   fractions of a pixel moves in quarter-pixel steps instead of snapping to whole pixels, and a
///   glyph has at most 16 rasterizations per size. A move by whole pixels reuses the same masks, so
///   it shifts the pixels exactly.
/// - **Glyph cache.** Masks are cached by glyph index, em size in 1/64 pixel and the two phases.
///   Drawing a cached glyph makes no FreeType call. The cache empties itself when it holds more
///   than `glyphCacheLimit` bytes of masks.
/// - **Layout.** One line, no line breaking, no shaping: Unicode scalars map one-to-one to glyphs
///   through the font's Unicode charmap, so ligatures and mark positioning are not applied.
///   Characters the font lacks draw as its `.notdef` glyph (index 0), visibly, rather than
///   vanishing. Pen positions add FreeType's unhinted advances and `kern`-table kerning.
/// - **Sizes.** A pixel size is the em size in device pixels, rounded to 1/64 pixel; it must be
///   finite, greater than 0 and at most 4096.
public final class Font: Sendable {
    public static let defaultRegularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let defaultBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The file the font was loaded from.
    public let path: String
    private let unitsPerEM: Int, ascender: Int, descender: Int, lineHeight: Int
    private let hasKerning: Bool
    private let state: Mutex<State>

    private struct State {
        let face: FreeTypeFace
        var cache: GlyphCache
    }

    /// Opens a font file (TrueType, OpenType, Type 1… whatever FreeType reads with outlines).
    ///
    /// - Parameter glyphCacheLimit: bytes of glyph masks kept before the cache starts over. The
    ///   default holds every glyph of a few sizes at all 16 phases.
    /// - Throws: `FontError`, with FreeType's own message when FreeType refuses the file.
    public init(path: String, glyphCacheLimit: Int = 8 << 20) throws {
        let face = try FreeTypeFace(path: path)
        self.path = path
        unitsPerEM = face.unitsPerEM
        ascender = face.ascender
        descender = face.descender
        lineHeight = face.lineHeight
        hasKerning = face.hasKerning
        state = Mutex(State(face: face, cache: GlyphCache(byteLimit: glyphCacheLimit)))
    }

    /// Glyph masks currently cached; for diagnostics and tests.
    public var cachedGlyphCount: Int { state.withLock { $0.cache.count } }

    /// Vertical metrics at `pixelSize`, scaled from design units and rounded to 1/64 pixel.
    public func metrics(pixelSize: Double) -> FontMetrics {
        let size64 = Font.size64(pixelSize)
        return FontMetrics(ascender64: scaled(max(0, ascender), size64),
                           descender64: scaled(max(0, -descender), size64),
                           lineHeight64: scaled(max(0, lineHeight), size64))
    }

    /// Lays out `string` as one line at `pixelSize`: one glyph per Unicode scalar, kerned where
    /// the font has a `kern` table, with `tracking` pixels added after every glyph (the last one
    /// too, as UIKit's `kern` attribute adds them).
    ///
    /// Advances, kerning and tracking are summed exactly in 1/65536 pixel and each pen position is
    /// rounded once to 1/64 pixel, so long lines do not accumulate rounding drift.
    /// - Throws: `FontError.freeType` when FreeType fails to measure a glyph (a damaged font).
    public func layout(_ string: String, pixelSize: Double, tracking: Double = 0) throws -> TextLine {
        let track = Int((tracking * 65536).rounded())
        let size64 = Font.size64(pixelSize)
        let kerned = hasKerning
        let (glyphs, advance64) = try state.withLock { state -> ([TextLine.Glyph], Int) in
            let face = state.face
            try face.setSize(size64)
            var glyphs: [TextLine.Glyph] = []
            glyphs.reserveCapacity(string.unicodeScalars.count)
            var pen = 0   // 16.16 pixels
            var previous: UInt32?
            for scalar in string.unicodeScalars {
                let index = face.glyphIndex(of: scalar)
                if kerned, let previous { pen += try face.kerning(previous, index) << 10 }
                glyphs.append(TextLine.Glyph(index: index, x64: rounded16to6(pen)))
                pen += try face.advance(of: index) + track
                previous = index
            }
            return (glyphs, rounded16to6(pen))
        }
        return TextLine(glyphs: glyphs, size64: size64, advance64: advance64, font: ObjectIdentifier(self))
    }

    /// Draws `line` with its baseline origin at (`x`, `y`) in device pixels, source-over in
    /// `color`, inside `clip`.
    ///
    /// The origin is rounded to 1/64 pixel, then every glyph origin to a quarter pixel (see the
    /// type's documentation).
    /// - Throws: `FontError.freeType` when FreeType fails to rasterize a glyph (a damaged font).
    public func draw(_ line: TextLine, x: Double, y: Double, color: PremultipliedColor, clip: Clip,
                     into bitmap: inout Bitmap) throws {
        precondition(line.font == ObjectIdentifier(self), "a TextLine is drawn by the font that laid it out")
        guard color.a != 0, !line.glyphs.isEmpty else { return }
        let originX = Int((x * 64).rounded())
        let baseline = quarterPixels(Int((y * 64).rounded()))
        for glyph in try place(line, originX: originX, baseline: baseline) {
            bitmap.draw(glyph.mask, x: glyph.x, y: glyph.y, color: color, clip: clip)
        }
    }

    /// Each glyph's mask and the device pixel of its top-left corner, rasterizing what the cache
    /// lacks. `baseline` is in quarter pixels.
    private func place(_ line: TextLine, originX: Int, baseline: Int) throws
        -> [(mask: CoverageMask, x: Int, y: Int)] {
        let size64 = Int32(line.size64), phaseY = UInt8(baseline & 3), row = baseline >> 2
        return try state.withLock { state in
            var placed: [(mask: CoverageMask, x: Int, y: Int)] = []
            placed.reserveCapacity(line.glyphs.count)
            for glyph in line.glyphs {
                let origin = quarterPixels(originX + glyph.x64)
                let key = GlyphCache.Key(glyph: glyph.index, size64: size64, phaseX: UInt8(origin & 3), phaseY: phaseY)
                let entry: GlyphCache.Entry
                if let cached = state.cache[key] {
                    entry = cached
                } else {
                    entry = try state.face.render(key)
                    state.cache.insert(entry, for: key)
                }
                placed.append((entry.mask, (origin >> 2) + entry.left, row + entry.top))
            }
            return placed
        }
    }

    /// Design units to 1/64 pixel at an em size in 1/64 pixel, rounded to nearest.
    private func scaled(_ units: Int, _ size64: Int) -> Int {
        (units * size64 * 2 + unitsPerEM) / (2 * unitsPerEM)
    }

    private static func size64(_ pixelSize: Double) -> Int {
        precondition(pixelSize.isFinite && pixelSize > 0 && pixelSize <= 4096, "pixel size must be in (0, 4096]")
        return max(1, Int((pixelSize * 64).rounded()))
    }
}

/// 16.16 to 26.6, rounded to nearest (an arithmetic shift floors, also for negative values).
@inline(__always)
private func rounded16to6(_ value: Int) -> Int { (value + 512) >> 10 }

/// 26.6 to quarter pixels, rounded to nearest.
@inline(__always)
private func quarterPixels(_ value64: Int) -> Int { (value64 + 8) >> 4 }
