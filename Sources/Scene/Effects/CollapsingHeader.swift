/// A header that collapses as the content scrolls up, as MXParallaxHeader and
/// GSKStretchyHeaderView make one: it scrolls until its top reaches the visible top (the screen's
/// top, or under the bars: `ScrollSpec.visibleTop`), then stays there, losing height, down to
/// `minHeight`, where it stays as a pinned bar. At the top of the content and pulled down from
/// rest it stretches, as E1's header does.
///
/// `top` is the visible top in content coordinates (offset + visibleTop; the offset itself on a
/// screen without insets or bars). With p = top − y₀ (how far its top has passed it): for p ≥ 0
/// the frame is (x, top, W, max(minHeight, H − p)); for p < 0 it is unchanged, except that a
/// header at the top of the content (y₀ = 0) pulled down is (x, top, W, H − top). Its collapse
/// progress, which bindings can follow (`{"collapse": "header"}`), is p / (H − minHeight),
/// clamped to 0…1.
public struct CollapsingHeader: Equatable, Sendable {
    public var minHeight: Double

    public init(minHeight: Double) { self.minHeight = minHeight }

    public func frame(_ frame: Rect, top: Double) -> Rect {
        let passed = top - frame.y
        if passed >= 0 {
            return Rect(x: frame.x, y: top, width: frame.width, height: max(minHeight, frame.height - passed))
        }
        guard frame.y == 0, top < 0 else { return frame }
        return Rect(x: frame.x, y: top, width: frame.width, height: frame.height - top)
    }

    /// 0 expanded … 1 collapsed to `minHeight`.
    public func progress(_ frame: Rect, top: Double) -> Double {
        let travel = frame.height - minHeight
        guard travel > 0 else { return top >= frame.y ? 1 : 0 }
        return min(1, max(0, (top - frame.y) / travel))
    }
}
