import Raster
import Synchronization

/// A loaded font face that shapes runs of text and draws their glyphs. Safe to share between threads.
///
/// Invariants and choices:
/// - **Two readers of one file.** HarfBuzz shapes (glyph choice, kerning, ligatures, marks, the
///   joining forms of Arabic) from the file's OpenType tables in design units, and FreeType
///   rasterizes. A run's positions are summed in design units and each converted to pixels
///   once, so they are exact to 1/65536 pixel however long the line.
/// - **Thread safety.** Every FreeType and HarfBuzz call runs behind one lock per font (a FreeType
///   face is not thread-safe). Shaping, cache look-ups and rasterization hold it; blending into
///   the bitmap does not.
/// - **Determinism.** FreeType scales and rasterizes outlines in integer maths, HarfBuzz positions
///   in integers, and everything after them here is integer too, so a line draws identical pixels
///   on every run, in debug and release builds, from any thread, cached or not.
/// - **No hinting.** Outlines are scaled exactly to the fractional size and never snapped to the
///   pixel grid, as on iOS, which does not hint either. That keeps glyph shapes and advances
///   identical at every sub-pixel position, so text moving by fractions of a pixel does not wobble.
/// - **Quarter-pixel positioning.** Each glyph origin (line origin plus pen position, in 1/64
///   pixel) is rounded to the nearest quarter pixel on both axes. The whole pixels place the glyph's
///   mask; the remainder (0…3 quarters) shifts the outline before rasterizing. A glyph has at most
///   16 rasterizations per size, and a move by whole pixels reuses the same masks.
/// - **Colour bitmap fonts** (Noto Color Emoji) have one strike of fixed size: a glyph is read
///   once in colour and scaled to the em size when drawn, by the same resampler as images. It
///   keeps its own colours; the text colour gives only its opacity, as on iOS.
/// - **Glyph cache.** Masks are cached by glyph index, em size in 1/64 pixel and the two phases;
///   colour glyphs by index. Drawing a cached glyph makes no FreeType call. The cache empties
///   itself when it holds more than `glyphCacheLimit` bytes.
/// - **Sizes.** A pixel size is the em size in device pixels, rounded to 1/64 pixel; it must be
///   finite, greater than 0 and at most 4096.
public final class Font: Sendable {
    public static let defaultRegularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let defaultBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The file the font was loaded from, and the face's index in it (a collection holds several).
    public let path: String
    public let index: Int
    /// Whether the glyphs are colour bitmaps (emoji) rather than outlines.
    public let isColor: Bool
    private let unitsPerEM: Int, ascender: Int, descender: Int, lineHeight: Int
    private let strikePixels: Int
    private let state: Mutex<State>

    private struct State {
        let face: FreeTypeFace
        let shaper: HarfBuzzFont
        var cache: GlyphCache
    }

    /// Opens a font file (TrueType, OpenType, a collection, or a colour bitmap font like Noto
    /// Color Emoji).
    ///
    /// - Parameter glyphCacheLimit: bytes of glyph masks kept before the cache starts over. The
    ///   default holds every glyph of a few sizes at all 16 phases.
    /// - Throws: `FontError`, with FreeType's own message when FreeType refuses the file.
    public init(path: String, index: Int = 0, glyphCacheLimit: Int = 8 << 20) throws {
        let face = try FreeTypeFace(path: path, index: index)
        let shaper = try HarfBuzzFont(path: path, index: index)
        self.path = path
        self.index = index
        isColor = face.strikePixels != nil
        strikePixels = face.strikePixels ?? 0
        unitsPerEM = shaper.unitsPerEM
        ascender = face.ascender
        descender = face.descender
        lineHeight = face.lineHeight
        state = Mutex(State(face: face, shaper: shaper, cache: GlyphCache(byteLimit: glyphCacheLimit)))
    }

    /// Glyphs currently cached; for diagnostics and tests.
    public var cachedGlyphCount: Int { state.withLock { $0.cache.count } }

    /// Vertical metrics at `pixelSize`, scaled from design units and rounded to 1/64 pixel.
    public func metrics(pixelSize: Double) -> FontMetrics {
        let size64 = Font.size64(pixelSize)
        return FontMetrics(ascender64: scaled(max(0, ascender), size64),
                           descender64: scaled(max(0, -descender), size64),
                           lineHeight64: scaled(max(0, lineHeight), size64))
    }

