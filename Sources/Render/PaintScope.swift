import Raster

/// Where a bitmap being painted sits on screen, and which clips apply inside it.
struct PaintScope {
    /// The device pixel of the screen that is (0, 0) in the bitmap: non-zero inside layers.
    var origin: (x: Int, y: Int)
    /// Every item's first `skipped` clip shapes apply when the layer is composited, not inside it.
    var skipped = 0
    /// The blurred views whose content pass this drawing belongs to, outermost first.
    var contentSpaces: [ContentSpace] = []
    /// Images resampled inside a blurred view or a view with a shadow, which draw their content
    /// twice.
    var resampled: ResampleCache?
    /// What the items drawn after the one being drawn, into the same bitmap, cover with opaque
    /// pixels; nil when nothing is left out (`Painter.hidesCovered`).
    var covered: Occluders?

    /// The whole screen, as the frame's own bitmap.
    static let screen = PaintScope(origin: (0, 0))

    /// The scope of a layer covering `bounds` (pixels of this scope's bitmap) whose items skip their
    /// first `skipping` clip shapes. It belongs to the same content passes.
    func layer(covering bounds: PixelRect, skipping: Int) -> PaintScope {
        PaintScope(origin: (origin.x + bounds.x, origin.y + bounds.y), skipped: skipping, contentSpaces: contentSpaces,
                   resampled: resampled, covered: covered.map { _ in Occluders() })
    }

    /// `rect` (1/256 pixels of this scope's bitmap) with each edge that reaches a blurred view's
    /// edge moved out to that view's whole pixel.
    func widen(_ rect: FixedRect) -> FixedRect {
        guard !contentSpaces.isEmpty else { return rect }
        var onScreen = rect.offsetBy(pixelsX: origin.x, pixelsY: origin.y)
        for space in contentSpaces { onScreen = space.widen(onScreen) }
        return onScreen.offsetBy(pixelsX: -origin.x, pixelsY: -origin.y)
    }

    /// The whole-pixel bounds, with square corners, that stand for clip shape `index` of every
    /// item, when that shape is the own bounds of a view being blurred.
    func replacement(forClip index: Int) -> FixedRect? {
        contentSpaces.last { $0.clipIndex == index }?.whole.offsetBy(pixelsX: -origin.x, pixelsY: -origin.y)
    }
}

/// A blurred view's content as the blur sees it: the view's edges moved out to whole pixels, and
/// everything drawn up to an edge moved out with it, so that no pixel at the edge is part
/// transparent and the blur's edge clamping repeats content, never what lies outside. The corners
/// and the exact edges are cut once, after the blur.
struct ContentSpace {
    /// The view's bounds, exact and widened to whole pixels, in 1/256 screen pixels.
    var exact: FixedRect
    var whole: FixedRect
    /// Where the view's own bounds sit in its descendants' clip lists, when it clips.
    var clipIndex: Int?

    init(exact: FixedRect, clipIndex: Int?) {
        self.exact = exact
        let pixels = exact.pixelBounds
        whole = FixedRect(minX: pixels.x * fixedOne, minY: pixels.y * fixedOne,
                          maxX: pixels.maxX * fixedOne, maxY: pixels.maxY * fixedOne)
        self.clipIndex = clipIndex
    }

    /// `r` (screen 1/256 pixels) with each edge that reaches one of the view's edges moved out to
    /// the whole pixel.
    func widen(_ r: FixedRect) -> FixedRect {
        FixedRect(minX: r.minX <= exact.minX ? min(r.minX, whole.minX) : r.minX,
                  minY: r.minY <= exact.minY ? min(r.minY, whole.minY) : r.minY,
                  maxX: r.maxX >= exact.maxX ? max(r.maxX, whole.maxX) : r.maxX,
                  maxY: r.maxY >= exact.maxY ? max(r.maxY, whole.maxY) : r.maxY)
    }
}
