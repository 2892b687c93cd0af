/// The finger the iOS Simulator draws with "Show touches" (`render --touches`): a translucent disc
/// where the script's finger is, as a pure function of the time. No pixels: Render draws the disc.
///
/// Where the finger is:
/// - **Drags.** The disc appears where a `drag` puts the finger down and moves with the content:
///   by exactly the offset's change during the finger's drags, the other way on screen (a drag
///   down by 100 points that moves the offset by −100 moves the disc down 100 points). Through the
///   rubber band it stays on the content, not on the finger, which moves further. It holds still
///   during `wait` and `scrollTo` steps under the finger, and fades out over `fadeDuration` where
///   the `release` or `fling` lifts the finger, staying where it lifted.
/// - **Swipes.** A `fling` thrown with no finger down (the script's flick) gets a swipe: the disc
///   moves in a straight line, at constant speed, for `swipeDuration` in the fling's direction
///   (a positive velocity scrolls the content up, so the finger moves up), then fades where it
///   lifted. The swipe is drawn over the `swipeDuration` before the fling starts when no finger
///   was down then (the end of a `wait`, say); otherwise (at the script's start, or straight
///   after a finger lifted) over the fling's first `swipeDuration`. The timeline is never changed
///   for it: offsets and frames are those without `--touches`.
/// - **Start.** Horizontally the centre of the screen. Vertically the finger's whole path is
///   centred on the middle of the area between the bars (the adjusted insets), its start kept in
///   the middle third of that area, then moved, if need be, so that the whole disc stays on
///   screen. The path is known from the offsets at the ends of the drags, which is exact for
///   curves that do not overshoot.
/// - A swipe travels its fling's speed × `swipeDuration`, at most a third of the area between
///   the bars, centred on its middle.
///
/// When touches overlap in time (a swipe that starts while the last disc fades), the later one
/// is drawn: there is one finger.
///
/// Invariants: the frame is a `diameter` square; `alpha` is in 0…1 and 0 only after a fade,
/// where `touch(at:)` returns nil instead.
public struct TouchIndicator: Sendable {
    /// The id `--inspect` lists it under.
    public static let id = "touch"
    /// 44 points, Apple's Human Interface Guidelines' minimum touch target: about the size of the
    /// Simulator's disc, and of a fingertip on an iPhone's screen.
    public static let diameter = 44.0
    /// The darker ring around the disc. Chosen to look like the Simulator's, which Apple does
    /// not document; 2 points stays visible at scale 1.
    public static let ringWidth = 2.0
    /// The fade after the finger lifts, and a swipe's length, in seconds. Chosen: the Simulator
    /// fades its disc quickly (about 0.2 s by eye), and a flick's touch lasts about 0.1–0.15 s.
    public static let fadeDuration = 0.2, swipeDuration = 0.12
    /// About half opacity, as the Simulator's: a light grey disc that shows on dark content, and a
    /// dark grey ring that shows on white.
    public static let fillColor = Color(r: 0x9A, g: 0x9A, b: 0x9A, a: 0x80)
    public static let ringColor = Color(r: 0x4D, g: 0x4D, b: 0x4D, a: 0x99)

    /// The disc in one frame: where and how opaque.
    public struct Touch: Equatable, Sendable {
        /// The finger's point on screen.
        public var x: Double, y: Double
        public var alpha: Double

        public init(x: Double, y: Double, alpha: Double) { self.x = x; self.y = y; self.alpha = alpha }

        /// The disc's square on screen, `diameter` wide, centred on the finger.
        public var frame: Rect {
            let r = TouchIndicator.diameter / 2
            return Rect(x: x - r, y: y - r, width: TouchIndicator.diameter, height: TouchIndicator.diameter)
        }
    }

    /// One time a finger is on the screen.
    enum Stroke: Equatable, Sendable {
        /// A finger put down by a `drag`: the timeline's segments under it, and where it starts.
        case drag(segments: Range<Int>, y: Double)
        /// A swipe from `from` to `to`, before or at the start of a fling.
        case swipe(from: Double, to: Double)
    }

