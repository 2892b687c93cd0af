/// What a label's text is laid out with, in device pixels.
public struct TextStyle: Equatable, Sendable {
    /// Em size.
    public var pixelSize: Double
    /// Added after every character, as UIKit's `kern` attribute.
    public var tracking: Double
    /// Baseline-to-baseline distance of every line, as a paragraph style's minimum and maximum
    /// line height: the line keeps its glyphs at its bottom and any extra space above them, as
    /// TextKit does. nil: the font's own line height.
    public var lineHeight: Double?

    public init(pixelSize: Double, tracking: Double = 0, lineHeight: Double? = nil) {
        self.pixelSize = pixelSize; self.tracking = tracking; self.lineHeight = lineHeight
    }
}
