import Codecs
import Render
import Scene
import XCTest

/// A collapsing header (H = 300, minHeight 88) against the rule written out here, and a scrim
/// whose alpha follows its collapse progress, p / (H − 88), clamped.
final class CollapsingHeaderTests: XCTestCase {
    func testTheHeaderCollapsesToAPinnedBarAndDrivesBindings() throws {
        let text = #"""
        {"canvas": {"width": 100, "height": 400}, "scroll": {"contentHeight": 2000},
         "views": [
           {"id": "body", "frame": [0, 300, 100, 1700]},
           {"id": "header", "frame": [0, 0, 100, 300], "effects": [{"collapsing": {"minHeight": 88}}],
            "children": [{"id": "scrim", "frame": [0, 0, 100, 300], "background": "#000000",
                          "bindings": [{"property": "alpha", "driver": {"collapse": "header"}, "keyframes": [[0, 0], [1, 0.6]]}]}]}]}
        """#
        let layout = try Renderer(scene: SceneDecoder.decode(Array(text.utf8), file: "s.json"), images: PNGDecoder()).layout
        for offset in [-50.0, 0, 100, 211.5, 212, 400, 1200] {
            let header = try XCTUnwrap(layout.items(offset: offset).first { $0.id == "header" })
            // On screen: the top at 0 from the moment it would scroll off (and when pulled).
            let height = offset < 0 ? 300 - offset : max(88, 300 - offset)
            XCTAssertEqual(header.frame, Rect(x: 0, y: 0, width: 100, height: height), "offset \(offset)")
            let progress = min(1, max(0, offset / 212))
            XCTAssertEqual(header.children[0].alpha, 0.6 * progress, accuracy: 1e-12, "offset \(offset)")
        }
    }

    func testMistakesAreRefused() {
        func decode(_ views: String) throws -> Scene {
            try SceneDecoder.decode(Array(#"{"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 500}, "views": \#(views)}"#.utf8),
                                    file: "s.json")
        }
        XCTAssertThrowsError(try decode(#"[{"id": "h", "frame": [0, 0, 100, 50], "effects": [{"collapsing": {"minHeight": 80}}]}]"#)) {
            XCTAssertEqual("\($0)", "s.json: views[0].effects[0].collapsing.minHeight: 80 is taller than the header's 50")
        }
        XCTAssertThrowsError(try decode(#"[{"id": "h", "frame": [0, 0, 100, 50], "bindings": [{"property": "alpha", "driver": {"collapse": "h"}, "keyframes": [[0, 1]]}]}]"#)) {
            XCTAssertEqual("\($0)", #"s.json: views[0].bindings[0].driver.collapse: no collapsing header has the id "h""#)
        }
    }
}
