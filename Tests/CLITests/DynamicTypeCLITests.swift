import Foundation
import XCTest

/// `--content-size` and a suite's `contentSizes`: text styles drawn at a Dynamic Type size, with a
/// stack that reflows around them, checked through `--inspect` and `render test`.
final class DynamicTypeCLITests: CLITestCase {
    /// A card whose stack is as tall as its two labels: a headline and a body that wraps.
    static let card = """
    {"canvas": {"width": 320, "height": 480, "scale": 1, "background": "systemGroupedBackground"}, "fps": 10,
     "scroll": {"contentHeight": "auto", "script": [{"wait": 0.1}]},
     "views": [{"id": "card", "frame": [16, 16, 288, "auto"], "background": "secondarySystemGroupedBackground", "cornerRadius": 12,
                "stack": {"spacing": 4, "padding": {"top": 12, "left": 16, "bottom": 12, "right": 16}},
                "children": [{"id": "title", "text": "Valle de la Luna", "textStyle": "headline", "textColor": "label"},
                             {"id": "note", "text": "Dunes and salt caves in the afternoon, then sunset from the ridge.",
                              "textStyle": "body", "numberOfLines": 0, "textColor": "secondaryLabel"}]}]}
    """

    /// The frame of each view at frame 0, by id.
    func frames(_ extra: [String]) throws -> [String: [Double]] {
        let run = try render(["--scene", path("card.json"), "--inspect", path("g.json"), "--frames", "0"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? [String: Any])
        let views = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        var out: [String: [Double]] = [:]
        for view in views { out[view["id"] as! String] = (view["frame"] as! [Any]).map { ($0 as! NSNumber).doubleValue } }
        return out
    }

    func testTheCardReflowsWithTheContentSize() throws {
        try write("card.json", DynamicTypeCLITests.card)
        let standard = try frames([]), large = try frames(["--content-size", "accessibilityExtraExtraExtraLarge"])
        // One line is the font's own box, in proportion to the size (53 points against 17), up to
        // the rounding of the box to whole pixels.
        let title = try XCTUnwrap(standard["title"]?[3]), largeTitle = try XCTUnwrap(large["title"]?[3])
        XCTAssertEqual(largeTitle / title, 53.0 / 17, accuracy: 0.05, "the headline at AX5, one line cut with … as numberOfLines 1 asks")
        // A paragraph's lines are the style's leading apart: 22 points at large, 62 at AX5.
        let note = try XCTUnwrap(standard["note"]?[3]), largeNote = try XCTUnwrap(large["note"]?[3])
        XCTAssertEqual(note.truncatingRemainder(dividingBy: 22), 0, "whole lines of 22: \(note)")
        XCTAssertEqual(largeNote.truncatingRemainder(dividingBy: 62), 0, "whole lines of 62: \(largeNote)")
        XCTAssertGreaterThan(largeNote / 62, note / 22, "the body wraps onto more lines")
        let card = try XCTUnwrap(large["card"]), body = try XCTUnwrap(large["note"])
        XCTAssertEqual(card[1] + card[3], body[1] + body[3] + 12, accuracy: 1e-9, "the card grows to hold it all")
    }

    func testAMisspeltCategoryIsAnError() throws {
        try write("card.json", DynamicTypeCLITests.card)
        try expectError(["--scene", path("card.json"), "--out", path("x.png"), "--content-size", "accesibilityLarge"], status: 2,
                        contains: ["--content-size: unknown content size category \"accesibilityLarge\"; did you mean accessibilityLarge?"])
        try expectError(["validate", path("card.json"), "--content-size", "huge"], status: 2,
                        contains: ["expected one of extraSmall, small, medium, large"])
    }

    /// Each category of a suite entry is a case of its own, named after it, with its own references.
    func testSuiteCasesPerContentSize() throws {
        try recordSuite(scene: "card.json", DynamicTypeCLITests.card, entry: #""contentSizes": ["large", "accessibilityLarge"]"#,
                        cases: ["card.scale1", "card.scale1.accessibilityLarge"])
        // Only the large case's scene changes size: that case fails alone.
        try write("card.json", DynamicTypeCLITests.card.replacingOccurrences(of: #""textStyle": "body""#, with: #""textStyle": "body", "fontSize": 17"#))
        let run = try render(["test"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("FAIL  card.scale1.accessibilityLarge:"), run.stderr)
        XCTAssertFalse(run.stderr.contains("FAIL  card.scale1:"), run.stderr)
    }
}