    let timeline: Timeline
    /// The strokes in the order they start, each with its start and the time the finger lifts.
    let strokes: [(start: Double, lift: Double, stroke: Stroke)]
    let x: Double

    /// The fingers of a scene's script, played by `timeline` (the scene's own).
    public init(scene: Scene, timeline: Timeline) {
        let height = scene.canvas.height, scroll = scene.scroll
        let top = max(scroll.adjustedInsets.top, scroll.bars.top)
        let bottom = max(top, height - max(scroll.adjustedInsets.bottom, scroll.bars.bottom))
        self.init(timeline: timeline, width: scene.canvas.width, height: height, visible: top...bottom)
    }

    /// - Parameter visible: the screen's area between the bars, where fingers start.
    init(timeline: Timeline, width: Double, height: Double, visible: ClosedRange<Double>) {
        self.timeline = timeline
        x = width / 2
        let r = TouchIndicator.diameter / 2, span = visible.upperBound - visible.lowerBound
        let middle = (visible.lowerBound + visible.upperBound) / 2
        var strokes: [(start: Double, lift: Double, stroke: Stroke)] = []
        let segments = timeline.segments
        var i = 0
        while i < segments.count {
            guard let touch = segments[i].touch else { i += 1; continue }
            var end = i
            while end < segments.count, segments[end].touch == touch { end += 1 }
            // The finger's path relative to its start: minus the offset's change at each drag's end.
            var moved = [0.0]
            for s in segments[i..<end] where s.isDrag { moved.append(moved.last! - (s.end - s.motion.position(at: 0))) }
            let low = moved.min()!, high = moved.max()!
            var y = min(max(middle - (low + high) / 2, visible.lowerBound + span / 3), visible.lowerBound + 2 * span / 3)
            y = max(r - low, min(height - r - high, y))
            let last = segments[end - 1]
            strokes.append((segments[i].start, last.start + last.duration, .drag(segments: i..<end, y: y)))
            i = end
        }
        for swipe in timeline.swipes where swipe.velocity != 0 {
            let travel = min(abs(swipe.velocity) * TouchIndicator.swipeDuration, span / 3)
            let up = swipe.velocity > 0 ? 1.0 : -1.0
            // Before the fling only if no finger was down then.
            let before = swipe.start >= TouchIndicator.swipeDuration
                && !strokes.contains { $0.lift > swipe.start - TouchIndicator.swipeDuration && $0.start < swipe.start }
            let start = before ? swipe.start - TouchIndicator.swipeDuration : swipe.start
            strokes.append((start, start + TouchIndicator.swipeDuration,
                            .swipe(from: middle + up * travel / 2, to: middle - up * travel / 2)))
        }
        self.strokes = strokes.sorted { $0.start < $1.start }
    }

    /// The disc at time `t`, or nil when no finger is down or fading.
    public func touch(at t: Double) -> Touch? {
        guard let (start, lift, stroke) = strokes.last(where: { $0.start <= t }) else { return nil }
        let alpha = t <= lift ? 1 : 1 - (t - lift) / TouchIndicator.fadeDuration
        // The frame at the fade's end, whose time is a binary fraction off it, draws nothing.
        guard alpha > 1e-9 else { return nil }
        switch stroke {
        case let .drag(range, y):
            return Touch(x: x, y: y - moved(range, until: t), alpha: alpha)
        case let .swipe(from, to):
            let f = min(1, max(0, (t - start) / TouchIndicator.swipeDuration))
            return Touch(x: x, y: from + (to - from) * f, alpha: alpha)
        }
    }

    /// How far the offset has moved during the drags of `range` by time `t`.
    private func moved(_ range: Range<Int>, until t: Double) -> Double {
        var sum = 0.0
        for s in timeline.segments[range] where s.isDrag && s.start <= t {
            sum += (t < s.start + s.duration ? s.motion.position(at: t - s.start) : s.end) - s.motion.position(at: 0)
        }
        return sum
    }
}

extension Timeline.Segment {
    var isDrag: Bool { if case .drag = motion { true } else { false } }
}