    /// Whether the font's character map has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        state.withLock { $0.shaper.hasGlyph(scalar) }
    }

    /// Lays out `string` as one line in this font alone, left to right, with no fallback and no
    /// line breaking: for captions whose text is known. Characters the font lacks draw as its
    /// `.notdef` glyph. `Typesetter` lays out labels.
    /// - Throws: `FontError.freeType` when FreeType fails on the font.
    public func layout(_ string: String, pixelSize: Double, tracking: Double = 0) throws -> TextLine {
        let text = string.unicodeScalars.map(\.value)
        let script = HarfBuzzFont.leadingScript(string.unicodeScalars.lazy.map(HarfBuzzFont.script))
        let run = try shape(text, 0..<text.count, rightToLeft: false, script: script,
                            pixelSize: pixelSize, tracking: tracking)
        return TextLine(runs: [run])
    }

    /// Shapes `range` of a paragraph in one direction and script at `pixelSize`, with `tracking`
    /// pixels added after every glyph (the last one too, as UIKit's `kern` attribute adds them).
    ///
    /// Advances, kerning and tracking are kept exactly in 1/65536 pixel; `TextLine` rounds each
    /// pen position once, so long lines do not accumulate rounding drift.
    func shape(_ text: [UInt32], _ range: Range<Int>, rightToLeft: Bool, script: UInt32,
               pixelSize: Double, tracking: Double) throws -> ShapedRun {
        let track = Int((tracking * 65536).rounded())
        let size64 = Font.size64(pixelSize)
        let shaped = state.withLock { $0.shaper.shape(text, range, rightToLeft: rightToLeft, script: script, ligatures: track == 0) }
        // Design units to 16.16 pixels, rounded to nearest: exact for every position, since
        // positions are summed in design units first and converted once.
        let denominator = unitsPerEM
        func pixels16(_ units: Int) -> Int {
            let scaled = units * size64 * 1024
            return scaled >= 0 ? (scaled + denominator / 2) / denominator : -((-scaled + denominator / 2) / denominator)
        }
        var glyphs: [ShapedRun.Glyph] = []
        glyphs.reserveCapacity(shaped.count)
        var pen = 0   // design units
        for (k, g) in shaped.enumerated() {
            glyphs.append(ShapedRun.Glyph(index: g.index, cluster: g.cluster, x16: pixels16(pen + g.xOffset) + k * track,
                                          y16: -pixels16(g.yOffset)))
            pen += g.advance
        }
        return ShapedRun(font: self, size64: size64, glyphs: glyphs, advance16: pixels16(pen) + shaped.count * track)
    }

    /// Draws one glyph with its origin at (`x64`, `y64`) in 1/64 device pixel, source-over in
    /// `color` (a colour glyph takes only its opacity), inside `clip`.
    /// - Throws: `FontError.freeType` when FreeType fails to rasterize the glyph (a damaged font).
    func draw(glyph: UInt32, size64: Int, x64: Int, y64: Int, color: PremultipliedColor, clip: Clip,
              into bitmap: inout Bitmap) throws {
        if isColor {
            guard let glyph = try state.withLock({ state in try colorGlyph(glyph, &state) }) else { return }
            let scale = Double(size64) / 64 / Double(strikePixels)
            let x = Double(x64) / 64 + Double(glyph.left) * scale, y = Double(y64) / 64 + Double(glyph.top) * scale
            bitmap.draw(glyph.bitmap, into: FixedRect(x: x, y: y, width: Double(glyph.bitmap.width) * scale,
                                                      height: Double(glyph.bitmap.height) * scale),
                        opacity: color.a, clip: clip)
            return
        }
        let originX = quarterPixels(x64), originY = quarterPixels(y64)
        let key = GlyphCache.Key(glyph: glyph, size64: Int32(size64), phaseX: UInt8(originX & 3), phaseY: UInt8(originY & 3))
        let entry = try state.withLock { state in
            if let cached = state.cache[key] { return cached }
            let entry = try state.face.render(key)
            state.cache.insert(entry, for: key)
            return entry
        }
        bitmap.draw(entry.mask, x: (originX >> 2) + entry.left, y: (originY >> 2) + entry.top, color: color, clip: clip)
    }

    private func colorGlyph(_ glyph: UInt32, _ state: inout State) throws -> GlyphCache.ColorEntry? {
        if let cached = state.cache.color(glyph) { return cached }
        let entry = try state.face.renderColor(glyph)
        state.cache.insert(entry, forColor: glyph)
        return entry
    }

    /// Design units to 1/64 pixel at an em size in 1/64 pixel, rounded to nearest.
    private func scaled(_ units: Int, _ size64: Int) -> Int {
        (units * size64 * 2 + unitsPerEM) / (2 * unitsPerEM)
    }

    static func size64(_ pixelSize: Double) -> Int {
        precondition(pixelSize.isFinite && pixelSize > 0 && pixelSize <= 4096, "pixel size must be in (0, 4096]")
        return max(1, Int((pixelSize * 64).rounded()))
    }
}

/// 26.6 to quarter pixels, rounded to nearest.
@inline(__always)
private func quarterPixels(_ value64: Int) -> Int { (value64 + 8) >> 4 }
