/// The scroll offset as a function of time: a start offset and a script, played through
/// UIScrollView's physics (`ScrollPhysics`).
///
/// Pure and deterministic: the same script always yields the same offsets. Steps chain without a
/// jump: each starts from the offset and velocity the previous one ended with. Frames are sampled
/// at t = i / fps for i in 0..<frameCount, where frameCount = ⌈duration · fps⌉ (at least 1), so a
/// looping GIF of the frames lasts exactly the script's duration.
public struct Timeline: Equatable, Sendable {
    struct Segment: Equatable, Sendable {
        var start: Double
        var duration: Double
        var motion: Motion
        /// The offset from the end of the segment on: the closed form's value there, or the edge
        /// exactly after a bounce.
        var end: Double
        /// Whether the scroll view is scrolling during it: moving, or held under a finger (which
        /// keeps UIKit's indicators shown). A `wait` with no finger down is the only still one.
        var scrolling = true
        /// The finger down during it, numbered from 0 in the order fingers go down: from the
        /// `drag` that puts one down until the `release` or `fling` that lifts it; nil while none
        /// is. A number rather than a flag, so that a release that moves nothing between two
        /// drags still parts them. What `TouchIndicator` draws the finger from.
        var touch: Int?
    }

    /// A `fling` step thrown with no finger down: when it starts, and its velocity (points per
    /// second, positive scrolling the content up).
    struct Swipe: Equatable, Sendable {
        var start: Double
        var velocity: Double
    }

    /// Where the content can rest: −topInset … contentHeight − viewportHeight + bottomInset.
    public struct Bounds: Equatable, Sendable {
        public var range: ClosedRange<Double>
        /// The viewport height: the rubber band's dimension d.
        public var viewportHeight: Double
        /// Output pixels per point; the bounce ends within half a pixel of the edge.
        public var scale: Int

        public init(range: ClosedRange<Double>, viewportHeight: Double, scale: Int) {
            self.range = range; self.viewportHeight = viewportHeight; self.scale = scale
        }

        /// The range of a scroll view of `contentHeight` in a viewport, with content insets.
        public init(contentHeight: Double, viewportHeight: Double, insets: Insets, scale: Int) {
            let top = -insets.top
            self.init(range: top...max(top, contentHeight - viewportHeight + insets.bottom),
                      viewportHeight: viewportHeight, scale: scale)
        }
    }

    /// A time the refresh control was refreshing: from the release past its threshold until the
    /// `endRefreshing` that ended it (nil: refreshing to the end of the script).
    public struct Refresh: Equatable, Sendable {
        public var start: Double
        public var end: Double?
        /// When the spring back after `end` has brought the content to rest; until then the
        /// spinner, once faded, stays hidden rather than showing the pull's ticks again.
        public var settled: Double?

        public init(start: Double, end: Double?, settled: Double?) { self.start = start; self.end = end; self.settled = settled }
    }

    let segments: [Segment]
    /// Each time the refresh control refreshed, in order; empty without one.
    public let refreshes: [Refresh]
    /// The indices of `endRefreshing` steps played while the control was not refreshing.
    public let strayEndRefreshing: [Int]
    /// The `fling` steps played with no finger down (a fling after a drag only lifts the finger):
    /// when each starts and its velocity. `TouchIndicator` draws the swipe that throws them.
    let swipes: [Swipe]
    public let startOffset: Double
    /// When each step of the script starts, in seconds, in the script's order.
    public let stepStarts: [Double]
    /// Total length in seconds.
    public let duration: Double

    /// - Parameter bounds: the content range, needed by drags, releases and flings.
    /// - Parameter snapping: where flings and releases come to rest.
    /// - Parameter refreshControl: whether a release pulled `RefreshControl.threshold` past the
    ///   top of the range starts refreshing, holding the content `RefreshControl.height` above it.
    public init(startOffset: Double, bounds: Bounds, script: [ScriptStep], snapping: Snapping? = nil,
                refreshControl: Bool = false) {
        var builder = Builder(offset: startOffset, bounds: bounds, targets: Timeline.targets(snapping, bounds: bounds),
                              refreshControl: refreshControl)
        var starts: [Double] = []
        for (index, step) in script.enumerated() {
            starts.append(builder.time)
            builder.play(step, index: index)
        }
        stepStarts = starts
        if let start = builder.refreshStart { builder.refreshes.append(Refresh(start: start, end: nil, settled: nil)) }
        segments = builder.segments
        swipes = builder.swipes
        refreshes = builder.refreshes
        strayEndRefreshing = builder.strayEndRefreshing
        self.startOffset = startOffset
        duration = builder.time
    }

    /// The offsets a fling may end on, in order: the range's ends and the snap points inside it,
    /// or, paging, the top of the range and every viewport height below it.
    static func targets(_ snapping: Snapping?, bounds: Bounds) -> [Double] {
        let range = bounds.range
        switch snapping {
        case nil:
            return []
        case .paging:
            let pages = Int(((range.upperBound - range.lowerBound) / bounds.viewportHeight).rounded(.down))
            return Array(Set((0...pages).map { range.lowerBound + Double($0) * bounds.viewportHeight } + [range.upperBound])).sorted()
        case .points(let points):
            return Array(Set(points.filter { range.contains($0) } + [range.lowerBound, range.upperBound])).sorted()
        }
    }

