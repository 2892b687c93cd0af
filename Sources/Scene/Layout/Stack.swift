/// A view that lays out its children in a row or a column, as `UIStackView` does.
///
/// The children of a stack have no `frame`: the stack places them, once, before the first frame.
/// Their size along each axis is their own `width`/`height`, or what they measure (text, an image,
/// a stack of their own), or what the alignment and distribution give them.
public struct Stack: Equatable, Sendable {
    public enum Axis: String, CaseIterable, Equatable, Sendable { case vertical, horizontal }

    /// Where children sit across the axis. In a horizontal stack leading is the top and trailing
    /// the bottom, as `UIStackView.Alignment.top` equals `.leading`.
    public enum Alignment: String, CaseIterable, Equatable, Sendable { case fill, leading, center, trailing }

    /// How the length along the axis is shared.
    public enum Distribution: String, CaseIterable, Equatable, Sendable {
        /// Children keep their lengths; children that give none share what is left.
        case fill
        /// Every child gets the same length.
        case fillEqually
        /// Children keep their lengths; the gaps grow (never below `spacing`) to fill the stack.
        case equalSpacing
    }

    public var axis: Axis
    /// Points between neighbours; at least this much with `equalSpacing`.
    public var spacing: Double
    /// Space between the stack's edges and its children.
    public var padding: EdgeInsets
    public var alignment: Alignment
    public var distribution: Distribution

    public init(axis: Axis = .vertical, spacing: Double = 0, padding: EdgeInsets = EdgeInsets(),
                alignment: Alignment = .fill, distribution: Distribution = .fill) {
        self.axis = axis; self.spacing = spacing; self.padding = padding
        self.alignment = alignment; self.distribution = distribution
    }
}

/// Distances inward from each edge of a rectangle, in points.
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// Which of a view's dimensions are measured rather than given: the `"auto"` entries of its
/// frame, or the `width`/`height` a view in a stack leaves out. Empty once `StackLayout` has run.
public struct Fit: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let width = Fit(rawValue: 1)
    public static let height = Fit(rawValue: 2)

    /// The dimensions for which the flags are true.
    public init(width: Bool, height: Bool) { self.init(rawValue: (width ? 1 : 0) | (height ? 2 : 0)) }
}
