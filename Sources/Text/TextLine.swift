/// One line of text laid out by a `Font` at one pixel size: glyphs with their pen positions.
///
/// Invariants: positions are in 1/64 pixel (26.6 fixed point) from the line's start, in string
/// order; `advance` is where the pen stands after the last glyph. A line belongs to the font that
/// laid it out, since glyph indices mean nothing in another font; drawing it with another font is a
/// programming error that `Font.draw` stops with a precondition.
public struct TextLine: Equatable, Sendable {
    /// One glyph and where its origin sits on the baseline.
    public struct Glyph: Equatable, Sendable {
        /// The font's glyph index. 0 is `.notdef`, which stands for characters the font lacks.
        public let index: UInt32
        /// Pen position in 1/64 pixel from the line's start, kerning included.
        public let x64: Int

        /// Pen position in pixels.
        public var x: Double { Double(x64) / 64 }
    }

    public let glyphs: [Glyph]
    /// The em size the line was laid out at, in 1/64 pixel.
    public let size64: Int
    /// Total advance width in 1/64 pixel.
    public let advance64: Int
    let font: ObjectIdentifier

    /// The em size in pixels.
    public var pixelSize: Double { Double(size64) / 64 }
    /// Total advance width in pixels: where a following line segment would start.
    public var width: Double { Double(advance64) / 64 }
}
