import Foundation
import XCTest

/// `--touches` through `--inspect`, the display list as drawn: a 100 × 200 screen over 800 points
/// of content at 10 fps, still for 0.2 s, dragged up 50 points over 0.5 s (frames 2–7), released,
/// then still, scrolled back by a `scrollTo` and still again.
final class TouchesCLITests: CLITestCase {
    static let touchScene = """
    {"canvas": {"width": 100, "height": 200, "scale": 1}, "fps": 10,
     "scroll": {"contentHeight": 800, "script": [{"wait": 0.2}, {"drag": -50, "duration": 0.5, "curve": "easeOut"},
                {"release": true}, {"wait": 0.5}, {"scrollTo": 0, "duration": 0.5}, {"wait": 0.3}]},
     "views": [{"id": "page", "frame": [0, 0, 100, 800], "background": "#FFFFFF"}]}
    """

    typealias JSON = [String: Any]

    /// Each frame's offset and its touch item, nil where none is listed; asserts the touch is last.
    func touches(_ options: [String]) throws -> [(offset: Double, touch: JSON?)] {
        try write("touches.json", TouchesCLITests.touchScene)
        let run = try render(["--scene", "touches.json", "--inspect", "g.json"] + options)
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? JSON)
        return try XCTUnwrap(root["frames"] as? [JSON]).map { frame in
            let views = frame["views"] as? [JSON] ?? []
            let touch = views.firstIndex { $0["id"] as? String == "touch" }
            if let touch { XCTAssertEqual(touch, views.count - 1, "drawn last, over everything") }
            return (try XCTUnwrap((frame["offset"] as? NSNumber)?.doubleValue), touch.map { views[$0] })
        }
    }

    func numbers(_ value: Any?) -> [Double] { (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }

    func centre(_ item: JSON?) throws -> (x: Double, y: Double) {
        let frame = numbers(try XCTUnwrap(item)["frame"])
        XCTAssertEqual(frame.count, 4)
        XCTAssertEqual(Array(frame.suffix(2)), [44, 44])
        return (frame[0] + 22, frame[1] + 22)
    }

    func testTheDiscFollowsTheDragAndFadesAfterTheRelease() throws {
        let frames = try touches(["--touches"])
        guard frames.count == 20 else { return XCTFail("\(frames.count) frames, not 2 s at 10 fps") }
        XCTAssertNil(frames[0].touch, "absent during the wait before the drag")
        XCTAssertNil(frames[1].touch)
        let start = try centre(frames[2].touch)
        XCTAssertEqual(start.x, 50, "the screen's centre line")
        for i in 2...6 {
            XCTAssertEqual(try centre(frames[i].touch).y - start.y, -(frames[i].offset - frames[2].offset), accuracy: 1e-9,
                           "frame \(i) moves with the content")
            XCTAssertEqual((frames[i].touch?["alpha"] as? NSNumber)?.doubleValue, 1)
        }
        // Lifted at 0.7 s: half faded at 0.8 s, where the drag's 50 points left it.
        XCTAssertEqual(try centre(frames[8].touch).y - start.y, -50, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap((frames[8].touch?["alpha"] as? NSNumber)?.doubleValue), 0.5, accuracy: 1e-9)
        for i in 9..<20 { XCTAssertNil(frames[i].touch, "frame \(i): absent during the wait and the scrollTo") }
        XCTAssertNotEqual(frames[15].offset, frames[14].offset, "frame 15 is in the scrollTo")
    }

    func testWithoutTheFlagThereIsNoDisc() throws {
        let frames = try touches([])
        XCTAssertEqual(frames.count, 20)
        XCTAssertTrue(frames.allSatisfy { $0.touch == nil })
    }

    func testTouchesIsAnErrorWhereNoFrameIsDrawn() throws {
        try write("touches.json", TouchesCLITests.touchScene)
        try expectError(["test", "--touches"], status: 2, contains: ["--touches does not apply to render test"])
        try expectError(["--scene", "touches.json", "--timeline", "--touches"], status: 2, contains: ["--touches does not apply to --timeline"])
        try expectError(["validate", "touches.json", "--touches"], status: 2, contains: ["--touches does not apply to render validate"])
    }

    func testAViewCalledTouchIsAnError() throws {
        try write("touches.json", TouchesCLITests.touchScene.replacingOccurrences(of: #""id": "page""#, with: #""id": "touch""#))
        try expectError(["--scene", "touches.json", "--inspect", "g.json", "--touches"], status: 2, contains: ["rename the view"])
    }
}
