/// Text laid out in lines: what `Typesetter.layout` gives and a label draws.
///
/// Invariants: lines are in reading order, top to bottom; baselines increase; `height` is the box
/// from the first line's top to the last line's bottom that a label centres in its frame.
public struct TextBlock: Sendable {
    public struct Line: Sendable {
        public let text: TextLine
        /// The direction of the line's paragraph: natural alignment puts such a line at the right.
        public let rightToLeft: Bool
        /// Distance from the block's top down to the line's baseline, in pixels.
        public let baseline: Double
    }

    public let lines: [Line]
    /// The widest line's advance, in pixels.
    public let width: Double
    /// Natural line height: from the first ascender to the last descender. With a line height
    /// set: that many pixels per line.
    public let height: Double
    /// The height the block asks for, as UIKit's intrinsic content size: one line height per line.
    public let measuredHeight: Double

    init(lines: [(TextLine, Bool)], metrics: FontMetrics, lineHeight: Double?) {
        let count = Double(lines.count)
        let pitch = lineHeight ?? metrics.lineHeight
        // With a set line height, glyphs sit at the bottom of their line box (TextKit's layout).
        let first = lineHeight.map { $0 - metrics.descender } ?? metrics.ascender
        self.lines = lines.enumerated().map { i, line in Line(text: line.0, rightToLeft: line.1, baseline: first + Double(i) * pitch) }
        width = lines.map(\.0.width).max() ?? 0
        height = lines.isEmpty ? 0 : lineHeight.map { $0 * count } ?? metrics.ascender + metrics.descender + (count - 1) * pitch
        measuredHeight = pitch * count
    }
}
