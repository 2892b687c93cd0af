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
    public var image: (name: String, frame: Rect)?
    /// Whether this view clips its own content and children to its (rounded) bounds.
    public var clipsToBounds: Bool
    public var children: [DisplayItem]

    public static func == (a: DisplayItem, b: DisplayItem) -> Bool {
        a.id == b.id && a.frame == b.frame && a.clip == b.clip && a.alpha == b.alpha
            && a.cornerRadius == b.cornerRadius && a.background == b.background
            && a.image?.name == b.image?.name && a.image?.frame == b.image?.frame
            && a.clipsToBounds == b.clipsToBounds && a.children == b.children
    }
}
