/// One step of a scroll script.
public enum ScriptStep: Equatable, Sendable {
    /// Animate the offset to `y` over `duration` seconds along `curve` (a programmatic scroll;
    /// at rest afterwards).
    case scrollTo(y: Double, duration: Double, curve: TimingCurve)
    /// A finger moves `dy` points over `duration` seconds along `curve`; positive is downwards, so
    /// the offset decreases. Past an edge the content follows through the rubber band. The finger
    /// stays down until `release`.
    case drag(dy: Double, duration: Double, curve: TimingCurve)
    /// The finger lifts: overscrolled content springs back to the edge, content in range with
    /// velocity flings on.
    case release
    /// A fling with `velocity` points per second (positive increases the offset).
    case fling(velocity: Double, rate: FlingRate)
    /// Hold still for `duration` seconds (a held finger stays down, but no longer moves).
    case wait(duration: Double)
    /// The refresh control stops refreshing: the content springs back from the refreshing rest
    /// (`RefreshControl.height` below rest) to rest, and the spinner fades out.
    case endRefreshing
}

/// UIScrollView's deceleration rates, per millisecond.
public enum FlingRate: String, CaseIterable, Equatable, Sendable {
    case normal, fast

    public var perMillisecond: Double { self == .normal ? ScrollPhysics.normalRate : ScrollPhysics.fastRate }
}
