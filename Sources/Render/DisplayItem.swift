import Scene

/// One view, resolved for one frame: where it is on screen and how it is drawn. Pure values in
/// points; no pixels.
///
/// Invariant: `clip`, when set, is the intersection of every ancestor clip that applies and of
/// this view's own bounds when it clips; children are already resolved in screen coordinates.
public struct DisplayItem: Equatable, Sendable {
    public var id: String
    /// The view's rectangle on screen, after effects.
    public var frame: Rect
    /// Everything drawn for this view and its children is inside this rectangle; nil = unclipped.
    public var clip: Rect?
    public var alpha: Double
    public var cornerRadius: Double
    public var background: Color?
    /// The asset drawn and where, on screen (can extend past `frame`).
    public var image: ImageItem?
    /// A single line of text, centred vertically in `frame`.
    public var label: Label?
    /// A blur over the view's pixels, when the view carries one.
    public var blur: BlurItem?
    /// Whether this view clips its own content and children to its (rounded) bounds.
    public var clipsToBounds: Bool
    public var children: [DisplayItem]

    public init(id: String, frame: Rect, clip: Rect? = nil, alpha: Double = 1, cornerRadius: Double = 0,
                background: Color? = nil, image: ImageItem? = nil, label: Label? = nil, blur: BlurItem? = nil,
                clipsToBounds: Bool = false, children: [DisplayItem] = []) {
        self.id = id; self.frame = frame; self.clip = clip; self.alpha = alpha; self.cornerRadius = cornerRadius
        self.background = background; self.image = image; self.label = label; self.blur = blur
        self.clipsToBounds = clipsToBounds; self.children = children
    }

    /// This item and all its descendants, parents before children, in drawing order.
    public var flattened: [DisplayItem] { [self] + children.flatMap(\.flattened) }
}

public struct ImageItem: Equatable, Sendable {
    public var asset: String
    /// Where the whole image is drawn, on screen.
    public var frame: Rect
}

public struct BlurItem: Equatable, Sendable {
    /// 0…1: how far the blur has come (E4).
    public var fraction: Double
    public var effect: BlurByPull

    /// The box radius to blur with, in points: the full radius, or scaled by the fraction in
    /// `.radius` mode.
    public var radius: Double { effect.mode == .radius ? effect.radius * fraction : effect.radius }
    /// The overlay's opacity: the fraction, or 1 in `.radius` mode.
    public var opacity: Double { effect.mode == .radius ? 1 : fraction }
}
