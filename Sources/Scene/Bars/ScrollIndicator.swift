/// UIScrollView's vertical scroll indicator: where the bar is and how opaque, as pure functions of
/// the offset and of how long the scroll has been still. No pixels: Render draws the rect.
///
/// Geometry, in points (UIKit publishes no numbers; these are Flutter's `CupertinoScrollbar`'s,
/// whose colours were "extracted from iOS 13.1 using Debug View Hierarchy", whose 3-point margins
/// were measured on an iOS indicator overscrolled at the top, whose 3-point thickness replaced
/// the 2.5 it first measured on an iOS 13.0 simulator, and whose minimum lengths are eyeballed):
/// - a bar `thickness` (3) wide with corner radius `thickness / 2`, `margin` (3) from the
///   trailing edge;
/// - it runs in a track `margin` inside `ScrollSpec.indicatorInsets`: the adjusted insets, the
///   top following the bars' bottom edge as a large title collapses; with `insetAdjustment`
///   "never" still inside the bars, as UIKit keeps indicators in the safe area;
/// - its length is the visible fraction of the content times the track, never under `minLength`
///   (36) nor over the track; overscrolled, it shrinks by the overscroll shown, never under
///   `minOverscrolledLength` (8), pinned to the edge it is pulled past;
/// - its position maps the offset range (`Timeline.Bounds`) onto the track.
///
/// Invariants: the frame lies inside the track, its height is at least `minOverscrolledLength`
/// (or the track, when the track is shorter), and `alpha` is in 0…1.
public struct ScrollIndicator: Equatable, Sendable {
    /// The id `--inspect` lists it under; no view of a scene that shows it may take it.
    public static let id = "scrollIndicator"
    public static let thickness = 3.0, margin = 3.0, minLength = 36.0, minOverscrolledLength = 8.0
    /// Seconds still before the fade starts, and the fade's length: gone 0.8 s after the scroll
    /// stops. Chosen, not measured: Apple publishes no timing, and the one public figure,
    /// Flutter's eyeballed 1.2 s + 0.25 s, is an imitation's. These follow the usual description
    /// of UIKit's: a short pause, then a fade of about 0.3 s.
    public static let fadeDelay = 0.5, fadeDuration = 0.3
    /// UIKit's default style in each appearance: black at 35 % in light, white at 50 % in dark
    /// (0x59000000 and 0x80FFFFFF, iOS 13.1's measured values as Flutter records them).
    public static let lightAppearanceColor = Color(r: 0, g: 0, b: 0, a: 0x59)
    public static let darkAppearanceColor = Color(r: 255, g: 255, b: 255, a: 0x80)

    /// The scroll view's width and height: the canvas.
    public var viewport: Size
    public var scroll: ScrollSpec
    /// Where the content can rest: the ends the track maps.
    public var range: ClosedRange<Double>
    /// The indicator runs along the trailing edge.
    public var layoutDirection = LayoutDirection.leftToRight

    /// The indicator of a scene's scroll view, over the range its timeline plays in.
    public init(scene: Scene) {
        viewport = Size(width: scene.canvas.width, height: scene.canvas.height)
        scroll = scene.scroll
        range = Timeline.Bounds(scene: scene).range
        layoutDirection = scene.layoutDirection
    }

    /// The track's top and bottom on screen at `offset`: `margin` inside the indicator insets.
    public func track(offset: Double) -> (top: Double, bottom: Double) {
        let insets = scroll.indicatorInsets(offset: offset)
        let top = insets.top + ScrollIndicator.margin
        return (top, max(top, viewport.height - insets.bottom - ScrollIndicator.margin))
    }

    /// The length in range: visible ÷ content × track, at least `minLength`, at most the track.
    /// "Visible" is the viewport less the adjusted insets, so that content exactly that tall,
    /// which cannot scroll, fills the track.
    public func length(track: Double) -> Double {
        let insets = scroll.adjustedInsets, visible = viewport.height - insets.top - insets.bottom
        let fraction = scroll.contentHeight > 0 ? min(1, max(0, visible / scroll.contentHeight)) : 1
        return min(track, max(ScrollIndicator.minLength, fraction * track))
    }

    /// The bar's rect on screen at `offset`, with the top of the range `refreshInset` higher
    /// (`Timeline.refreshInset`): content held by a refreshing control is not overscrolled.
    public func frame(offset: Double, refreshInset: Double = 0) -> Rect {
        let (top, bottom) = track(offset: offset), track = bottom - top
        let full = length(track: track)
        let range = (self.range.lowerBound - refreshInset)...self.range.upperBound
        let over = offset < range.lowerBound ? range.lowerBound - offset : max(0, offset - range.upperBound)
        let length = over > 0 ? max(min(track, ScrollIndicator.minOverscrolledLength), full - over) : full
        let span = range.upperBound - range.lowerBound
        // Past the bottom it is pinned there even when the range is a single offset (content
        // that fits), which has no fraction to map.
        let progress = offset > range.upperBound ? 1 : span > 0 ? min(1, max(0, (offset - range.lowerBound) / span)) : 0
        let y = top + progress * (track - length)
        // At the trailing edge: the right, or the left in a right-to-left layout.
        let x = layoutDirection == .rightToLeft ? ScrollIndicator.margin : viewport.width - ScrollIndicator.margin - ScrollIndicator.thickness
        return Rect(x: x, y: y,
                    width: ScrollIndicator.thickness, height: length)
    }

    /// The opacity after the scroll has been still `secondsStill` seconds (see
    /// `Timeline.secondsStill`): 1 while scrolling and for `fadeDelay` after, then a linear fade
    /// over `fadeDuration`; 0 before the scroll first moves, as UIKit shows none at rest.
    public static func alpha(secondsStill: Double?) -> Double {
        guard let still = secondsStill else { return 0 }
        return min(1, max(0, 1 - (still - fadeDelay) / fadeDuration))
    }

    /// The colour for the appearance a scene is drawn in.
    public static func color(dark: Bool) -> Color { dark ? darkAppearanceColor : lightAppearanceColor }
}
