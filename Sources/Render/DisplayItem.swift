import Scene

/// One view, resolved for one frame: where it is on screen and how it is drawn. Pure values in
/// points; no pixels.
///
/// Invariant: `clips` lists the bounds of every ancestor that clips, outermost first, then this
/// view's own bounds when it clips; children are already resolved in screen coordinates. This is
/// the one place clipping is decided: the painter only turns these shapes into pixels.
public struct DisplayItem: Equatable, Sendable {
    public var id: String
    /// The view's rectangle on screen, after effects.
    public var frame: Rect
    /// Everything drawn for this view and its children is inside every one of these shapes.
    public var clips: [ClipShape]
    public var alpha: Double
    public var cornerRadius: Double
    public var background: Color?
    /// The asset drawn and where, on screen (can extend past `frame`).
    public var image: ImageItem?
    /// A single line of text, centred vertically in `frame`.
    public var label: Label?
    /// A blur over the view's pixels, when the view carries one.
    public var blur: BlurItem?
    /// What is drawn behind the view, blurred, saturated and tinted, under everything it draws.
    public var material: Material?
    /// Whether this view clips its own content and children to its (rounded) bounds.
    public var clipsToBounds: Bool
    /// Drawn inside the bounds, over the content and the children, as CALayer's border.
    public var border: Border?
    /// Drawn under the view.
    public var shadow: Shadow?
    /// Drawn over the background, under the image.
    public var gradient: LayerGradient?
    /// The corners `cornerRadius` rounds.
    public var maskedCorners = CornerMask.all
    public var cornerCurve = CornerCurve.circular
    /// On the refresh control's spinner: how many ticks show (its children draw them).
    public var ticks: Int?
    public var children: [DisplayItem]

    public init(id: String, frame: Rect, clips: [ClipShape] = [], alpha: Double = 1, cornerRadius: Double = 0,
                background: Color? = nil, image: ImageItem? = nil, label: Label? = nil, blur: BlurItem? = nil,
                clipsToBounds: Bool = false, children: [DisplayItem] = []) {
        self.id = id; self.frame = frame; self.clips = clips; self.alpha = alpha; self.cornerRadius = cornerRadius
        self.background = background; self.image = image; self.label = label; self.blur = blur
        self.clipsToBounds = clipsToBounds; self.children = children
    }

    /// The intersection of the clip shapes' rectangles, corners aside; nil when nothing clips.
    public var clip: Rect? {
        guard let first = clips.first else { return nil }
        return clips.dropFirst().reduce(first.rect) { $0.intersection($1.rect) }
    }

    /// How many of `clips` belong to ancestors: the ones that apply when this view is drawn as one
    /// layer and the layer is composited.
    public var ancestorClipCount: Int { clips.count - (clipsToBounds ? 1 : 0) }

    /// Whether this item or a descendant reads what is drawn behind it (`material`).
    public var hasMaterial: Bool { material != nil || children.contains { $0.hasMaterial } }

    /// This item and all its descendants, parents before children, in drawing order.
    public var flattened: [DisplayItem] { [self] + children.flatMap(\.flattened) }
}

/// A view's bounds as a clip: a rectangle in screen points with the view's corner radius.
public struct ClipShape: Equatable, Sendable {
    public var rect: Rect
    public var cornerRadius: Double
    public var corners: CornerMask
    public var curve: CornerCurve

    public init(rect: Rect, cornerRadius: Double = 0, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.corners = corners; self.curve = curve
    }

    /// The radius the corners are drawn with: never more than half the shorter side.
    public var drawnRadius: Double { max(0, min(cornerRadius, rect.width / 2, rect.height / 2)) }
}

/// A view's border: a band of `width` points inside its bounds, following its corner radius.
public struct Border: Equatable, Sendable {
    public var width: Double
    public var color: Color
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
