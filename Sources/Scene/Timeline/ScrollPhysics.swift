import Foundation

/// UIScrollView's motion laws as closed forms. Pure functions of their arguments.
public enum ScrollPhysics {
    /// Rubber-band stiffness: an overscroll of x shows as (1 − 1/(x·c/d + 1))·d.
    public static let rubberBandCoefficient = 0.55
    /// Deceleration per millisecond: `UIScrollView.DecelerationRate.normal` and `.fast`.
    public static let normalRate = 0.998
    public static let fastRate = 0.99
    /// A fling stops once its speed falls below this, in points per second. What is left to travel
    /// at that speed, v / (1000·|ln r|), is at most 0.5 pt (normal rate) or 0.1 pt (fast), so the
    /// stop is invisible.
    public static let flingStopSpeed = 1.0
    /// The bounce spring: mass 1, stiffness 100, damping ratio 1 (critically damped), so
    /// ω = √(k/m) = 10 per second.
    public static let springOmega = 10.0

    // MARK: Rubber band

    /// The shown overscroll for a finger overscroll `x` ≥ 0 with viewport height `d`.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    /// The finger overscroll that shows as `b` (0 ≤ b < d): x = (d / c) · b / (d − b).
    public static func rubberBandInverse(_ b: Double, dimension d: Double) -> Double {
        d / rubberBandCoefficient * b / (d - b)
    }

    /// d(shown) / d(finger) at finger overscroll x: 1 / (x·c/d + 1)² · c.
    public static func rubberBandSlope(_ x: Double, dimension d: Double) -> Double {
        let q = x * rubberBandCoefficient / d + 1
        return rubberBandCoefficient / (q * q)
    }

    // MARK: Fling

    /// x(t) = x₀ + v·(r^(1000t) − 1) / (1000·ln r).
    public static func flingPosition(from x0: Double, velocity v: Double, rate r: Double, time t: Double) -> Double {
        x0 + v * (pow(r, 1000 * t) - 1) / (1000 * log(r))
    }

    /// Where a fling comes to rest as t → ∞: x₀ − v / (1000·ln r).
    public static func flingRest(from x0: Double, velocity v: Double, rate r: Double) -> Double {
        x0 - v / (1000 * log(r))
    }

    /// The velocity that makes a fling from x₀ come to rest at `target`: (x₀ − target)·1000·ln r.
    public static func flingVelocity(from x0: Double, restingAt target: Double, rate r: Double) -> Double {
        (x0 - target) * 1000 * log(r)
    }

    /// v(t) = v₀·r^(1000t).
    public static func flingVelocity(_ v: Double, rate r: Double, time t: Double) -> Double {
        v * pow(r, 1000 * t)
    }

    /// When the speed falls to `flingStopSpeed`: t = ln(stop / |v|) / (1000·ln r); 0 if already below.
    public static func flingStopTime(velocity v: Double, rate r: Double) -> Double {
        abs(v) <= flingStopSpeed ? 0 : log(flingStopSpeed / abs(v)) / (1000 * log(r))
    }

    /// When a fling from x₀ reaches `edge`, solving x(t) = edge; nil if it comes to rest first.
    public static func flingTime(from x0: Double, velocity v: Double, rate r: Double, to edge: Double) -> Double? {
        let q = 1 + (edge - x0) * 1000 * log(r) / v
        guard v != 0, q > 0, q <= 1 else { return nil }
        return log(q) / (1000 * log(r))
    }

    // MARK: Spring

    /// Critically damped spring towards `edge`: x(t) = edge + (A + B·t)·e^(−ωt), A = x₀ − edge,
    /// B = v₀ + ω·A.
    public static func springPosition(edge: Double, from x0: Double, velocity v0: Double, time t: Double) -> Double {
        let a = x0 - edge, b = v0 + springOmega * a
        return edge + (a + b * t) * exp(-springOmega * t)
    }

    public static func springVelocity(edge: Double, from x0: Double, velocity v0: Double, time t: Double) -> Double {
        let a = x0 - edge, b = v0 + springOmega * a
        return (b - springOmega * (a + b * t)) * exp(-springOmega * t)
    }

    /// The time after which the spring stays within `tolerance` of the edge.
    ///
    /// f(t) = (A + Bt)e^(−ωt) has one extremum, at t* = 1/ω − A/B; after max(0, t*) |f| only
    /// shrinks, so the crossing of the tolerance there is found by bisection (a fixed number of
    /// halvings, so it is the same on every run).
    public static func springSettleTime(edge: Double, from x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let a = x0 - edge, b = v0 + springOmega * a
        let deviation = { (t: Double) in abs((a + b * t) * exp(-springOmega * t)) }
        let peak = b == 0 ? 0 : max(0, 1 / springOmega - a / b)
        if deviation(peak) >= tolerance {
            var hi = peak + 1
            while deviation(hi) >= tolerance { hi += 1 }
            return bisect(from: peak, to: hi) { deviation($0) >= tolerance }
        }
        // Within tolerance from the extremum on: the entry is on the way in, where f, monotonic
        // before t*, leaves A's side of the tolerance band.
        guard abs(a) >= tolerance else { return 0 }
        let side = a > 0 ? 1.0 : -1.0
        return bisect(from: 0, to: peak) { side * (a + b * $0) * exp(-springOmega * $0) >= tolerance }
    }

    /// The boundary between where `outside` holds (at `lo`) and where it no longer does (at `hi`).
    private static func bisect(from lo: Double, to hi: Double, _ outside: (Double) -> Bool) -> Double {
        var lo = lo, hi = hi
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if outside(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
