import Scene
import XCTest

/// The adjusted content inset, against UIKit's numbers for an iPhone 15 Pro worked out here by
/// hand: a 59-point status bar, a 44-point bar and a 52-point large title (155 at the top,
/// collapsing to 103), a 49-point tab bar over a 34-point safe area (83 at the bottom).
final class InsetAdjustmentTests: XCTestCase {
    func scene(_ scroll: String = "", bars: String = #", "statusBar": true, "navigationBar": {"title": "Trip"}"#) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro"}, "scroll": {"contentHeight": 3000 \(scroll)},
         "views": [{"id": "header", "frame": [0, 0, 393, 260]}] \(bars)}
        """.utf8), file: "trip.json")
    }

    let header = Rect(x: 0, y: 0, width: 393, height: 260)

    /// The navigation bar's bottom edge as its views are drawn at `offset`: the bar's own bottom,
    /// or the large title's, which rides with the content, whichever is lower.
    func drawnBarBottom(_ scene: Scene, offset: Double) throws -> Double {
        let bar = try XCTUnwrap(scene.views.first { $0.id == "navigationBar" })
        let area = try XCTUnwrap(scene.views.first { $0.id == "navigationBar.largeTitleArea" })
        let title = try XCTUnwrap(area.children.first { $0.id == "navigationBar.largeTitle" })
        let binding = try XCTUnwrap(title.bindings.first { $0.property == .y && $0.driver == .offset })
        let titleBottom = area.frame.y + binding.value(at: scene.scroll.offsetFromRest(offset)) + title.frame.height
        return max(bar.frame.maxY, titleBottom)
    }

    func testTheBarsAddToTheInsetsAsAutomaticDoes() throws {
        let s = try scene(bars: #", "statusBar": true, "navigationBar": {"title": "Trip"}, "tabBar": {"items": [{"title": "A"}]}"#)
        XCTAssertEqual(s.scroll.insetAdjustment, .automatic, "the default")
        XCTAssertEqual(s.scroll.insets, Insets())
        XCTAssertEqual(s.scroll.adjustedInsets, Insets(top: 155, bottom: 83))
        XCTAssertEqual(s.scroll.restOffset, -155)
        XCTAssertEqual(Timeline(scene: s).startOffset, -155, "at rest under the large title")
        let written = try scene(#", "insets": {"top": 10, "bottom": 20}"#)
        XCTAssertEqual(written.scroll.adjustedInsets, Insets(top: 165, bottom: 20), "the scene's insets add to the bars'")
        XCTAssertEqual(try scene(bars: #", "statusBar": true"#).scroll.adjustedInsets, Insets(top: 59, bottom: 0))
        XCTAssertEqual(try scene(bars: #", "navigationBar": {"title": "T", "largeTitle": false}"#).scroll.adjustedInsets.top, 103)
        XCTAssertEqual(try scene(bars: #", "homeIndicator": true"#).scroll.adjustedInsets, Insets(top: 0, bottom: 34))
        XCTAssertEqual(try scene(bars: "").scroll.adjustedInsets, Insets(), "a device alone insets nothing")
    }

    /// At rest under a navigation bar the stretchy header has its own height and the blur is 0;
    /// pulled 40 points from rest it is 40 taller, its top where it rested, and 40 % blurred.
    func testAtRestUnderANavigationBarNothingIsPulled() throws {
        let s = try scene()
        let rest = s.scroll.restOffset
        XCTAssertEqual(s.scroll.offsetFromRest(rest), 0)
        XCTAssertEqual(StretchyHeader().frame(header, offset: s.scroll.offsetFromRest(rest)), header)
        XCTAssertEqual(BlurByPull().fraction(offset: s.scroll.offsetFromRest(rest)), 0)
        let pulled = rest - 40
        let stretched = StretchyHeader().frame(header, offset: s.scroll.offsetFromRest(pulled))
        XCTAssertEqual(stretched.height, 300, "extra height = −offset − adjustedTop = 40")
        XCTAssertEqual(stretched.y - pulled, 155, "on screen its top stays under the large title")
        XCTAssertEqual(BlurByPull().fraction(offset: s.scroll.offsetFromRest(pulled)), 0.4, accuracy: 1e-12)
        XCTAssertEqual(BlurByPull().fraction(offset: s.scroll.offsetFromRest(rest + 30)), 0, "pushed up: no blur")
        // An offset binding reads the offset from rest: a fade over the first 100 points of pull.
        let fade = Binding(property: .alpha, driver: .offset, keyframes: [(-100, 1), (0, 0)])
        XCTAssertEqual(fade.value(at: s.scroll.offsetFromRest(rest)), 0)
        XCTAssertEqual(fade.value(at: s.scroll.offsetFromRest(pulled)), 0.4, accuracy: 1e-12)
    }

    /// The visible top is the bar's drawn bottom edge at every offset of the collapse, 155 → 103,
    /// and a sticky header at the top of the content pins exactly there; further up it stays
    /// at 103, where a header lower down pins once it arrives.
    func testStickyHeadersPinUnderTheBarsCurrentBottomEdge() throws {
        let s = try scene()
        let first = Rect(x: 0, y: 0, width: 393, height: 44), later = Rect(x: 0, y: 600, width: 393, height: 44)
        for offset in [-155.0, -150, -140, -129.5, -120, -110, -104, -103, -90, 0, 700] {
            let edge = try drawnBarBottom(s, offset: offset)
            XCTAssertEqual(s.scroll.visibleTop(offset: offset), edge, accuracy: 1e-9, "offset \(offset)")
            XCTAssertEqual(edge, 155 - min(52, offset + 155), accuracy: 1e-9, "offset \(offset)")
            let pinned = StickyHeader().frame(first, offset: offset, visibleTop: s.scroll.visibleTop(offset: offset), next: 600)
            XCTAssertEqual(pinned.y - offset, min(edge, 600 - 44 - offset), accuracy: 1e-9, "first header at \(offset)")
            let second = StickyHeader().frame(later, offset: offset, visibleTop: s.scroll.visibleTop(offset: offset), next: nil)
            XCTAssertEqual(second.y - offset, max(600 - offset, edge), accuracy: 1e-9, "second header at \(offset)")
        }
        // Pulled down, nothing can pin: the content's top is below the edge.
        XCTAssertEqual(s.scroll.visibleTop(offset: -255), 155)
        XCTAssertEqual(StickyHeader().frame(first, offset: -255, visibleTop: 155, next: nil), first)
        // An explicit pin is still measured from the screen's top.
        XCTAssertEqual(StickyHeader(top: 20).frame(later, offset: 700, visibleTop: s.scroll.visibleTop(offset: 700), next: nil).y, 720)
    }

    /// A collapsing header starts to collapse once the large title has gone, pinned at 103.
    func testCollapsingHeadersStopUnderTheBar() throws {
        let s = try scene()
        let collapsing = CollapsingHeader(minHeight: 60)
        func top(_ offset: Double) -> Double { offset + s.scroll.visibleTop(offset: offset) }
        XCTAssertEqual(collapsing.frame(header, top: top(-155)), header, "at rest")
        XCTAssertEqual(collapsing.frame(header, top: top(-120)), header, "while the title collapses the content's top is at the edge")
        XCTAssertEqual(collapsing.progress(header, top: top(-103)), 0)
        let up = collapsing.frame(header, top: top(-3))
        XCTAssertEqual(up.y + 3, 103, "pinned under the bar on screen")
        XCTAssertEqual(up.height, 160)
        XCTAssertEqual(collapsing.progress(header, top: top(-3)), 0.5)
        let pulled = collapsing.frame(header, top: top(-175))
        XCTAssertEqual([pulled.y + 175, pulled.height], [155, 280], "pulled 20 from rest it stretches by 20")
    }

    /// `never`: the content starts at the screen's top under the bars, the rest offset is
    /// −insets.top as written, and every effect reads the numbers it read before the bars
    /// counted: the offset itself, and pins at the written top inset.
    func testNeverKeepsTheInsetsAsWritten() throws {
        let s = try scene(#", "insetAdjustment": "never""#)
        XCTAssertEqual(s.scroll.insetAdjustment, .never)
        XCTAssertEqual(s.scroll.adjustedInsets, Insets())
        XCTAssertEqual(s.scroll.restOffset, 0)
        XCTAssertEqual(Timeline(scene: s).startOffset, 0)
        for offset in [-120.0, -40, 0, 52, 300] {
            XCTAssertEqual(s.scroll.offsetFromRest(offset), offset)
            XCTAssertEqual(s.scroll.visibleTop(offset: offset), 0)
        }
        XCTAssertEqual(StretchyHeader().frame(header, offset: s.scroll.offsetFromRest(-40)), Rect(x: 0, y: -40, width: 393, height: 300))
        XCTAssertEqual(BlurByPull().fraction(offset: s.scroll.offsetFromRest(-40)), 0.4, accuracy: 1e-12)
        let inset = try scene(#", "insetAdjustment": "never", "insets": {"top": 44}"#)
        XCTAssertEqual(inset.scroll.restOffset, -44)
        XCTAssertEqual(inset.scroll.visibleTop(offset: 500), 44)
        XCTAssertEqual(inset.scroll.offsetFromRest(-84), -40, "effects measure from −insets.top")
        // The large title still rides with the content, from rest.
        XCTAssertEqual(try drawnBarBottom(s, offset: 20), 135, accuracy: 1e-9)
    }
}
