import Foundation
import Scene
import XCTest

/// Drags, releases and flings against the closed forms of the brief, written out independently
/// here: rubber band b = (1 − 1/(x·0.55/d + 1))·d; fling x₀ + v·(r^(1000t) − 1)/(1000·ln r);
/// spring edge + (A + B·t)·e^(−10t) with B = v₀ + 10·A.
final class PhysicsTimelineTests: XCTestCase {
    let d = 844.0
    lazy var bounds = Timeline.Bounds(range: 0...1156, viewportHeight: d, scale: 2)

    func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }
    func fling(_ x0: Double, _ v: Double, _ r: Double, _ t: Double) -> Double { x0 + v * (pow(r, 1000 * t) - 1) / (1000 * log(r)) }

    func testDragInsideTheRangeFollowsTheFinger() {
        let t = Timeline(startOffset: 500, bounds: bounds, script: [.drag(dy: 120, duration: 1, curve: .linear)])
        for time in [0.0, 0.25, 0.5, 0.9] { XCTAssertEqual(t.offset(at: time), 500 - 120 * time, accuracy: 1e-9) }
        let eased = Timeline(startOffset: 500, bounds: bounds, script: [.drag(dy: -80, duration: 0.5, curve: .easeOut)])
        XCTAssertEqual(eased.offset(at: 0.2), 500 + 80 * TimingCurve.easeOut.value(at: 0.4), accuracy: 1e-9)
    }

    func testDragIntoOverscrollIsRubberBanded() {
        let t = Timeline(startOffset: 40, bounds: bounds, script: [.drag(dy: 240, duration: 1, curve: .linear)])
        // The finger passes the top edge (offset 0) at t = 1/6, then overscrolls by 240t − 40.
        for time in [0.3, 0.5, 0.75, 0.999] {
            XCTAssertEqual(t.offset(at: time), -band(240 * time - 40), accuracy: 1e-9, "t \(time)")
        }
        XCTAssertEqual(t.offset(at: 0.1), 40 - 24, accuracy: 1e-9, "still in range")
        let bottom = Timeline(startOffset: 1100, bounds: bounds, script: [.drag(dy: -156, duration: 1, curve: .linear)])
        XCTAssertEqual(bottom.offset(at: 1), 1156 + band(100), accuracy: 1e-9, "past the bottom edge too")
    }

    /// A second drag starting in overscroll picks the finger up where the band left it.
    func testDragResumesFromTheBandedPosition() {
        let t = Timeline(startOffset: 0, bounds: bounds, script: [
            .drag(dy: 100, duration: 1, curve: .linear), .wait(duration: 0.5), .drag(dy: 100, duration: 1, curve: .linear),
        ])
        XCTAssertEqual(t.offset(at: 1.5), -band(100), accuracy: 1e-9)
        XCTAssertEqual(t.offset(at: 2.499), -band(100 + 100 * 0.999), accuracy: 1e-9)
    }

    /// Released at rest 150 pt past the edge: x = −(150·(1 + 10t)·e^(−10t)) until within 0.5/scale.
    func testReleaseSpringsBackAndSnapsToTheEdge() {
        let finger = 150 / 0.55 * d / (d - 150)     // the finger overscroll that shows as 150
        let t = Timeline(startOffset: 0, bounds: bounds, script: [
            .drag(dy: finger, duration: 1, curve: .easeOut), .release, .wait(duration: 0.5),
        ])
        XCTAssertEqual(t.offset(at: 1), -150, accuracy: 1e-9)
        for s in [0.05, 0.1, 0.3, 0.6] {
            XCTAssertEqual(t.offset(at: 1 + s), -150 * (1 + 10 * s) * exp(-10 * s), accuracy: 1e-9, "s \(s)")
        }
        // The step ends where 150·(1 + 10T)·e^(−10T) = 0.25 (half a pixel at @2x).
        let settle = t.duration - 1.5
        XCTAssertEqual(150 * (1 + 10 * settle) * exp(-10 * settle), 0.25, accuracy: 1e-9)
        XCTAssertEqual(t.offset(at: 1 + settle), 0, "snapped exactly to the edge")
        XCTAssertLessThan(t.offset(at: 1 + settle - 0.001), -0.25)
    }

    func testFlingDeceleratesAndStopsBelowTheThreshold() {
        for (rate, r) in [(FlingRate.normal, 0.998), (.fast, 0.99)] {
            let t = Timeline(startOffset: 200, bounds: bounds, script: [.fling(velocity: 1200, rate: rate)])
            for time in [0.0, 0.1, 0.4, 1.0] where time < t.duration {
                XCTAssertEqual(t.offset(at: time), fling(200, 1200, r, time), accuracy: 1e-9, "\(rate) t \(time)")
            }
            // It stops when v·r^(1000t) = 1 pt/s.
            XCTAssertEqual(1200 * pow(r, 1000 * t.duration), 1, accuracy: 1e-9)
            XCTAssertEqual(t.offset(at: t.duration + 5), fling(200, 1200, r, t.duration), accuracy: 1e-9)
            XCTAssertLessThan(abs(t.offset(at: t.duration) - (200 - 1200 / (1000 * log(r)))), 0.51, "near the resting point")
        }
        let up = Timeline(startOffset: 900, bounds: bounds, script: [.fling(velocity: -500, rate: .normal)])
        XCTAssertEqual(up.offset(at: 0.3), fling(900, -500, 0.998, 0.3), accuracy: 1e-9)
    }

    /// Flung at 3000 pt/s from 0: the resting point 1498.5 is past 1156, so it hits the edge at
    /// t_e = ln(1 + 1156·1000·ln r / 3000) / (1000·ln r), overshoots and springs back exactly.
    func testFlingThatHitsAnEdgeBounces() {
        let r = 0.998, lnr = log(r)
        let hit = log(1 + 1156 * 1000 * lnr / 3000) / (1000 * lnr)
        let t = Timeline(startOffset: 0, bounds: bounds, script: [.fling(velocity: 3000, rate: .normal), .wait(duration: 0.2)])
        XCTAssertEqual(t.offset(at: hit * 0.99), fling(0, 3000, r, hit * 0.99), accuracy: 1e-9)
        let speed = 3000 * pow(r, 1000 * hit)
        // Past the edge the spring's excursion v·s·e^(−10s) shows through the rubber band.
        for s in [0.05, 0.1, 0.2] {
            XCTAssertEqual(t.offset(at: hit + s), 1156 + band(speed * s * exp(-10 * s)), accuracy: 1e-9, "s \(s)")
        }
        XCTAssertGreaterThan(t.offset(at: hit + 0.1), 1156)
        XCTAssertEqual(t.offset(at: t.duration - 0.1), 1156, "rests exactly on the edge")
    }

    func testReleaseInRangeFlingsOnWithTheFingerVelocity() {
        let t = Timeline(startOffset: 600, bounds: bounds, script: [.drag(dy: 100, duration: 0.5, curve: .linear), .release])
        // The finger moved at −200 pt/s; the fling continues with it.
        XCTAssertEqual(t.offset(at: 0.5 + 0.2), fling(500, -200, 0.998, 0.2), accuracy: 1e-9)
    }

    func testStepsChainWithoutJumps() {
        let t = Timeline(startOffset: 0, bounds: bounds, script: [
            .drag(dy: 150, duration: 0.6, curve: .linear), .release, .fling(velocity: 2500, rate: .normal),
            .scrollTo(y: 300, duration: 0.7, curve: .easeInOut), .drag(dy: -200, duration: 0.4, curve: .easeIn), .release,
            .fling(velocity: -4000, rate: .fast), .wait(duration: 0.2),
        ])
        var last = t.offset(at: 0)
        for i in 1...Int(t.duration * 1000) {
            let x = t.offset(at: Double(i) / 1000)
            XCTAssertLessThan(abs(x - last), 15, "no jump at t = \(Double(i) / 1000)")
            last = x
        }
        XCTAssertEqual(t, Timeline(startOffset: 0, bounds: bounds, script: [
            .drag(dy: 150, duration: 0.6, curve: .linear), .release, .fling(velocity: 2500, rate: .normal),
            .scrollTo(y: 300, duration: 0.7, curve: .easeInOut), .drag(dy: -200, duration: 0.4, curve: .easeIn), .release,
            .fling(velocity: -4000, rate: .fast), .wait(duration: 0.2),
        ]), "deterministic")
    }

    func testCurveSlopes() {
        XCTAssertEqual(TimingCurve.linear.slope(at: 0.3), 1)
        XCTAssertEqual(TimingCurve.easeOut.slope(at: 1), 0, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.easeIn.slope(at: 0), 0, accuracy: 1e-9)
        let h = 1e-6
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            for t in [0.2, 0.5, 0.8] {
                let numeric = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
                XCTAssertEqual(curve.slope(at: t), numeric, accuracy: 1e-5)
            }
        }
    }
}
