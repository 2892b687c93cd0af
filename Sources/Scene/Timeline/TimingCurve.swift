/// A timing function from progress in time (0…1) to progress in value, as CAMediaTimingFunction
/// and CSS `cubic-bezier()` define it: a cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2), x1 and x2 in 0…1 so the curve is a function of time.
public struct TimingCurve: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "x control points must be in 0…1")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    public static let named: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
    ]

    /// The value progress at time progress `t` (clamped to 0…1).
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if self == .linear { return t }
        return bezier(solveParameter(forX: t), y1, y2)
    }

    /// d(value)/d(time progress) at time progress `t` in 0…1: how fast the animated value moves,
    /// in units of its whole change per whole duration. Where the curve's x speed vanishes (the
    /// ends of easeIn / easeOut) the limit is taken through the second derivatives.
    public func slope(at t: Double) -> Double {
        if self == .linear { return 1 }
        let s = t <= 0 ? 0 : t >= 1 ? 1 : solveParameter(forX: t)
        let dx = derivative(s, x1, x2), dy = derivative(s, y1, y2)
        if abs(dx) > 1e-9 { return dy / dx }
        let ddx = secondDerivative(s, x1, x2)
        return abs(ddx) > 1e-9 ? secondDerivative(s, y1, y2) / ddx : 0
    }

    /// The curve parameter whose x is `x`: Newton's method, with bisection as the fallback when
    /// the slope is too flat. x(s) is monotonic because x1, x2 ∈ 0…1.
    private func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let slope = derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = bezier(s, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}

/// One coordinate of the Bézier with end points 0 and 1 and control values p1, p2.
private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
}

private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
}

/// B(s) = 3p₁s + (3p₂ − 6p₁)s² + (3p₁ − 3p₂ + 1)s³, so B″(s) = 2(3p₂ − 6p₁) + 6(3p₁ − 3p₂ + 1)s.
private func secondDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    2 * (3 * p2 - 6 * p1) + 6 * (3 * p1 - 3 * p2 + 1) * s
}
