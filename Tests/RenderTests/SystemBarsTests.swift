import Codecs
import Raster
import Render
import Scene
import XCTest

/// Devices, the system bars and `--device-frame`, against UIKit's geometry worked out here by
/// hand: the iPhone 15 Pro's 393 × 852 points, 59-point top and 34-point bottom safe areas; a
/// 44-point bar, a 52-point large title, a 49-point tab bar.
final class SystemBarsTests: XCTestCase {
    func scene(_ extra: String, canvas: String = #""device": "iPhone 15 Pro""#, appearance: Appearance = .light) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {\(canvas)}, "scroll": {"contentHeight": 3000, "script": [{"scrollTo": 400, "duration": 1}]},
         "views": [{"id": "content", "frame": [0, 0, 393, 3000], "background": "#FFFFFF"}] \(extra)}
        """.utf8), file: "bars.json", appearance: appearance)
    }

    func item(_ id: String, _ items: [DisplayItem]) throws -> DisplayItem {
        try XCTUnwrap(items.flatMap(\.flattened).first { $0.id == id }, id)
    }

    func testDevicesSetTheCanvas() throws {
        let pro = try scene("")
        XCTAssertEqual([pro.canvas.width, pro.canvas.height], [393, 852])
        XCTAssertEqual(pro.canvas.scale, 3)
        XCTAssertEqual(pro.canvas.safeArea, Insets(top: 59, bottom: 34))
        XCTAssertEqual(pro.canvas.device?.displayCornerRadius, 55)
        let overridden = try scene("", canvas: #""device": "iPhone SE", "scale": 1, "width": 320"#)
        XCTAssertEqual([overridden.canvas.width, overridden.canvas.height], [320, 667])
        XCTAssertEqual(overridden.canvas.scale, 1)
        XCTAssertEqual(Device.all.map(\.name).count, Set(Device.all.map(\.name)).count, "names are unique")
    }

    /// At rest the large title sits under the bar and the bar is clear; scrolled by more than the
    /// large title's 52 points it has gone under the bar, the inline title shows, and the
    /// background and hairline are there. On the way, the title moves exactly with the content.
    func testLargeTitleCollapsesAsUIKitDoes() throws {
        let s = try scene(#", "statusBar": true, "navigationBar": {"title": "Profile"}"#)
        XCTAssertEqual(s.scroll.adjustedInsets.top, 59 + 44 + 52, "the content starts under the large title")
        XCTAssertEqual(s.scroll.insets, Insets(), "the scene's own insets stay as written")
        let renderer = try Renderer(scene: s, images: PNGDecoder())
        let rest = -155.0
        for (index, offset) in renderer.offsets.enumerated() where index % 5 == 0 {
            let items = try renderer.items(frame: index)
            let large = try item("navigationBar.largeTitle", items), inline = try item("navigationBar.title", items)
            let background = try item("navigationBar", items), hairline = try item("navigationBar.hairline", items)
            XCTAssertEqual(large.frame.y, 103 - (offset - rest), accuracy: 1e-9, "rides with the content at \(offset)")
            XCTAssertEqual(large.clips.last?.rect.y, 103, "clipped at the bar's bottom")
            let shown = min(1, max(0, (offset - (rest + 40)) / 12))
            XCTAssertEqual(inline.alpha, shown, accuracy: 1e-9, "inline title at \(offset)")
            XCTAssertEqual(background.alpha, shown, accuracy: 1e-9)
            XCTAssertEqual(hairline.alpha, shown, accuracy: 1e-9)
            XCTAssertEqual(hairline.frame.y, 103)
        }
        XCTAssertEqual(renderer.offsets.first, rest)
        XCTAssertGreaterThan(try XCTUnwrap(renderer.offsets.last), rest + 52, "the script collapses the title")
    }

    func testBarsSitInTheSafeAreas() throws {
        let s = try scene(#", "statusBar": {"time": "10:09"}, "tabBar": {"items": [{"title": "A"}, {"title": "B"}, {"title": "C"}], "selected": 2}, "homeIndicator": true"#)
        let items = try Renderer(scene: s, images: PNGDecoder()).items(frame: 0)
        XCTAssertEqual(try item("statusBar", items).frame, Rect(x: 0, y: 0, width: 393, height: 59))
        XCTAssertEqual(try item("statusBar.time", items).label?.text, "10:09")
        XCTAssertEqual(try item("tabBar", items).frame, Rect(x: 0, y: 852 - 83, width: 393, height: 83))
        XCTAssertEqual(try item("tabBar.item2.title", items).frame.x, 262, accuracy: 1e-9, "a third of the width each")
        XCTAssertEqual(try item("tabBar.item2.title", items).label?.color, Color(r: 0, g: 122, b: 255), "selected: system blue")
        XCTAssertEqual(try item("tabBar.item0.title", items).label?.color, Color(r: 153, g: 153, b: 153))
        XCTAssertEqual(try item("homeIndicator", items).frame, Rect(x: 129.5, y: 839, width: 134, height: 5))
        let dark = try Renderer(scene: try scene(#", "homeIndicator": true"#, appearance: .dark), images: PNGDecoder()).items(frame: 0)
        XCTAssertEqual(try item("homeIndicator", dark).background, .white, "white on dark")
    }

    /// `mask` leaves the display's corners transparent and the screen inside as it was; `bezel`
    /// adds 12 points of body on each side.
    func testDeviceFrame() throws {
        var s = try scene("")
        s.canvas.scale = 1
        let plain = try Renderer(scene: s, images: PNGDecoder()).frame(0)
        let masked = try Renderer(scene: s, images: PNGDecoder(), deviceFrame: .mask).frame(0)
        XCTAssertEqual([masked.width, masked.height], [plain.width, plain.height])
        XCTAssertEqual(masked.pixel(x: 2, y: 2), .clear, "outside the 55-point corner")
        XCTAssertEqual(masked.pixel(x: 196, y: 400), plain.pixel(x: 196, y: 400))
        // On the edge's midpoint, 55 points from any corner, nothing is cut.
        XCTAssertEqual(masked.pixel(x: 0, y: 426), plain.pixel(x: 0, y: 426))
        let framed = try Renderer(scene: s, images: PNGDecoder(), deviceFrame: .bezel).frame(0)
        XCTAssertEqual([framed.width, framed.height], [393 + 24, 852 + 24])
        XCTAssertEqual(framed.pixel(x: 0, y: 0), .clear, "outside the body's corner")
        XCTAssertEqual(framed.pixel(x: 6, y: 438), StraightColor(r: 28, g: 28, b: 30).premultiplied, "the body")
        XCTAssertEqual(framed.pixel(x: 12 + 196, y: 12 + 400), plain.pixel(x: 196, y: 400), "the screen, moved in")
    }
}

extension SystemBarsTests {
    /// A toolbar's items run from 16 points inside the left edge to 16 inside the right with equal
    /// gaps; it adds 44 points and the bottom safe area to the bottom inset, and is material until
    /// the content's end rests above it.
    func testToolbarSpreadsItsItemsOverTheBottomSafeArea() throws {
        let s = try scene(#", "toolbar": {"items": [{"title": "Edit"}, {"icon": "add"}, {"title": "Done"}]}"#)
        XCTAssertEqual(s.scroll.bars.bottom, 44 + 34)
        let renderer = try Renderer(scene: s, images: PNGDecoder())
        let items = try renderer.items(frame: 0)
        let row = try item("toolbar", items)
        XCTAssertEqual(row.frame, Rect(x: 16, y: 852 - 78, width: 361, height: 44))
        let buttons = try (0..<3).map { try item("toolbar.item\($0)", items).frame }
        XCTAssertEqual(buttons[0].x, 16, accuracy: 1e-9, "the first at the leading margin")
        XCTAssertEqual(buttons[2].maxX, 377, accuracy: 1e-9, "the last at the trailing margin")
        XCTAssertEqual(buttons[1].x - buttons[0].maxX, buttons[2].x - buttons[1].maxX, accuracy: 1e-9, "equal gaps")
        XCTAssertEqual(try item("toolbar.item0", items).label?.color, Color(r: 0, g: 122, b: 255))
        XCTAssertEqual(try item("toolbar.background", items).material, Material(.chrome, dark: false))
        XCTAssertEqual(try item("toolbar.background", items).alpha, 1, "content runs under it at the top")
        XCTAssertEqual(try item("toolbar.hairline", items).frame.y, 852 - 78)
        XCTAssertEqual(try item("toolbar.background", try renderer.items(frame: renderer.frameCount - 1)).alpha, 1,
                       "400 points down, 2,226 are left to scroll")
        let short = try Renderer(scene: try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro"}, "scroll": {"contentHeight": 500, "script": [{"wait": 0.1}]},
         "views": [], "toolbar": {"items": [{"title": "Edit"}]}}
        """.utf8), file: "short.json"), images: PNGDecoder())
        XCTAssertEqual(try item("toolbar.background", try short.items(frame: 0)).alpha, 0, "clear: the content ends above it")
    }
}