    /// The offset at time `t` seconds; before 0 it is the start, after the end the final offset.
    public func offset(at t: Double) -> Double {
        var offset = startOffset
        for s in segments {
            if t < s.start { break }
            if t < s.start + s.duration { return s.motion.position(at: t - s.start) }
            offset = s.end
        }
        return offset
    }

    /// How much higher the top of the scroll range is at time `t`: `RefreshControl.height` from
    /// the release that starts a refresh until the spring back after `endRefreshing` settles
    /// (UIKit adds the control's height to the top inset, and animates it away on ending), else 0.
    public func refreshInset(at t: Double) -> Double {
        refreshes.contains { $0.start <= t && t < ($0.settled ?? .infinity) } ? RefreshControl.height : 0
    }

    /// How long the scroll has been still at time `t`: 0 while it scrolls (moving or touched),
    /// the seconds since it last stopped, or nil when it has not scrolled yet. A pure function of
    /// `t`, so the scroll indicator of any frame is known without the frames before it.
    public func secondsStill(at t: Double) -> Double? {
        var stopped: Double?
        for s in segments where s.scrolling && s.duration > 0 {
            if t < s.start { break }
            if t < s.start + s.duration { return 0 }
            stopped = s.start + s.duration
        }
        return stopped.map { t - $0 }
    }

    public func frameCount(fps: Int) -> Int { Int(frames(fps: fps)) }

    /// `frameCount` as a Double, which no script, however long, can overflow.
    public func frames(fps: Int) -> Double {
        // The tolerance keeps 2.0 s × 30 fps at 60 frames despite binary fractions like 0.1.
        max(1, (duration * Double(fps) - 1e-9).rounded(.up))
    }

    /// Time of frame `index`.
    public static func time(ofFrame index: Int, fps: Int) -> Double { Double(index) / Double(fps) }

    /// The offset of every frame.
    public func offsets(fps: Int) -> [Double] {
        (0..<frameCount(fps: fps)).map { offset(at: Timeline.time(ofFrame: $0, fps: fps)) }
    }
}

/// Plays steps one after another, keeping the offset, velocity and finger state between them.
private struct Builder {
    var offset: Double
    var velocity = 0.0
    var time = 0.0
    var segments: [Timeline.Segment] = []
    var swipes: [Timeline.Swipe] = []
    /// A `drag` puts the finger down; `release` and `fling` lift it.
    var touching = false
    /// How many times a finger has gone down.
    var touches = 0
    let bounds: Timeline.Bounds
    /// Where flings end (see `Timeline.targets`); empty when they end where they stop.
    let targets: [Double]
    /// Whether the scene has a refresh control.
    let refreshControl: Bool
    /// When the control began refreshing, while it is.
    var refreshStart: Double?
    var refreshes: [Timeline.Refresh] = []
    var strayEndRefreshing: [Int] = []

    init(offset: Double, bounds: Timeline.Bounds, targets: [Double], refreshControl: Bool) {
        self.offset = offset
        self.bounds = bounds
        self.targets = targets
        self.refreshControl = refreshControl
    }

    /// The range, whose top is `RefreshControl.height` higher while refreshing: UIKit adds the
    /// control's height to the top inset, so the content rests, drags and bounces from there.
    var range: ClosedRange<Double> {
        guard refreshStart != nil else { return bounds.range }
        return (bounds.range.lowerBound - RefreshControl.height)...bounds.range.upperBound
    }

    mutating func play(_ step: ScriptStep, index: Int) {
        switch step {
        case let .scrollTo(y, d, curve):
            // An animated scroll to where the content already is moves nothing, and shows nothing.
            let moves = y != offset
            append(.animation(from: offset, to: y, curve: curve, duration: d), duration: d)
            segments[segments.count - 1].scrolling = moves || touching
            velocity = 0
        case let .drag(dy, d, curve):
            let finger = Motion.finger(shown: offset, range: range, dimension: bounds.viewportHeight)
            if !touching { touches += 1 }
            touching = true
            append(.drag(start: finger, dy: dy, curve: curve, duration: d, range: range, dimension: bounds.viewportHeight),
                   duration: d)
        case .release:
            touching = false
            startRefreshingIfPulled()
            if offset < range.lowerBound || offset > range.upperBound {
                bounce(towards: offset < range.lowerBound ? range.lowerBound : range.upperBound)
            } else if abs(velocity) > ScrollPhysics.flingStopSpeed || !targets.isEmpty {
                fling(velocity, rate: ScrollPhysics.normalRate)
            } else {
                velocity = 0
            }
        case let .fling(v, rate):
            if !touching { swipes.append(Timeline.Swipe(start: time, velocity: v)) }
            if touching { startRefreshingIfPulled() }
            touching = false
            if offset < range.lowerBound || offset > range.upperBound {
                velocity = v
                bounce(towards: offset < range.lowerBound ? range.lowerBound : range.upperBound)
            } else {
                fling(v, rate: rate.perMillisecond)
            }
        case .wait(let d):
            append(.hold(offset), duration: d)
            segments[segments.count - 1].scrolling = touching
            velocity = 0
        case .endRefreshing:
            guard let start = refreshStart else { return strayEndRefreshing.append(index) }
            let end = time
            refreshStart = nil
            if !touching, offset < range.lowerBound { bounce(towards: range.lowerBound) }
            refreshes.append(Timeline.Refresh(start: start, end: end, settled: time))
        }
    }

