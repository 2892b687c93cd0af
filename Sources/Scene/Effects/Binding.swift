/// A view property driven by the scroll: a driver value mapped through piecewise-linear keyframes.
///
/// Invariants (checked by the decoder): at least one keyframe, inputs strictly increasing.
public struct Binding: Equatable, Sendable {
    /// What can be bound. Frame components replace the view's frame (in its parent's coordinates;
    /// content coordinates for top-level views); `imageOffsetX`/`imageOffsetY` move the image from
    /// where its content mode puts it; `blur` sets the blur fraction.
    public enum Property: String, CaseIterable, Equatable, Sendable {
        case x, y, width, height, alpha, cornerRadius, blur, imageOffsetX, imageOffsetY
    }

    public var property: Property
    public var driver: Driver
    /// (input, output) pairs, inputs strictly increasing.
    public var keyframes: [(input: Double, output: Double)]
    /// Easing within each keyframe interval; nil is linear.
    public var curve: TimingCurve?
    /// Hold the end outputs outside the keyframes (true) or extend the end intervals linearly.
    public var clamp: Bool

    public init(property: Property, driver: Driver, keyframes: [(input: Double, output: Double)],
                curve: TimingCurve? = nil, clamp: Bool = true) {
        self.property = property; self.driver = driver; self.keyframes = keyframes
        self.curve = curve; self.clamp = clamp
    }

    public static func == (a: Binding, b: Binding) -> Bool {
        a.property == b.property && a.driver == b.driver && a.curve == b.curve && a.clamp == b.clamp
            && a.keyframes.count == b.keyframes.count
            && zip(a.keyframes, b.keyframes).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }

    /// Outputs stay within the range a scene may state outright. Unclamped keyframes extend their
    /// end intervals without bound, and a steep one (inputs 1e-9 apart) would otherwise place a
    /// view where no fixed-point coordinate can, which traps in the rasterizer.
    public static let outputRange = -1_000_000.0...1_000_000.0

    /// The output for a driver value.
    public func value(at input: Double) -> Double {
        min(max(unbounded(at: input), Binding.outputRange.lowerBound), Binding.outputRange.upperBound)
    }

    private func unbounded(at input: Double) -> Double {
        let k = keyframes
        guard k.count > 1 else { return k[0].output }
        if input <= k[0].input {
            return clamp ? k[0].output : extend(k[0], k[1], input)
        }
        if input >= k[k.count - 1].input {
            return clamp ? k[k.count - 1].output : extend(k[k.count - 2], k[k.count - 1], input)
        }
        var i = 1
        while k[i].input < input { i += 1 }
        let a = k[i - 1], b = k[i]
        let progress = (input - a.input) / (b.input - a.input)
        return a.output + (b.output - a.output) * (curve?.value(at: progress) ?? progress)
    }

    /// Linear continuation of the interval a…b, as unclamped keyframes extend.
    private func extend(_ a: (input: Double, output: Double), _ b: (input: Double, output: Double), _ x: Double) -> Double {
        a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }
}

/// What a binding follows.
public enum Driver: Equatable, Sendable {
    /// The scroll offset (contentOffset.y), in points.
    case offset
    /// The points of scrolling left before the content's end rests at the bottom: the largest
    /// offset less the offset, 0 at the bottom edge and negative past it.
    case offsetToEnd
    /// A view's progress through the scrollport, 0…1, as a CSS `view()` timeline.
    case viewProgress(ViewProgress)
    /// A collapsing header's progress, 0 expanded … 1 collapsed (see `CollapsingHeader`).
    case collapse(view: String)
}

/// CSS `view()` progress of a view through the scrollport, in the vertical axis.
///
/// The scrollport is the canvas less the `insets` (CSS `view-timeline-inset`): from `start` =
/// insets.top to `end` = canvas height − insets.bottom. With the view's top at screen y and its
/// height h, each range runs between two positions of its top, from A (progress 0) to B (1):
/// - `cover`: A = end (the top enters at the bottom), B = start − h (the bottom leaves at the top);
/// - `contain`: A = max(end − h, start), B = min(start, end − h): fully inside (or, for a view
///   taller than the scrollport, fully covering it) throughout;
/// - `entry`: from cover's A to contain's A; `exit`: from contain's B to cover's B.
/// Progress is (A − y) / (A − B), not clamped (the binding's keyframes clamp). Where A = B it
/// steps from 0 to 1. The position is the view's own from the scene, before bindings and effects.
public struct ViewProgress: Equatable, Sendable {
    public enum Range: String, CaseIterable, Equatable, Sendable { case cover, contain, entry, exit }

    public var view: String
    public var range: Range
    public var insets: Insets

    public init(view: String, range: Range = .cover, insets: Insets = Insets()) {
        self.view = view; self.range = range; self.insets = insets
    }

    /// Progress for a view whose top is at screen `top` with `height`, in a canvas `viewportHeight` tall.
    public func progress(top y: Double, height h: Double, viewportHeight: Double) -> Double {
        let start = insets.top, end = viewportHeight - insets.bottom
        let coverA = end, coverB = start - h
        let containA = max(end - h, start), containB = min(start, end - h)
        let (a, b): (Double, Double)
        switch range {
        case .cover: (a, b) = (coverA, coverB)
        case .contain: (a, b) = (containA, containB)
        case .entry: (a, b) = (coverA, containA)
        case .exit: (a, b) = (containB, coverB)
        }
        if a == b { return y > a ? 0 : 1 }
        return (a - y) / (a - b)
    }
}
