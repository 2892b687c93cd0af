import Foundation
import XCTest

/// The refresh control through `--inspect`: a 100 × 400 screen with no bars (rest at 0), a finger
/// pulling 300 points down over 0.5 s, which the rubber band shows as 116.8: past the 100-point
/// threshold. Released, the content springs to −60 and holds while refreshing, then
/// `endRefreshing` springs it back to rest.
final class RefreshControlCLITests: CLITestCase {
    static let pullScene = """
        {"canvas": {"width": 100, "height": 400, "scale": 1}, "fps": 10,
         "scroll": {"contentHeight": 800, "refreshControl": true,
                    "script": [{"drag": 300, "duration": 0.5}, {"release": true}, {"wait": 1},
                               {"endRefreshing": true}, {"wait": 1}]},
         "views": [{"id": "page", "frame": [0, 0, 100, 800], "background": "#FFFFFF"}]}
        """

    typealias JSON = [String: Any]

    func testTheSpinnerIsListedWithItsTicksUnderTheContentWhilePulledAndRefreshing() throws {
        try write("refresh.json", RefreshControlCLITests.pullScene)
        let run = try render(["--scene", "refresh.json", "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? JSON)
        let frames = try XCTUnwrap(root["frames"] as? [JSON])
        func views(_ i: Int) -> [JSON] { frames[i]["views"] as? [JSON] ?? [] }
        func spinner(_ i: Int) -> JSON? { views(i).first { $0["id"] as? String == "refreshControl" } }
        func number(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
        func numbers(_ v: Any?) -> [Double] { (v as? [Any])?.compactMap(number) ?? [] }

        XCTAssertNil(spinner(0), "at rest nothing shows")
        // 0.2 s: the finger is 120 down, shown as (1 − 1/(120·0.55/400 + 1))·400 = 56.65: 5 of 8 ticks (one per 12.5).
        let pulling = try XCTUnwrap(spinner(2))
        XCTAssertEqual(number(pulling["ticks"]), 5)
        XCTAssertEqual(number(pulling["alpha"]), 1)
        let shown = (1 - 1 / (120 * 0.55 / 400 + 1)) * 400
        let frame = numbers(pulling["frame"])
        XCTAssertEqual(frame.count, 4)
        XCTAssertEqual(frame[0], 36)
        XCTAssertEqual(frame[1], shown / 2 - 14, accuracy: 1e-9, "centred in the gap the pull opens")
        XCTAssertEqual(Array(frame[2...]), [28, 28])
        XCTAssertEqual(views(2).filter { $0["id"] as? String == "refreshControl.tick" }.count, 5)
        XCTAssertEqual(views(2).first?["id"] as? String, "refreshControl", "drawn first, under the content")

        // 1.4 s: refreshing, held 60 down, all 8 ticks, the spinner in the middle of the 60 points.
        XCTAssertEqual(number(frames[14]["offset"]), -60)
        let refreshing = try XCTUnwrap(spinner(14))
        XCTAssertEqual(number(refreshing["ticks"]), 8)
        XCTAssertEqual(numbers(refreshing["frame"]), [36, 16, 28, 28])
        let ticks = views(14).filter { $0["id"] as? String == "refreshControl.tick" }.compactMap { number($0["alpha"]) }
        XCTAssertEqual(ticks.count, 8)
        XCTAssertEqual(ticks.map { Int(($0 * 255).rounded()) }.sorted(), [47, 47, 47, 47, 72, 97, 122, 147], "spinning: UIKit's tick alphas")
        let revealed = views(2).filter { $0["id"] as? String == "refreshControl.tick" }.compactMap { number($0["alpha"]) }
        XCTAssertEqual(Set(revealed), [147.0 / 255], "pulling: every tick shown at the same alpha")

        XCTAssertEqual(number(frames.last?["offset"]), 0, "back at rest after endRefreshing")
        XCTAssertNil(spinner(frames.count - 1))
    }

    func testWithoutTheControlNothingIsListedAndTheContentSpringsBackToRest() throws {
        try write("plain.json", RefreshControlCLITests.pullScene.replacingOccurrences(of: #""refreshControl": true,"#, with: "")
            .replacingOccurrences(of: #"{"endRefreshing": true}, "#, with: ""))
        let run = try render(["--scene", "plain.json", "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: path("g.json"), encoding: .utf8)
        XCTAssertFalse(text.contains("refreshControl"))
        XCTAssertFalse(text.contains("\"offset\": -60,"), "never held 60 down")
    }

    func testUnderALargeTitleTheSpinnerIsBetweenTheBarAndTheTitleThePullMovesDown() throws {
        // iPhone 15 Pro: the bar's bottom at 103, the large title 52 under it, rest at −155.
        try write("large.json", """
            {"canvas": {"device": "iPhone 15 Pro"}, "fps": 10, "statusBar": true, "navigationBar": {"title": "Inbox"},
             "scroll": {"contentHeight": 1600, "refreshControl": true,
                        "script": [{"drag": 400, "duration": 0.5}, {"release": true}, {"wait": 1}]},
             "views": [{"id": "page", "frame": [0, 0, 393, 1600], "background": "#FFFFFF"}]}
            """)
        let run = try render(["--scene", "large.json", "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? JSON)
        let last = try XCTUnwrap((root["frames"] as? [JSON])?.last)
        XCTAssertEqual((last["offset"] as? NSNumber)?.doubleValue, -215, "held 60 below rest")
        let views = last["views"] as? [JSON] ?? []
        func frame(_ id: String) -> [Double] {
            (views.first { $0["id"] as? String == id }?["frame"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
        }
        XCTAssertEqual(frame("refreshControl"), [182.5, 103 + 30 - 14, 28, 28], "centred in the 60 points between the bar and the title")
        XCTAssertEqual(frame("navigationBar.largeTitle").dropFirst().first, 163, "the title moved down 60")
    }
}