    /// A finger lifting `RefreshControl.threshold` or more below the top of the range starts the
    /// refresh control refreshing (before the spring back, which then ends at the refreshing rest).
    mutating func startRefreshingIfPulled() {
        if refreshControl, refreshStart == nil, bounds.range.lowerBound - offset >= RefreshControl.threshold {
            refreshStart = time
        }
    }

    /// Decelerates from the current offset; on reaching an edge, goes on into the rubber-banded
    /// overscroll with the speed it had there and springs back.
    mutating func fling(_ v: Double, rate r: Double) {
        if !targets.isEmpty { return snap(v, rate: r) }
        let stop = ScrollPhysics.flingStopTime(velocity: v, rate: r)
        let edge = v > 0 ? range.upperBound : range.lowerBound
        if let hit = ScrollPhysics.flingTime(from: offset, velocity: v, rate: r, to: edge), hit < stop {
            append(.fling(from: offset, velocity: v, rate: r), duration: hit)
            segments[segments.count - 1].end = edge   // exactly, not the closed form's rounding of it
            let speed = ScrollPhysics.flingVelocity(v, rate: r, time: hit)
            // Within half a pixel shown means within the band's inverse of that in the overscroll.
            let tolerance = ScrollPhysics.rubberBandInverse(0.5 / Double(bounds.scale), dimension: bounds.viewportHeight)
            let settle = ScrollPhysics.springSettleTime(edge: 0, from: 0, velocity: speed, tolerance: tolerance)
            append(.bouncePastEdge(edge: edge, velocity: speed, dimension: bounds.viewportHeight), duration: settle)
            segments[segments.count - 1].end = edge
            offset = edge
            velocity = 0
        } else {
            append(.fling(from: offset, velocity: v, rate: r), duration: stop)
            velocity = 0
        }
    }

    /// A fling that ends on the target nearest to where it would have come to rest, as setting
    /// `targetContentOffset` does: the same deceleration curve, with the velocity that makes it
    /// come to rest there. It stops, as any fling does, once its
    /// speed falls below `flingStopSpeed`, then is exactly on the target. Never past an edge: the
    /// targets are inside the range.
    mutating func snap(_ v: Double, rate r: Double) {
        let rest = ScrollPhysics.flingRest(from: offset, velocity: v, rate: r)
        let target = targets.min { abs($0 - rest) < abs($1 - rest) }!
        let velocity = ScrollPhysics.flingVelocity(from: offset, restingAt: target, rate: r)
        let stop = ScrollPhysics.flingStopTime(velocity: velocity, rate: r)
        if stop > 0 { append(.fling(from: offset, velocity: velocity, rate: r), duration: stop) }
        if !segments.isEmpty, stop > 0 { segments[segments.count - 1].end = target }
        offset = target
        self.velocity = 0
    }

    /// The critically damped spring from the current offset and velocity to `edge`, until it stays
    /// within half an output pixel of it; then the offset is exactly the edge.
    mutating func bounce(towards edge: Double) {
        let tolerance = 0.5 / Double(bounds.scale)
        let settle = ScrollPhysics.springSettleTime(edge: edge, from: offset, velocity: velocity, tolerance: tolerance)
        append(.spring(edge: edge, from: offset, velocity: velocity), duration: settle)
        offset = edge
        velocity = 0
        segments[segments.count - 1].end = edge
    }

    /// Adds a segment and moves the state to its end.
    mutating func append(_ motion: Motion, duration: Double) {
        offset = motion.position(at: duration)
        velocity = motion.velocity(at: duration)
        segments.append(Timeline.Segment(start: time, duration: duration, motion: motion, end: offset, touch: touching ? touches - 1 : nil))
        time += duration
    }
}

extension Timeline {
    /// The timeline of a scene's scroll script, starting at rest (offset −adjusted top inset),
    /// in the range the adjusted insets give.
    public init(scene: Scene) {
        let scroll = scene.scroll
        self.init(startOffset: scroll.restOffset, bounds: Bounds(scene: scene), script: scroll.script, snapping: scroll.snapping,
                  refreshControl: scroll.refreshControl != nil)
    }
}

extension Timeline.Bounds {
    /// The range of a scene's scroll view: its content in the canvas, with the adjusted insets.
    public init(scene: Scene) {
        self.init(contentHeight: scene.scroll.contentHeight, viewportHeight: scene.canvas.height,
                  insets: scene.scroll.adjustedInsets, scale: scene.canvas.scale)
    }
}
