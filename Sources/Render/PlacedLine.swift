import Text

/// A line of a label where the painter draws it: its baseline origin in device pixels of the frame.
public struct PlacedLine: Sendable {
    public let text: TextLine
    public let x: Double
    public let baseline: Double
}
