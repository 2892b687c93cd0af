/// A run of text shaped in one font, direction and script: glyphs in visual order (left to
/// right, also for right-to-left text), positioned from the run's start.
///
/// Invariant: positions and the advance are exact in 1/65536 pixel (16.16); nothing is rounded
/// until `TextLine` places runs after one another.
struct ShapedRun {
    struct Glyph {
        let index: UInt32
        /// Offset of the first character of the glyph's cluster in the paragraph.
        let cluster: Int
        /// Glyph origin from the run's start, x right and y down, in 16.16 pixels.
        let x16: Int
        let y16: Int
    }

    let font: Font
    let size64: Int
    let glyphs: [Glyph]
    let advance16: Int
}
