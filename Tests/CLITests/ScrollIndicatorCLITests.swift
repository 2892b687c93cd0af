import Foundation
import XCTest

/// The scroll indicator through `--inspect`, the display list as drawn: a 100 × 200 screen over
/// 800 points of content (a quarter visible), still for 0.2 s, scrolled to 300 over 0.5 s, then
/// still. The track is 194 points (3 to 197), the bar a quarter of it, 48.5, at x = 94.
final class ScrollIndicatorCLITests: CLITestCase {
    static func scene(_ scroll: String = "") -> String {
        """
        {"canvas": {"width": 100, "height": 200, "scale": 1}, "fps": 10,
         "scroll": {"contentHeight": 800 \(scroll), "script": [{"wait": 0.2}, {"scrollTo": 300, "duration": 0.5}, {"wait": 1.2}]},
         "views": [{"id": "page", "frame": [0, 0, 100, 800], "background": "#FFFFFF"}]}
        """
    }

    typealias JSON = [String: Any]

    /// The indicator's item in each frame, nil where it is not listed.
    func indicators(_ scene: String) throws -> [JSON?] {
        try write("indicator.json", scene)
        let run = try render(["--scene", "indicator.json", "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? JSON)
        return try XCTUnwrap(root["frames"] as? [JSON]).map { frame in
            (frame["views"] as? [JSON] ?? []).first { $0["id"] as? String == "scrollIndicator" }
        }
    }

    func numbers(_ value: Any?) -> [Double] { (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }

    func testItIsListedWhileScrollingAndFadesOutAfterwards() throws {
        let frames = try indicators(ScrollIndicatorCLITests.scene())
        XCTAssertEqual(frames.count, 19)
        XCTAssertNil(frames[0], "hidden at rest before the scroll moves")
        XCTAssertNil(frames[1])
        let first = try XCTUnwrap(frames[2], "shown as the scroll starts")
        XCTAssertEqual(numbers(first["frame"]), [94, 3, 3, 48.5])
        XCTAssertEqual((first["alpha"] as? NSNumber)?.doubleValue, 1)
        XCTAssertEqual((first["cornerRadius"] as? NSNumber)?.doubleValue, 1.5)
        // At 300 of a 600-point range: half of the 145.5 points the bar can travel.
        let rest = try XCTUnwrap(frames[7])
        XCTAssertEqual(numbers(rest["frame"]), [94, 3 + 145.5 / 2, 3, 48.5])
        XCTAssertEqual((rest["alpha"] as? NSNumber)?.doubleValue, 1, "the scroll has just stopped")
        XCTAssertEqual((frames[12]?["alpha"] as? NSNumber)?.doubleValue, 1, "0.5 s still: the fade starts")
        let fading = try XCTUnwrap((frames[13]?["alpha"] as? NSNumber)?.doubleValue)
        XCTAssertEqual(fading, 2.0 / 3, accuracy: 1e-9, "a third of the way through the 0.3 s fade")
        XCTAssertNil(frames[15], "gone 0.8 s after the scroll stopped")
        XCTAssertNil(frames[18])
    }

    func testShowsVerticalScrollIndicatorFalseHidesIt() throws {
        let frames = try indicators(ScrollIndicatorCLITests.scene(#", "showsVerticalScrollIndicator": false"#))
        XCTAssertEqual(frames.count, 19)
        XCTAssertTrue(frames.allSatisfy { $0 == nil })
    }
}
