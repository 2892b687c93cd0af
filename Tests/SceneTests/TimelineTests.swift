import Scene
import XCTest

final class TimelineTests: XCTestCase {
    /// A range wide enough that scrollTo and wait never meet an edge.
    static let roomy = Timeline.Bounds(range: -10_000...10_000, viewportHeight: 844, scale: 1)

    func testScrollToAndWaitAreSampledAtFrameTimes() {
        let timeline = Timeline(startOffset: 0, bounds: TimelineTests.roomy, script: [
            .wait(duration: 0.5),
            .scrollTo(y: 300, duration: 1, curve: .linear),
            .scrollTo(y: -100, duration: 0.5, curve: .easeInOut),
        ])
        XCTAssertEqual(timeline.duration, 2)
        XCTAssertEqual(timeline.frameCount(fps: 30), 60)
        let offsets = timeline.offsets(fps: 30)
        XCTAssertEqual(offsets[0], 0)
        XCTAssertEqual(offsets[15], 0, "t = 0.5 is the start of the scroll")
        XCTAssertEqual(offsets[30], 150, accuracy: 1e-9, "half-way through a linear scroll")
        XCTAssertEqual(offsets[45], 300, accuracy: 1e-9)
        // t = 1.75: half-way through easeInOut from 300 to −100.
        XCTAssertEqual(offsets[52], 300 - 400 * TimingCurve.easeInOut.value(at: (52.0 / 30 - 1.5) / 0.5), accuracy: 1e-9)
        XCTAssertEqual(timeline.offset(at: 1.75), 100, accuracy: 1e-9)
        XCTAssertEqual(timeline.offset(at: 99), -100)
    }

    func testEmptyScriptHasOneFrameAtTheStart() {
        let timeline = Timeline(startOffset: -20, bounds: TimelineTests.roomy, script: [])
        XCTAssertEqual(timeline.offsets(fps: 30), [-20])
    }

    func testFractionalDurationsRoundFrameCountUp() {
        XCTAssertEqual(Timeline(startOffset: 0, bounds: TimelineTests.roomy, script: [.wait(duration: 0.1), .wait(duration: 0.2)]).frameCount(fps: 30), 9)
        XCTAssertEqual(Timeline(startOffset: 0, bounds: TimelineTests.roomy, script: [.wait(duration: 0.11)]).frameCount(fps: 30), 4)
    }

    func testZeroDurationScrollJumps() {
        let timeline = Timeline(startOffset: 0, bounds: TimelineTests.roomy, script: [.scrollTo(y: 50, duration: 0, curve: .linear), .wait(duration: 1)])
        XCTAssertEqual(timeline.offset(at: 0), 50)
    }
}
