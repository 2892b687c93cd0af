import Foundation
import XCTest

/// A "Trip details" screen as a new user writes one: a stretchy, blurring photo header under a
/// navigation bar with a large title, and a sticky "Itinerary" header over day cards. Checked
/// through `--inspect`, the display list as drawn, against UIKit's numbers for iPhone 15 Pro
/// (the content rests at −155 under the large title; the bar's bottom edge goes from 155 to 103
/// as the title collapses).
final class AdjustedInsetCLITests: CLITestCase {
    static func trip(_ scroll: String = "") -> String {
        let cards = (0..<8).map { i in
            ##"{"id": "day\##(i + 1)", "frame": [16, \##(316 + 136 * i), 361, 120], "background": "#FFFFFF", "cornerRadius": 14, "##
                + ##""children": [{"id": "day\##(i + 1).title", "frame": [16, 0, 329, 120], "text": "Day \##(i + 1)"}]}"##
        }
        return """
        {"canvas": {"device": "iPhone 15 Pro", "scale": 1, "background": "#F2F2F7"}, "fps": 30,
         "assets": {"photo": "images/pic.png"},
         "statusBar": true, "navigationBar": {"title": "Trip details"},
         "scroll": {"contentHeight": 1420 \(scroll), "script": [
           {"wait": 0.2}, {"drag": 90, "duration": 0.4}, {"release": true},
           {"scrollTo": 500, "duration": 1.2, "curve": "easeInOut"}, {"wait": 0.2}]},
         "views": [
          {"id": "photo", "frame": [0, 0, 393, 260], "image": "photo", "contentMode": "scaleAspectFill", "clipsToBounds": true,
           "effects": [{"stretchy": {}}, {"blurByPull": {"radius": 12, "fullAt": 100}}]},
          \(cards.joined(separator: ",\n  ")),
          {"id": "itinerary", "frame": [0, 260, 393, 44], "background": "#F2F2F7", "effects": [{"sticky": {}}],
           "children": [{"id": "itinerary.title", "frame": [16, 0, 361, 44], "text": "Itinerary", "fontWeight": "bold"}]}
         ]}
        """
    }

    typealias JSON = [String: Any]

    /// Each frame's offset and its views' frames ([x, y, w, h], on screen) and blur, by id.
    func inspect(_ scene: String) throws -> [(offset: Double, frames: [String: [Double]], blur: [String: Double])] {
        try write("trip.json", scene)
        return try inspect(file: "trip.json")
    }

    func inspect(file: String) throws -> [(offset: Double, frames: [String: [Double]], blur: [String: Double])] {
        let run = try render(["--scene", file, "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? JSON)
        return try XCTUnwrap(root["frames"] as? [JSON]).map { frame in
            let views = frame["views"] as? [JSON] ?? []
            var frames: [String: [Double]] = [:], blur: [String: Double] = [:]
            for view in views {
                let id = view["id"] as? String ?? ""
                frames[id] = (view["frame"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
                blur[id] = (view["blur"] as? NSNumber)?.doubleValue
            }
            return ((frame["offset"] as? NSNumber)?.doubleValue ?? .nan, frames, blur)
        }
    }

    func testAtRestNothingIsPulledAndTheStickyHeaderPinsUnderTheBar() throws {
        try checkRestsAndPins(try inspect(AdjustedInsetCLITests.trip()), header: 260, fullAt: 100, stickyTop: 260)
    }

    /// The sample of the same screen, with a pull that refreshes and a fling to the end.
    func testTheTripSampleRestsAndPins() throws {
        let sample = ReadmeExampleTests.repository.appendingPathComponent("samples/trip.json").path
        try checkRestsAndPins(try inspect(file: sample), header: 240, fullAt: 120, stickyTop: 356)
    }

    /// At rest the photo is `header` tall under the large title and sharp; pulled, its top stays
    /// and it grows and blurs by the pull from rest; scrolled, the sticky header never goes above
    /// the bar's bottom edge and pins exactly on it.
    func checkRestsAndPins(_ frames: [(offset: Double, frames: [String: [Double]], blur: [String: Double])],
                           header: Double, fullAt: Double, stickyTop: Double) throws {
        var rest = 0, pulled = 0, pinned = 0
        for (i, f) in frames.enumerated() {
            let photo = try XCTUnwrap(f.frames["photo"]), sticky = try XCTUnwrap(f.frames["itinerary"])
            let pull = -f.offset - 155
            if f.offset == -155 {
                rest += 1
                XCTAssertEqual(photo, [0, 155, 393, header], "frame \(i): at rest the header is its own height, under the large title")
                XCTAssertEqual(f.blur["photo"], 0, "frame \(i): at rest no blur")
            } else if pull > 0 {
                pulled += 1
                XCTAssertEqual(photo[1], 155, accuracy: 1e-9, "frame \(i): pulled, the top stays where it rested")
                XCTAssertEqual(photo[3], header + pull, accuracy: 1e-9, "frame \(i): taller by the pull from rest")
                XCTAssertEqual(try XCTUnwrap(f.blur["photo"]), min(1, pull / fullAt), accuracy: 1e-9, "frame \(i)")
            } else {
                // Scrolled: the bar's bottom edge is its own, or the large title's while that shows.
                let bar = try XCTUnwrap(f.frames["navigationBar"]), title = try XCTUnwrap(f.frames["navigationBar.largeTitle"])
                let edge = max(bar[1] + bar[3], title[1] + title[3])
                XCTAssertEqual(edge, 155 - min(52, f.offset + 155), accuracy: 1e-9, "frame \(i): the bar's edge follows the title")
                let scrolled = stickyTop - f.offset
                XCTAssertEqual(sticky[1], max(scrolled, edge), accuracy: 1e-9, "frame \(i): never above the bar's bottom edge")
                if scrolled <= edge {
                    pinned += 1
                    XCTAssertEqual(sticky[1], edge, accuracy: 1e-9, "frame \(i): pinned exactly under the bar")
                    XCTAssertEqual(edge, 103, "frame \(i): the large title has gone by the time it pins")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(rest, 6, "the script's first 0.2 s")
        XCTAssertGreaterThan(pulled, 10)
        XCTAssertGreaterThan(pinned, 10)
    }

    /// "never": the header sits at the screen's top under the bars, at rest at offset 0, neither
    /// stretched nor blurred, and the sticky header pins at the screen's top, as before the bars
    /// counted.
    func testNeverPutsTheHeaderUnderTheBars() throws {
        let frames = try inspect(AdjustedInsetCLITests.trip(#", "insetAdjustment": "never""#))
        let first = try XCTUnwrap(frames.first)
        XCTAssertEqual(first.offset, 0)
        XCTAssertEqual(first.frames["photo"], [0, 0, 393, 260])
        XCTAssertEqual(first.blur["photo"], 0)
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.offset, 500)
        XCTAssertEqual(last.frames["itinerary"]?[1], 0, "pinned at the written top inset, 0")
    }
}
