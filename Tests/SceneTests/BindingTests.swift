import Scene
import XCTest

final class BindingTests: XCTestCase {
    func binding(_ keyframes: [(Double, Double)], curve: TimingCurve? = nil, clamp: Bool = true) -> Binding {
        Binding(property: .y, driver: .offset, keyframes: keyframes.map { (input: $0.0, output: $0.1) }, curve: curve, clamp: clamp)
    }

    func testPiecewiseLinearKeyframes() {
        let b = binding([(0, 10), (100, 30), (300, -10)])
        XCTAssertEqual(b.value(at: 0), 10)
        XCTAssertEqual(b.value(at: 50), 20)
        XCTAssertEqual(b.value(at: 100), 30)
        XCTAssertEqual(b.value(at: 200), 10)
        XCTAssertEqual(b.value(at: 300), -10)
        XCTAssertEqual(b.value(at: -50), 10, "clamped below")
        XCTAssertEqual(b.value(at: 900), -10, "clamped above")
    }

    func testUnclampedExtendsTheEndIntervals() {
        let b = binding([(0, 10), (100, 30), (300, -10)], clamp: false)
        XCTAssertEqual(b.value(at: -50), 0)
        XCTAssertEqual(b.value(at: 400), -30)
    }

    func testUnclampedOutputsStayWithinTheSceneRange() {
        let steep = binding([(0, 0), (1e-9, 1_000_000)], clamp: false)
        XCTAssertEqual(steep.value(at: 100), 1_000_000)
        XCTAssertEqual(steep.value(at: -100), -1_000_000)
    }

