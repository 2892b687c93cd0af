import Raster

/// One line of text, laid out: glyphs of one or more fonts at one pixel size, in visual order,
/// with their pen positions.
///
/// Invariants: positions are in 1/64 pixel (26.6 fixed point) from the line's start, each rounded
/// once from exact 16.16 sums; `advance` is where the pen stands after the last glyph. Every glyph
/// names the font whose index it is, among `fonts`.
public struct TextLine: Sendable {
    /// One glyph and where its origin sits relative to the line's baseline origin.
    public struct Glyph: Equatable, Sendable {
        /// The glyph's index in its font. 0 is `.notdef`.
        public let index: UInt32
        /// Which of the line's `fonts` the glyph belongs to.
        public let font: Int
        /// Offset of the first character of the glyph's cluster in the laid-out text, in Unicode scalars.
        public let cluster: Int
        /// Pen position in 1/64 pixel from the line's start, kerning and mark offsets included.
        public let x64: Int
        /// Vertical offset from the baseline in 1/64 pixel, down (marks stacked above are negative).
        public let y64: Int

        /// Pen position in pixels.
        public var x: Double { Double(x64) / 64 }
    }

    public let glyphs: [Glyph]
    public let fonts: [Font]
    /// The em size the line was laid out at, in 1/64 pixel.
    public let size64: Int
    /// Total advance width in 1/64 pixel.
    public let advance64: Int

    /// Runs placed one after another, left to right.
    init(runs: [ShapedRun]) {
        var glyphs: [Glyph] = [], fonts: [Font] = []
        var pen = 0
        for run in runs {
            let font: Int
            if let known = fonts.firstIndex(where: { $0 === run.font }) { font = known } else { font = fonts.count; fonts.append(run.font) }
            for g in run.glyphs {
                glyphs.append(Glyph(index: g.index, font: font, cluster: g.cluster, x64: rounded16to6(pen + g.x16),
                                    y64: rounded16to6(g.y16)))
            }
            pen += run.advance16
        }
        self.glyphs = glyphs
        self.fonts = fonts
        size64 = runs.first?.size64 ?? 0
        advance64 = rounded16to6(pen)
    }

    /// The em size in pixels.
    public var pixelSize: Double { Double(size64) / 64 }
    /// Total advance width in pixels: where a following line segment would start.
    public var width: Double { Double(advance64) / 64 }

    /// Draws the line with its baseline origin at (`x`, `y`) in device pixels, source-over in
    /// `color`, inside `clip`.
    ///
    /// The origin is rounded to 1/64 pixel, then every glyph origin to a quarter pixel (see
    /// `Font`).
    /// - Throws: `FontError.freeType` when FreeType fails to rasterize a glyph (a damaged font).
    public func draw(x: Double, y: Double, color: PremultipliedColor, clip: Clip, into bitmap: inout Bitmap) throws {
        guard color.a != 0 else { return }
        let originX = Int((x * 64).rounded()), originY = Int((y * 64).rounded())
        for glyph in glyphs {
            try fonts[glyph.font].draw(glyph: glyph.index, size64: size64, x64: originX + glyph.x64, y64: originY + glyph.y64,
                                       color: color, clip: clip, into: &bitmap)
        }
    }
}

/// 16.16 to 26.6, rounded to nearest (an arithmetic shift floors, also for negative values).
@inline(__always)
func rounded16to6(_ value: Int) -> Int { (value + 512) >> 10 }
