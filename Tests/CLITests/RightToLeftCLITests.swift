import Foundation
import TestSupport
import XCTest

/// `--layout-direction rtl`, checked through `--inspect`: every view that does not opt out is the
/// mirror of its left-to-right frame, the status bar keeps its own, and text aligned naturally
/// sits at the right.
final class RightToLeftCLITests: CLITestCase {
    typealias Frames = [String: [Double]]

    /// Each view's frame at frame `index`, by id.
    func frames(_ scene: String, index: Int, _ extra: [String] = []) throws -> Frames {
        let run = try render(["--scene", scene, "--inspect", path("g.json"), "--frames", "\(index)", "--scale", "1"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? [String: Any])
        let views = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        var out: Frames = [:]
        for view in views { out[view["id"] as! String] = (view["frame"] as! [Any]).map { ($0 as! NSNumber).doubleValue } }
        return out
    }

    /// Every view of the samples with bars, at rest and scrolled, mirrored about the screen's
    /// middle, except the status bar's, which keeps its glyphs where they are.
    func testSamplesMirrorEveryViewButTheStatusBar() throws {
        // The samples' canvases: an iPhone 15 Pro's 393 points, or the width they give.
        for (sample, index, width) in [("profile", 0, 393.0), ("profile", 60, 393), ("trip", 0, 393), ("trip", 120, 393),
                                       ("stretchy-autolayout", 40, 390), ("mixed-scripts", 0, 390)] {
            let file = ReadmeExampleTests.repository.appendingPathComponent("samples/\(sample).json").path
            let ltr = try frames(file, index: index), rtl = try frames(file, index: index, ["--layout-direction", "rtl"])
            XCTAssertEqual(Set(ltr.keys), Set(rtl.keys), sample)
            var mirrored = 0
            for (id, a) in ltr {
                let b = try XCTUnwrap(rtl[id], id)
                if id.hasPrefix("statusBar") {
                    XCTAssertEqual(a, b, "\(sample) \(id) stays")
                } else {
                    XCTAssertEqual(b[0], width - a[0] - a[2], accuracy: 1e-9, "\(sample) frame \(index): \(id) \(a) → \(b)")
                    XCTAssertEqual(Array(b[1...]), Array(a[1...]), "\(sample) \(id)")
                    mirrored += 1
                }
            }
            XCTAssertGreaterThan(mirrored, 20, sample)
        }
    }

    static let screen = """
    {"canvas": {"width": 200, "height": 120, "scale": 1, "background": "#FFFFFF"}, "fps": 10,
     "scroll": {"contentHeight": 120, "showsVerticalScrollIndicator": false, "script": [{"wait": 0.1}]},
     "constraints": ["pinnedLeft.left == content.left + 10", "pinnedLeft.top == content.top + 85", "pinnedLeft.width == 30",
                 "pinnedLeft.height == 10", "pinnedLeading.leading == content.leading + 10", "pinnedLeading.top == content.top + 100",
                 "pinnedLeading.width == 30", "pinnedLeading.height == 10"],
     "views": [
      {"id": "hebrew", "frame": [0, 0, 200, 30], "text": "שלום עולם", "fontSize": 20},
      {"id": "latin", "frame": [0, 30, 200, 30], "text": "Hello", "fontSize": 20},
      {"id": "kept", "frame": [10, 60, 40, 20], "background": "#FF9500", "semanticContentAttribute": "forceLeftToRight",
       "children": [{"id": "keptChild", "frame": [2, 2, 10, 10], "background": "#000000"}]},
      {"id": "pinnedLeft", "background": "#007AFF"},
      {"id": "pinnedLeading", "background": "#34C759"}
     ]}
    """

    /// Natural text sits at the right, Hebrew and Latin alike (left to right, only the Hebrew
    /// paragraph does, by its own direction); a view that forces left to right
    /// keeps its frame and its children's; a `left` constraint keeps its side and a `leading`
    /// one changes it.
    func testTextOptOutsAndConstraints() throws {
        try write("rtl.json", RightToLeftCLITests.screen)
        let ltr = try frames(path("rtl.json"), index: 0), rtl = try frames(path("rtl.json"), index: 0, ["--layout-direction", "rtl"])
        XCTAssertEqual(rtl["kept"], ltr["kept"])
        XCTAssertEqual(rtl["keptChild"], ltr["keptChild"])
        XCTAssertEqual(rtl["pinnedLeft"]?[0], 10, "left stays left")
        XCTAssertEqual(rtl["pinnedLeading"]?[0], 200 - 10 - 30, "leading is the right edge")
        XCTAssertEqual(ltr["pinnedLeading"]?[0], 10)

        // Where the text's ink is: in the right half of its row under rtl.
        for (direction, inRightHalf) in [("ltr", [true, false]), ("rtl", [true, true])] {
            let run = try render(["--scene", path("rtl.json"), "--out", path("\(direction).png"), "--layout-direction", direction])
            XCTAssertEqual(run.status, 0, run.stderr)
            let python = try SystemPython.run("""
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]).convert("L")
            for top in (0, 30):
                xs = [x for y in range(top, top + 30) for x in range(200) if im.getpixel((x, y)) < 128]
                print(min(xs), max(xs))
            """, [path("\(direction).png")])
            let rows = String(decoding: python.output, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map { Int($0)! } }
            XCTAssertEqual(rows.count, 2, python.errors)
            for (row, (label, right)) in zip(rows, zip(["Hebrew", "Latin"], inRightHalf)) {
                XCTAssertEqual(row[0] > 100, right, "\(label) \(direction): ink from \(row[0]) to \(row[1])")
            }
        }
    }

    func testSuiteCasesPerDirection() throws {
        try recordSuite(scene: "rtl.json", RightToLeftCLITests.screen, entry: #""layoutDirections": ["ltr", "rtl"]"#,
                        cases: ["rtl.scale1", "rtl.scale1.rtl"])
        try expectError(["validate", path("rtl.json"), "--layout-direction", "right"], status: 2,
                        contains: ["--layout-direction expects ltr or rtl, got \"right\""])
    }
}
