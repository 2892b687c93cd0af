import Codecs
import Foundation
import Raster
import XCTest

/// A detail screen's navigation bar with a back button, a share icon and an Edit button, and a
/// tab bar with icons by name, checked through `--inspect` (the display list as drawn) against
/// UIKit's metrics on iPhone 15 Pro: the bar's row is y 59…103; items 16 points from the edges
/// and 8 apart; the chevron 8 from the leading edge and the back title 6 after its ink; the
/// inline title centred on the bar's 393 points.
final class BarItemsCLITests: CLITestCase {
    static func screen(title: String = "Lisbon", largeTitle: Bool = false) -> String {
        """
        {"canvas": {"device": "iPhone 15 Pro", "scale": 2, "background": "#FFFFFF"}, "fps": 10,
         "statusBar": {"style": "light"},
         "navigationBar": {"title": "\(title)", "largeTitle": \(largeTitle), "back": "Trips",
                           "trailing": [{"icon": "ios_share"}, {"title": "Edit"}]},
         "tabBar": {"items": [{"title": "Trips", "icon": "flight"}, {"title": "Search", "icon": "search"}]},
         "scroll": {"contentHeight": 2000, "script": [{"wait": 0.1}]},
         "views": [{"id": "header", "frame": [0, -400, 393, 500], "background": "#1C2A3A"}]}
        """
    }

    /// The views' frames ([x, y, w, h], on screen) of frame 0, by id.
    func frames(_ scene: String) throws -> [String: [Double]] {
        try write("bars.json", scene)
        let run = try render(["--scene", "bars.json", "--frames", "0-0", "--inspect", "g.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? [String: Any])
        let views = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        var frames: [String: [Double]] = [:]
        for view in views {
            frames[view["id"] as? String ?? ""] = (view["frame"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        return frames
    }

    func testItemsSitWhereUIKitPutsThem() throws {
        for largeTitle in [false, true] {
            let f = try frames(BarItemsCLITests.screen(largeTitle: largeTitle))
            let chevron = try XCTUnwrap(f["navigationBar.back.chevron"]), back = try XCTUnwrap(f["navigationBar.back.title"])
            let share = try XCTUnwrap(f["navigationBar.trailing0"]), edit = try XCTUnwrap(f["navigationBar.trailing1"])
            XCTAssertEqual(chevron[0], 8, "the chevron's ink starts 8 points in")
            XCTAssertEqual(back[0], 8 + 26 * 11.67 / 24 + 6, accuracy: 1e-9, "the back title 6 points after the chevron's ink")
            XCTAssertEqual(edit[0] + edit[2], 393 - 16, accuracy: 1e-9, "the last item 16 points from the right edge")
            XCTAssertEqual(share[0] + share[2] + 8, edit[0], accuracy: 1e-9, "items 8 points apart")
            XCTAssertEqual(share[2], 24, "an icon item is its 24-point glyph wide")
            for (id, frame) in [("chevron", chevron), ("back", back), ("share", share), ("edit", edit)] {
                XCTAssertEqual(frame[1] + frame[3] / 2, 59 + 22, accuracy: 0.5, "\(id) centred in the 44-point row (large title: \(largeTitle))")
            }
            let title = try XCTUnwrap(f["navigationBar.title"])
            XCTAssertEqual(title[0] + title[2] / 2, 393 / 2, accuracy: 1e-9, "the inline title is centred on the bar")
            XCTAssertGreaterThanOrEqual(title[0], back[0] + back[2] + 8, "and clear of the back button")
            XCTAssertLessThanOrEqual(title[0] + title[2], share[0] - 8, "and of the trailing items")
        }
    }

    /// A title too long for the space between the items keeps to it, still centred, and so
    /// truncates rather than run under them.
    func testLongTitleStaysCentredBetweenTheItems() throws {
        let f = try frames(BarItemsCLITests.screen(title: "A very long title for a trip that cannot fit in the bar"))
        let title = try XCTUnwrap(f["navigationBar.title"]), share = try XCTUnwrap(f["navigationBar.trailing0"])
        XCTAssertEqual(title[0] + title[2] / 2, 393 / 2, accuracy: 1e-9)
        XCTAssertEqual(title[0] + title[2], share[0] - 8, accuracy: 1e-9, "the wider side sets both margins")
    }

    /// The icons are drawn: pixels of the tint inside the share item's frame and of the selected
    /// tab's blue inside its icon's frame; the status bar's content is white over the dark header.
    func testIconsAreDrawn() throws {
        let f = try frames(BarItemsCLITests.screen())
        let run = try render(["--scene", "bars.json", "--frame", "0", "--out", "s.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let image = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: path("s.png")))))
        func count(in frame: [Double], _ match: (PremultipliedColor) -> Bool) -> Int {
            var n = 0
            for y in Int(frame[1] * 2)..<Int((frame[1] + frame[3]) * 2) {
                for x in Int(frame[0] * 2)..<Int((frame[0] + frame[2]) * 2) where match(image.pixel(x: x, y: y)) { n += 1 }
            }
            return n
        }
        let blue: (PremultipliedColor) -> Bool = { $0.b > 200 && $0.r < 60 && $0.g > 90 && $0.g < 150 }
        XCTAssertGreaterThan(count(in: try XCTUnwrap(f["navigationBar.trailing0"]), blue), 150, "the share icon")
        XCTAssertGreaterThan(count(in: try XCTUnwrap(f["navigationBar.back.chevron"]), blue), 60, "the chevron")
        XCTAssertGreaterThan(count(in: try XCTUnwrap(f["tabBar.item0.glyph"]), blue), 200, "the selected tab's icon")
        let time = try XCTUnwrap(f["statusBar.time"])
        XCTAssertGreaterThan(count(in: time) { $0.r > 240 && $0.g > 240 && $0.b > 240 }, 100, "white time over the dark header")
    }
}
