import Codecs
import Render
import Scene
import XCTest

/// Sticky section headers against the rule written out here: a header at rest at y₀, pinned
/// `top` below the screen's top, pushed up by the next header at y₁ is at
/// max(y₀, min(offset + top, y₁ − height)) in the content.
final class StickyHeaderTests: XCTestCase {
    func testHeadersPinAndPushEachOtherUp() throws {
        func header(_ id: String, _ y: Double) -> View {
            View(id: id, frame: Rect(x: 0, y: y, width: 100, height: 40), background: Color(r: 200, g: 200, b: 200),
                 effects: [.sticky(StickyHeader())])
        }
        let views = [View(id: "rows", frame: Rect(x: 0, y: 0, width: 100, height: 1600)),
                     header("a", 100), header("b", 400), header("c", 700)]
        let scene = Scene(canvas: Canvas(width: 100, height: 300, scale: 1),
                          scroll: ScrollSpec(contentHeight: 1600, insets: Insets(top: 50)), views: views)
        let layout = try Renderer(scene: scene, images: PNGDecoder()).layout
        let rest: [String: Double] = ["a": 100, "b": 400, "c": 700], next: [String: Double] = ["a": 400, "b": 700]
        for offset in [-50.0, 0, 60, 200, 309.5, 330, 400, 655, 1000, 1300] {
            let items = layout.items(offset: offset)
            for id in ["a", "b", "c"] {
                var y = offset + 50
                if let n = next[id] { y = min(y, n - 40) }
                y = max(rest[id]!, y)
                let item = try XCTUnwrap(items.first { $0.id == id })
                XCTAssertEqual(item.frame.y, y - offset, "\(id) at offset \(offset)")
            }
        }
        // Pinned: at offset 200, a sits 50 below the screen's top; at 330 its pin would be 380, but
        // its bottom meets b's top at 400, so it is at 360: 30 on screen, pushed up by 20.
        XCTAssertEqual(layout.items(offset: 200).first { $0.id == "a" }?.frame.y, 50)
        XCTAssertEqual(layout.items(offset: 330).first { $0.id == "a" }?.frame.y, 30)
    }

    func testAnExplicitPinAndOnlyTopLevelScrollingViews() throws {
        let text = #"""
        {"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 500},
         "views": [{"id": "h", "frame": [0, 50, 100, 20], "effects": [{"sticky": {"top": 8}}]}]}
        """#
        let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        XCTAssertEqual(try Renderer(scene: scene, images: PNGDecoder()).layout.items(offset: 100).first?.frame.y, 8)
        let fixed = text.replacingOccurrences(of: #""id": "h","#, with: #""id": "h", "fixed": true,"#)
        XCTAssertThrowsError(try SceneDecoder.decode(Array(fixed.utf8), file: "s.json")) {
            XCTAssertEqual("\($0)", "s.json: views[0].effects[0].sticky: only a top-level view that scrolls can pin")
        }
    }
}