    func testEasingAppliesWithinEachInterval() {
        let b = binding([(0, 0), (100, 200), (200, 0)], curve: .easeIn)
        XCTAssertEqual(b.value(at: 50), 200 * TimingCurve.easeIn.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(b.value(at: 150), 200 - 200 * TimingCurve.easeIn.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(b.value(at: 100), 200)
    }

    func testSingleKeyframeIsConstant() {
        XCTAssertEqual(binding([(5, 42)]).value(at: -1000), 42)
    }

    /// A 100 pt view in an 800 pt canvas with insets 100 / 50: the scrollport runs from 100 to 750.
    func testViewProgressRangesAtTheirBoundaries() {
        func p(_ range: ViewProgress.Range, top: Double, height: Double = 100) -> Double {
            ViewProgress(view: "v", range: range, insets: Insets(top: 100, bottom: 50))
                .progress(top: top, height: height, viewportHeight: 800)
        }
        // cover: top at 750 (entering at the bottom) → 0; bottom at 100 (top at 0) → 1.
        XCTAssertEqual(p(.cover, top: 750), 0)
        XCTAssertEqual(p(.cover, top: 0), 1)
        XCTAssertEqual(p(.cover, top: 375), 0.5)
        XCTAssertEqual(p(.cover, top: 800), -50.0 / 750, "not clamped: the keyframes clamp")
        // contain: fully inside from top 650 (bottom at 750) → 0 to top 100 → 1.
        XCTAssertEqual(p(.contain, top: 650), 0)
        XCTAssertEqual(p(.contain, top: 100), 1)
        XCTAssertEqual(p(.contain, top: 375), 0.5)
        // entry: 750 → 650; exit: 100 → 0.
        XCTAssertEqual(p(.entry, top: 750), 0)
        XCTAssertEqual(p(.entry, top: 700), 0.5)
        XCTAssertEqual(p(.entry, top: 650), 1)
        XCTAssertEqual(p(.exit, top: 100), 0)
        XCTAssertEqual(p(.exit, top: 50), 0.5)
        XCTAssertEqual(p(.exit, top: 0), 1)
        // A view taller than the scrollport (900 > 650): contain runs while it covers it, from its
        // top at 100 to its bottom at 750 (top at −150).
        XCTAssertEqual(p(.contain, top: 100, height: 900), 0)
        XCTAssertEqual(p(.contain, top: -150, height: 900), 1)
        XCTAssertEqual(p(.entry, top: 100, height: 900), 1)
        XCTAssertEqual(p(.exit, top: -150, height: 900), 0)
        // A view exactly the scrollport's height: contain is a single position, a step.
        XCTAssertEqual(p(.contain, top: 101, height: 650), 0)
        XCTAssertEqual(p(.contain, top: 100, height: 650), 1)
    }

    /// E2's ratio is exactly 1 − cover progress with the content insets as view-timeline insets.
    func testParallaxRatioIsOneMinusCoverProgress() {
        let insets = Insets(top: 91, bottom: 83)
        let progress = ViewProgress(view: "c", range: .cover, insets: insets)
        for top in stride(from: -300.0, through: 1000, by: 37.5) {
            let container = Rect(x: 0, y: top, width: 358, height: 220)
            let ratio = ParallaxImage().ratio(container: container, viewportHeight: 844, insets: insets)
            XCTAssertEqual(ratio, 1 - progress.progress(top: top, height: 220, viewportHeight: 844), accuracy: 1e-12)
        }
    }

    func testDecodingAndErrors() throws {
        func scene(_ bindings: String) -> String {
            """
            {"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 300},
             "views": [{"id": "a", "frame": [0, 0, 10, 10], "bindings": [\(bindings)]}]}
            """
        }
        func decode(_ bindings: String) throws -> Scene { try SceneDecoder.decode(Array(scene(bindings).utf8), file: "s.json") }
        func message(_ bindings: String) -> String { do { _ = try decode(bindings); return "no error" } catch { return "\(error)" } }

        let s = try decode("""
        {"property": "alpha", "driver": "offset", "keyframes": [[0, 1], [100, 0]], "curve": "easeOut", "clamp": false},
        {"property": "y", "driver": {"view": "a", "range": "exit", "insets": [10, 20]}, "keyframes": [[0, 0], [1, -30]]}
        """)
        XCTAssertEqual(s.views[0].bindings, [
            Binding(property: .alpha, driver: .offset, keyframes: [(0, 1), (100, 0)], curve: .easeOut, clamp: false),
            Binding(property: .y, driver: .viewProgress(ViewProgress(view: "a", range: .exit, insets: Insets(top: 10, bottom: 20))),
                    keyframes: [(0, 0), (1, -30)]),
        ])
        XCTAssertEqual(message("{\"property\": \"z\", \"driver\": \"offset\", \"keyframes\": [[0, 0]]}"),
                       "s.json: views[0].bindings[0].property: unknown value \"z\"; did you mean \"x\"?")
        XCTAssertEqual(message("{\"property\": \"y\", \"driver\": \"offset\", \"keyframes\": [[0, 0], [0, 1]]}"),
                       "s.json: views[0].bindings[0].keyframes[1][0]: keyframe inputs must increase: 0 follows 0")
        XCTAssertEqual(message("{\"property\": \"y\", \"driver\": \"offset\", \"keyframes\": [[0, 0, 1]]}"),
                       "s.json: views[0].bindings[0].keyframes[0]: expected [input, output]")
        XCTAssertEqual(message("{\"property\": \"y\", \"driver\": {\"view\": \"b\"}, \"keyframes\": [[0, 0]]}"),
                       "s.json: views[0].bindings[0].driver.view: no view has the id \"b\"; did you mean \"a\"?")
        XCTAssertEqual(message("{\"property\": \"y\", \"driver\": \"ofset\", \"keyframes\": [[0, 0]]}"),
                       "s.json: views[0].bindings[0].driver: unknown value \"ofset\"; did you mean \"offset\"?")
        XCTAssertEqual(message("{\"property\": \"y\", \"driver\": \"offset\", \"keyframes\": []}"),
                       "s.json: views[0].bindings[0].keyframes: expected at least one [input, output] pair")
    }
}
