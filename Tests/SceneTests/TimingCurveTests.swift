import Scene
import XCTest

/// Expected values come from an independent bisection solve of the same Bézier in Python, to 12
/// decimals.
final class TimingCurveTests: XCTestCase {
    let times = [0.1, 0.25, 0.5, 0.75, 0.9]

    func check(_ curve: TimingCurve, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (t, v) in zip(times, expected) {
            XCTAssertEqual(curve.value(at: t), v, accuracy: 1e-9, "t = \(t)", file: file, line: line)
        }
    }

    func testNamedCurvesMatchCoreAnimation() {
        check(.easeIn, [0.017026609652, 0.093464650719, 0.315356812573, 0.621861869175, 0.839427845762])
        check(.easeOut, [0.160572154238, 0.378138130825, 0.684643187427, 0.906535349281, 0.982973390348])
        check(.easeInOut, [0.019722453548, 0.129161931047, 0.5, 0.870838068953, 0.980277546452])
        check(.linear, times)
    }

    func testCustomCubicBezierMatchesCSS() {
        // CSS `ease` is cubic-bezier(0.25, 0.1, 0.25, 1).
        check(TimingCurve(0.25, 0.1, 0.25, 1), [0.094796305716, 0.408510591355, 0.802403387585, 0.960458978349, 0.994316477485])
    }

    func testEndpointsAndClamping() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, TimingCurve(0, 1.5, 1, -0.5)] {
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(curve.value(at: -3), 0)
            XCTAssertEqual(curve.value(at: 7), 1)
        }
    }

    func testMonotonicWhenControlValuesAreInRange() {
        var last = 0.0
        for i in 0...1000 {
            let v = TimingCurve.easeInOut.value(at: Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(v, last)
            last = v
        }
    }
}
