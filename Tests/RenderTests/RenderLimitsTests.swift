import Render
import Scene
import XCTest

final class RenderLimitsTests: XCTestCase {
    /// Steps that add up to 600 s in decimal sum to 600.0000000000001 in binary; the script is still
    /// the 600 s and 18000 frames that the timeline renders, so the default limits allow it.
    func testLimitsCountWhatTheTimelineRenders() throws {
        let steps: [ScriptStep] = [.wait(duration: 554.19), .wait(duration: 20.97), .wait(duration: 24.84)]
        let scene = Scene(canvas: Canvas(width: 10, height: 10), fps: 30, scroll: ScrollSpec(contentHeight: 10, script: steps),
                          views: [], file: "s.json")
        let timeline = Timeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(fps: 30), 18000)
        XCTAssertNoThrow(try RenderLimits().check(scene, timeline: timeline))
        var limits = RenderLimits()
        limits.frames = 17999
        XCTAssertThrowsError(try limits.check(scene, timeline: timeline)) {
            XCTAssertEqual("\($0)", "s.json: scroll.script: 18000 frames is above the limit of 17999 (raise it with --max-frames)")
        }
    }
}
