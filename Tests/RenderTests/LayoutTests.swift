import Codecs
import Render
import Scene
import XCTest

final class LayoutTests: XCTestCase {
    func scene(_ views: [View], top: Double = 0) -> Scene {
        Scene(canvas: Canvas(width: 390, height: 844), scroll: ScrollSpec(contentHeight: 2000, insets: Insets(top: top)),
              views: views)
    }

    let header = View(id: "header", frame: Rect(x: 0, y: 0, width: 390, height: 300), image: "pic",
                      contentMode: .scaleAspectFill, clipsToBounds: true, effects: [.stretchy(StretchyHeader())])

    /// E1 at the offsets −H, −H/2, 0, H/2 and H: top pinned to the screen while pulled, height
    /// H − offset; scrolling with the content otherwise.
    func testStretchyHeaderOnScreen() {
        let layout = Layout(scene: scene([header]), imageSizes: ["pic": Size(width: 600, height: 400)])
        let cases: [(Double, Rect)] = [
            (-300, Rect(x: 0, y: 0, width: 390, height: 600)),
            (-150, Rect(x: 0, y: 0, width: 390, height: 450)),
            (0, Rect(x: 0, y: 0, width: 390, height: 300)),
            (150, Rect(x: 0, y: -150, width: 390, height: 300)),
            (300, Rect(x: 0, y: -300, width: 390, height: 300)),
        ]
        for (offset, frame) in cases {
            let item = layout.items(offset: offset)[0]
            XCTAssertEqual(item.frame, frame, "offset \(offset)")
            XCTAssertEqual(item.clip, frame)
            // Aspect fill of 3:2 into the frame, centred: the zoom grows from the centre.
            let scale = max(390 / 600, frame.height / 400)
            let w = 600 * scale, h = 400 * scale
            XCTAssertEqual(item.image?.frame, Rect(x: (390 - w) / 2, y: frame.y + (frame.height - h) / 2, width: w, height: h))
        }
    }

    func testChildrenAreClippedByEveryClippingAncestor() {
        let inner = View(id: "inner", frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let middle = View(id: "middle", frame: Rect(x: 10, y: 10, width: 100, height: 100), children: [inner])
        let outer = View(id: "outer", frame: Rect(x: 0, y: 100, width: 120, height: 80), clipsToBounds: true, children: [middle])
        let layout = Layout(scene: scene([outer]), imageSizes: [:])
        let items = layout.items(offset: 20)
        XCTAssertEqual(items[0].frame, Rect(x: 0, y: 80, width: 120, height: 80))
        let m = items[0].children[0], i = m.children[0]
        XCTAssertEqual(m.frame, Rect(x: 10, y: 90, width: 100, height: 100))
        XCTAssertEqual(m.clip, Rect(x: 0, y: 80, width: 120, height: 80), "a non-clipping view passes its ancestor's clip on")
        XCTAssertEqual(i.frame, Rect(x: 60, y: 140, width: 200, height: 200))
        XCTAssertEqual(i.clip, Rect(x: 0, y: 80, width: 120, height: 80))
    }

    func testFixedViewsDoNotScrollAndInsetsShiftTheStart() throws {
        let bar = View(id: "bar", frame: Rect(x: 0, y: 0, width: 390, height: 44), background: .white, fixed: true)
        let row = View(id: "row", frame: Rect(x: 0, y: 0, width: 390, height: 44))
        let layout = Layout(scene: scene([row, bar], top: 44), imageSizes: [:])
        let items = layout.items(offset: -44)
        XCTAssertEqual(items[0].frame.y, 44, "content starts below the top inset")
        XCTAssertEqual(items[1].frame.y, 0)
        XCTAssertEqual(layout.items(offset: 100)[1].frame.y, 0)
        let renderer = try Renderer(scene: scene([row, bar], top: 44), images: PNGDecoder())
        XCTAssertEqual(renderer.offsets, [-44], "rest position with a top inset is −top")
    }
}

extension LayoutTests {
    /// `offsetToEnd` is the largest offset less the offset: with 1000 points of content in an
    /// 844-point canvas and 30 points of bottom inset, the end rests at offset 186.
    func testOffsetToEndCountsThePointsLeftToScroll() throws {
        let fade = Binding(property: .alpha, driver: .offsetToEnd, keyframes: [(0, 0), (100, 1)])
        var s = scene([View(id: "bar", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: .white, fixed: true, bindings: [fade])])
        s.scroll.contentHeight = 1000
        s.scroll.insets.bottom = 30
        let layout = Layout(scene: s, imageSizes: [:])
        for (offset, alpha) in [(0.0, 1.0), (86, 1), (136, 0.5), (186, 0), (250, 0)] {
            XCTAssertEqual(try XCTUnwrap(layout.items(offset: offset).first).alpha, alpha, accuracy: 1e-12, "offset \(offset)")
        }
    }
}
