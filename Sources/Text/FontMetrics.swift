/// A font's vertical metrics at one pixel size, in device pixels.
///
/// All three are non-negative distances, exact multiples of 1/64 pixel (FreeType's 26.6 unit),
/// scaled from the font's design units without rounding to whole pixels, so they grow smoothly with
/// a fractional size. They are FreeType's face metrics: the `hhea` table's, or the OS/2 table's
/// typographic ones when the font sets USE_TYPO_METRICS (DejaVu Sans uses `hhea`).
public struct FontMetrics: Equatable, Sendable {
    /// From the baseline up to the top of the tallest glyphs the font designs for.
    public let ascender: Double
    /// From the baseline down to the bottom of the descenders: positive, unlike FreeType's sign.
    public let descender: Double
    /// Baseline-to-baseline distance: ascender + descender + the font's line gap.
    public let lineHeight: Double

    init(ascender64: Int, descender64: Int, lineHeight64: Int) {
        ascender = Double(ascender64) / 64
        descender = Double(descender64) / 64
        lineHeight = Double(lineHeight64) / 64
    }
}
