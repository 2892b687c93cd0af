/// UIScrollView's `contentInsetAdjustmentBehavior`: whether the system bars add what they cover
/// to the content inset.
///
/// - `automatic`: the scroll view's adjusted inset is `insets` plus what the bars cover, as
///   `.automatic` does for a vertically scrolling view: the content starts under the navigation
///   bar (and its large title) and ends above the tab bar, and at rest the offset is
///   −(insets.top + bars.top).
/// - `never`: the adjusted inset is `insets` as written, as `.never` does: the content starts at
///   the screen's top, under the bars, where a photo header belongs.
public enum InsetAdjustment: String, CaseIterable, Equatable, Sendable {
    case automatic, never
}

/// What the system bars cover of the scroll view, in points: UIKit's safe-area insets as the bars
/// make them. `SystemBars.insets` computes it; the navigation bar's views are drawn from the same
/// numbers, so the edge below is the edge drawn.
///
/// Invariants: all three are ≥ 0 and `collapsible` ≤ `top`.
public struct BarInsets: Equatable, Sendable {
    /// Covered at the top at rest: the status bar, the navigation bar and its large title.
    public var top: Double
    /// Covered at the bottom: the tab bar and the home indicator's safe area.
    public var bottom: Double
    /// The part of `top` that scrolls away with the content: the large title's height.
    public var collapsible: Double

    public init(top: Double = 0, bottom: Double = 0, collapsible: Double = 0) {
        self.top = top; self.bottom = bottom; self.collapsible = collapsible
    }

    /// The top bars' bottom edge on screen when the content is `pushed` points up from rest:
    /// top − clamp(pushed, 0, collapsible). The large title rides with the content, so the edge
    /// follows it up until the title has gone under the bar (155 → 103 on iPhone 15 Pro). Pulled
    /// down, the title follows the pull, but the content's top follows it just as far, so nothing
    /// scrolls above the edge at rest's height and it stays there.
    public func topEdge(pushed: Double) -> Double {
        top - min(max(pushed, 0), collapsible)
    }
}

extension ScrollSpec {
    /// UIScrollView's `adjustedContentInset`: `insets` plus, when adjusting, what the bars cover.
    public var adjustedInsets: Insets {
        switch insetAdjustment {
        case .automatic: return Insets(top: insets.top + bars.top, bottom: insets.bottom + bars.bottom)
        case .never: return insets
        }
    }

    /// The offset at rest, −adjustedInsets.top: where the timeline starts and the range begins.
    public var restOffset: Double { -adjustedInsets.top }

    /// How far the content is pushed up from rest, negative when pulled down:
    /// `contentOffset.y + adjustedContentInset.top`, what a UIKit app computes a stretchy header
    /// or a pull-driven blur from. Pull-driven effects and offset bindings read this, so a screen
    /// at rest under a navigation bar is not a 155-point pull.
    public func offsetFromRest(_ offset: Double) -> Double { offset - restOffset }

    /// The screen y where the content stops being covered at `offset`: where sticky headers pin
    /// and collapsing headers stop. It is the top inset as written plus, when adjusting, the top
    /// bars' bottom edge, which moves up as a large title collapses.
    public func visibleTop(offset: Double) -> Double {
        switch insetAdjustment {
        case .automatic: return insets.top + bars.topEdge(pushed: offsetFromRest(offset))
        case .never: return insets.top
        }
    }

    /// The scroll indicator's insets at `offset`: `insets` as written plus what the bars cover,
    /// whatever `insetAdjustment` says. UIKit adds the bars (the safe area) to the indicator insets
    /// even with `.never` (`automaticallyAdjustsScrollIndicatorInsets`), and an app that insets its
    /// content under a bar of its own sets `verticalScrollIndicatorInsets` to match. Under
    /// `automatic` this is `adjustedInsets`, the top following the large title as `visibleTop` does.
    public func indicatorInsets(offset: Double) -> Insets {
        Insets(top: insets.top + bars.topEdge(pushed: offsetFromRest(offset)), bottom: insets.bottom + bars.bottom)
    }
}
