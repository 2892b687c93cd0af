import Scene
import XCTest

/// The `--touches` finger against numbers worked out by hand, on a 200 × 400 screen without bars
/// over 1600 points of content: fingers start on the centre line, x = 100, and their paths centre
/// on y = 200 with the start kept in the middle third (133⅓ … 266⅔).
final class TouchIndicatorTests: XCTestCase {
    func fingers(_ script: String) throws -> (TouchIndicator, Timeline) {
        let scene = try SceneDecoder.decode(Array("""
        {"canvas": {"width": 200, "height": 400, "scale": 1}, "fps": 30,
         "scroll": {"contentHeight": 1600, "script": [\(script)]}, "views": [{"id": "a", "frame": [0, 0, 200, 1600]}]}
        """.utf8), file: "touches.json", appearance: .light)
        let timeline = Timeline(scene: scene)
        return (TouchIndicator(scene: scene, timeline: timeline), timeline)
    }

    func testADragMovesTheDiscByTheOffsetsChangeAndTheReleaseFadesItWhereItLifted() throws {
        // The finger moves up 100 (the offset grows by 100), ending still (easeOut), so the
        // release flings nothing. The path 0 … −100 centres on 200: the start is 250.
        let (fingers, timeline) = try fingers(#"{"wait": 0.2}, {"drag": -100, "duration": 1, "curve": "easeOut"}, {"release": true}, {"wait": 1}"#)
        XCTAssertNil(fingers.touch(at: 0), "no finger before the drag")
        XCTAssertNil(fingers.touch(at: 0.19))
        XCTAssertEqual(fingers.touch(at: 0.2), TouchIndicator.Touch(x: 100, y: 250, alpha: 1), "down where the drag starts")
        for t in stride(from: 0.2, through: 1.2, by: 0.05) {
            let touch = try XCTUnwrap(fingers.touch(at: t))
            XCTAssertEqual(touch.y, 250 - (timeline.offset(at: t) - timeline.offset(at: 0.2)), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(touch.alpha, 1)
        }
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 1.2)).y, 150, accuracy: 1e-9)
        let fading = try XCTUnwrap(fingers.touch(at: 1.3))
        XCTAssertEqual(fading.y, 150, accuracy: 1e-9, "it fades where the finger lifted")
        XCTAssertEqual(fading.alpha, 0.5, accuracy: 1e-9, "halfway through the 0.2 s fade")
        XCTAssertEqual(fading.frame, Rect(x: 78, y: 128, width: 44, height: 44))
        XCTAssertNil(fingers.touch(at: 1.41), "gone after the fade")
    }

    func testThroughTheRubberBandTheDiscStaysOnTheContent() throws {
        // Pulled down 100 past the top: the offset moves less than the finger, and the disc
        // follows the offset. The spring back after the release moves it no more.
        let (fingers, timeline) = try fingers(#"{"drag": 100, "duration": 0.5, "curve": "easeOut"}, {"release": true}"#)
        let pulled = -timeline.offset(at: 0.5)
        XCTAssertLessThan(pulled, 100)
        let start = try XCTUnwrap(fingers.touch(at: 0)).y
        XCTAssertEqual(start, 200 - pulled / 2, accuracy: 1e-9, "the path centres on the middle")
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.5)).y, start + pulled, accuracy: 1e-9, "a pull down moves it down")
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.6)).y, start + pulled, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.6)).alpha, 0.5, accuracy: 1e-9)
    }

    func testALongDragStartsWhereItsWholePathStaysOnScreen() throws {
        // 250 up from the middle third's bottom (266⅔) would leave the screen: it starts at 272,
        // so that the disc's top ends at 0.
        let (fingers, _) = try fingers(#"{"drag": -250, "duration": 1, "curve": "easeOut"}, {"release": true}"#)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0)).y, 272, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 1)).frame.y, 0, accuracy: 1e-9)
    }

    func testAFlingAfterAWaitIsThrownByASwipeBeforeIt() throws {
        // 1000 pt/s for 0.12 s: 120 points up (under a third of the 400), centred on 200, over
        // the last 0.12 s of the wait; then the fade as the fling starts.
        let (fingers, timeline) = try fingers(#"{"wait": 1}, {"fling": 1000}"#)
        XCTAssertNil(fingers.touch(at: 0.87))
        XCTAssertEqual(timeline.offset(at: 0.95), 0, "the swipe changes no offset")
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.88)).y, 260, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.94)).y, 200, accuracy: 1e-9)
        XCTAssertEqual(fingers.touch(at: 1), TouchIndicator.Touch(x: 100, y: 140, alpha: 1))
        let fading = try XCTUnwrap(fingers.touch(at: 1.1))
        XCTAssertEqual(fading.y, 140, accuracy: 1e-9)
        XCTAssertEqual(fading.alpha, 0.5, accuracy: 1e-9)
        XCTAssertNil(fingers.touch(at: 1.21))
    }

    func testAFlingWithNoTimeBeforeItIsSwipedOverItsFirstFrames() throws {
        // At the start, downwards (negative velocity scrolls the content down, the finger down).
        let (fingers, _) = try fingers(#"{"scrollTo": 600, "duration": 0}, {"fling": -500}"#)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0)).y, 170, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.12)).y, 230, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fingers.touch(at: 0.22)).alpha, 0.5, accuracy: 1e-9)
    }

    func testAFlingThatLiftsADraggingFingerHasNoSwipe() throws {
        let (fingers, _) = try fingers(#"{"drag": -50, "duration": 0.5, "curve": "easeOut"}, {"fling": 1000}"#)
        let lifted = try XCTUnwrap(fingers.touch(at: 0.5)).y
        let fading = try XCTUnwrap(fingers.touch(at: 0.6))
        XCTAssertEqual(fading.y, lifted, accuracy: 1e-9, "the drag's finger fades where it lifted")
        XCTAssertEqual(fading.alpha, 0.5, accuracy: 1e-9)
        XCTAssertNil(fingers.touch(at: 0.71))
    }

    func testNoFingerDuringWaitsAndScrollTos() throws {
        let (fingers, timeline) = try fingers(#"{"wait": 0.5}, {"scrollTo": 300, "duration": 0.5}, {"wait": 0.5}"#)
        for t in stride(from: 0, to: timeline.duration, by: 1.0 / 30) { XCTAssertNil(fingers.touch(at: t), "t = \(t)") }
    }
}
