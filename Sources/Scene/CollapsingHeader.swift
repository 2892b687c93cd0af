/// A header that collapses as the content scrolls up, as MXParallaxHeader and
/// GSKStretchyHeaderView make one: it scrolls until its top reaches the screen's top, then stays
/// there, losing height, down to `minHeight`, where it stays as a pinned bar. At the top of the
/// content and pulled down it stretches, as E1's header does.
///
/// With p = offset − y₀ (how far its top has passed the screen's top): for p ≥ 0 the frame is
/// (x, offset, W, max(minHeight, H − p)); for p < 0 it is unchanged, except that a header at
/// the top of the content (y₀ = 0) pulled down is (x, offset, W, H − offset). Its collapse
/// progress, which bindings can follow (`{"collapse": "header"}`), is p / (H − minHeight),
/// clamped to 0…1.
public struct CollapsingHeader: Equatable, Sendable {
    public var minHeight: Double

    public init(minHeight: Double) { self.minHeight = minHeight }

    public func frame(_ frame: Rect, offset: Double) -> Rect {
        let passed = offset - frame.y
        if passed >= 0 {
            return Rect(x: frame.x, y: offset, width: frame.width, height: max(minHeight, frame.height - passed))
        }
        guard frame.y == 0, offset < 0 else { return frame }
        return Rect(x: frame.x, y: offset, width: frame.width, height: frame.height - offset)
    }

    /// 0 expanded … 1 collapsed to `minHeight`.
    public func progress(_ frame: Rect, offset: Double) -> Double {
        let travel = frame.height - minHeight
        guard travel > 0 else { return offset >= frame.y ? 1 : 0 }
        return min(1, max(0, (offset - frame.y) / travel))
    }
}
