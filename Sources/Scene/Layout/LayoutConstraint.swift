/// A linear relation between view edges and the scroll's anchors, as `NSLayoutConstraint`
/// writes it: Σ coefficient × anchor + constant `relation` 0, at a priority.
public struct LayoutConstraint: Equatable, Sendable {
    public enum Relation: String, Equatable, Sendable { case equal = "==", lessOrEqual = "<=", greaterOrEqual = ">=" }

    public var terms: [(anchor: Anchor, coefficient: Double)]
    public var constant: Double
    public var relation: Relation
    /// UIKit's layout priority, 1…1000; 1000 is required.
    public var priority: Double
    /// Where the constraint is written, e.g. `constraints[2]`, and the text written there.
    public var jsonPath: String
    public var text: String

    public init(terms: [(anchor: Anchor, coefficient: Double)], constant: Double, relation: Relation,
                priority: Double = 1000, jsonPath: String = "", text: String = "") {
        self.terms = terms; self.constant = constant; self.relation = relation; self.priority = priority
        self.jsonPath = jsonPath; self.text = text
    }

    public var isRequired: Bool { priority >= 1000 }

    public static func == (a: LayoutConstraint, b: LayoutConstraint) -> Bool {
        a.constant == b.constant && a.relation == b.relation && a.priority == b.priority && a.jsonPath == b.jsonPath
            && a.text == b.text && a.terms.elementsEqual(b.terms) { $0.anchor == $1.anchor && $0.coefficient == $1.coefficient }
    }
}

/// One edge, size or centre of a view or of a rectangle the scroll view defines, or the scroll
/// offset itself. All are in content coordinates: `screen.top` is the offset.
public enum Anchor: Hashable, Sendable {
    case view(String, Attribute)
    case guide(Guide, Attribute)
    /// contentOffset.y.
    case offset
}

/// The rectangles a scroll view defines, each moving with the scroll as UIKit's do.
public enum Guide: String, CaseIterable, Sendable {
    /// The scroll content: from 0 down to `contentHeight`, the canvas wide.
    case content
    /// The scroll view's frame, the canvas, in content coordinates: its top is the offset.
    case screen
    /// The screen less the adjusted content insets (the bars' included) at top and bottom.
    case safeArea
    /// The top layout guide: from the screen's top down by the adjusted top inset.
    case topGuide
    /// The bottom layout guide: the adjusted bottom inset, up from the screen's bottom.
    case bottomGuide
}

/// NSLayoutConstraint.Attribute; leading and trailing are left and right (left-to-right text).
public enum Attribute: String, CaseIterable, Sendable {
    case top, bottom, leading, trailing, left, right, width, height, centerX, centerY
}
