import Foundation

/// How the offset moves during one segment of the timeline, as a closed form of the time since
/// the segment began. Velocities are in points per second.
enum Motion: Equatable, Sendable {
    /// Still at an offset.
    case hold(Double)
    /// A timed move from one offset to another along a curve.
    case animation(from: Double, to: Double, curve: TimingCurve, duration: Double)
    /// A finger moving from finger offset `start` by −`dy` along a curve; shown through the
    /// rubber band outside `range`.
    case drag(start: Double, dy: Double, curve: TimingCurve, duration: Double, range: ClosedRange<Double>, dimension: Double)
    /// Deceleration: x₀ + v·(r^(1000t) − 1)/(1000·ln r).
    case fling(from: Double, velocity: Double, rate: Double)
    /// The critically damped bounce towards an edge.
    case spring(edge: Double, from: Double, velocity: Double)
    /// A fling that reached an edge with `velocity`: the same spring, started at the edge, moves a
    /// finger-like overscroll v·t·e^(−ωt), which shows through the rubber band.
    case bouncePastEdge(edge: Double, velocity: Double, dimension: Double)

    func position(at t: Double) -> Double {
        switch self {
        case .hold(let x):
            return x
        case let .animation(from, to, curve, duration):
            return from + (to - from) * curve.value(at: duration > 0 ? t / duration : 1)
        case let .drag(start, dy, curve, duration, range, d):
            let finger = start - dy * curve.value(at: duration > 0 ? t / duration : 1)
            return Motion.shown(finger: finger, range: range, dimension: d)
        case let .fling(x0, v, r):
            return ScrollPhysics.flingPosition(from: x0, velocity: v, rate: r, time: t)
        case let .spring(edge, x0, v0):
            return ScrollPhysics.springPosition(edge: edge, from: x0, velocity: v0, time: t)
        case let .bouncePastEdge(edge, v0, d):
            let over = ScrollPhysics.springPosition(edge: 0, from: 0, velocity: v0, time: t)
            return edge + (over < 0 ? -1 : 1) * ScrollPhysics.rubberBand(abs(over), dimension: d)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .hold:
            return 0
        case let .animation(from, to, curve, duration):
            return duration > 0 ? (to - from) * curve.slope(at: t / duration) / duration : 0
        case let .drag(start, dy, curve, duration, range, d):
            guard duration > 0 else { return 0 }
            let finger = start - dy * curve.value(at: t / duration)
            let fingerVelocity = -dy * curve.slope(at: t / duration) / duration
            let over = finger < range.lowerBound ? range.lowerBound - finger : max(0, finger - range.upperBound)
            return over > 0 ? fingerVelocity * ScrollPhysics.rubberBandSlope(over, dimension: d) : fingerVelocity
        case let .fling(_, v, r):
            return ScrollPhysics.flingVelocity(v, rate: r, time: t)
        case let .spring(edge, x0, v0):
            return ScrollPhysics.springVelocity(edge: edge, from: x0, velocity: v0, time: t)
        case let .bouncePastEdge(_, v0, d):
            let over = ScrollPhysics.springPosition(edge: 0, from: 0, velocity: v0, time: t)
            return ScrollPhysics.springVelocity(edge: 0, from: 0, velocity: v0, time: t)
                * ScrollPhysics.rubberBandSlope(abs(over), dimension: d)
        }
    }

    /// The offset shown for a finger offset: itself inside the range, rubber-banded beyond it.
    static func shown(finger: Double, range: ClosedRange<Double>, dimension d: Double) -> Double {
        if finger < range.lowerBound { return range.lowerBound - ScrollPhysics.rubberBand(range.lowerBound - finger, dimension: d) }
        if finger > range.upperBound { return range.upperBound + ScrollPhysics.rubberBand(finger - range.upperBound, dimension: d) }
        return finger
    }

    /// The finger offset that shows as `offset` (the inverse of `shown`).
    static func finger(shown offset: Double, range: ClosedRange<Double>, dimension d: Double) -> Double {
        // The band never reaches d; an offset that far out (set by scrollTo) is taken as the limit.
        let limit = d * (1 - 1e-9)
        if offset < range.lowerBound {
            return range.lowerBound - ScrollPhysics.rubberBandInverse(min(range.lowerBound - offset, limit), dimension: d)
        }
        if offset > range.upperBound {
            return range.upperBound + ScrollPhysics.rubberBandInverse(min(offset - range.upperBound, limit), dimension: d)
        }
        return offset
    }
}
