import Scene
import XCTest

/// The navigation bar's items, tab icons by name and the status bar's style, as decoded: the
/// views the bars add, before anything is measured.
final class BarItemsDecodingTests: XCTestCase {
    func scene(_ bars: String, appearance: Appearance = .light) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro"}, "scroll": {"contentHeight": 2000}, "views": [], \(bars)}
        """.utf8), file: "items.json", appearance: appearance)
    }

    func find(_ id: String, _ scene: Scene) -> View? {
        func all(_ v: View) -> [View] { [v] + v.children.flatMap(all) }
        return scene.views.flatMap(all).first { $0.id == id }
    }

    func view(_ id: String, _ scene: Scene) throws -> View { try XCTUnwrap(find(id, scene), id) }

    /// `true` is UIKit's "Back"; the chevron is Material's arrow_back_ios (U+E5E0) from the icon
    /// font's file, never a fallback font.
    func testBackButton() throws {
        let s = try scene(#""navigationBar": {"title": "Day 1", "back": true}"#)
        XCTAssertEqual(try view("navigationBar.back.title", s).label?.text, "Back")
        let chevron = try XCTUnwrap(try view("navigationBar.back.chevron", s).label)
        XCTAssertEqual(chevron.text.unicodeScalars.map(\.value), [0xE5E0])
        XCTAssertEqual(chevron.font, .file("/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"))
        XCTAssertEqual(try view("navigationBar.back.title", try scene(#""navigationBar": {"title": "Day 1", "back": "Trips"}"#)).label?.text, "Trips")
        XCTAssertNil(find("navigationBar.back", try scene(#""navigationBar": {"title": "Day 1", "back": false}"#)))
    }

    /// Items in order, each in the tint; systemBlue by appearance when the bar gives none.
    func testItemsTakeTheTint() throws {
        func bar(_ tint: String = "") -> String {
            #""navigationBar": {"title": "T", "leading": [{"title": "Close"}], "trailing": [{"icon": "ios_share"}, {"title": "Edit"}]"#
                + tint + "}"
        }
        let plain = try scene(bar())
        XCTAssertEqual(try view("navigationBar.leading0", plain).label?.text, "Close")
        XCTAssertEqual(try view("navigationBar.trailing0", plain).label?.text.unicodeScalars.map(\.value), [0xE6B8])
        XCTAssertEqual(try view("navigationBar.trailing1", plain).label?.color, Color(r: 0, g: 122, b: 255))
        XCTAssertEqual(try view("navigationBar.trailing1", plain).label?.fontSize, 17)
        XCTAssertEqual(try view("navigationBar.trailing0", plain).label?.fontSize, 24)
        let dark = try scene(bar(), appearance: .dark)
        XCTAssertEqual(try view("navigationBar.leading0", dark).label?.color, Color(r: 10, g: 132, b: 255))
        let tinted = try scene(bar(##", "tint": {"light": "#FF9500", "dark": "#FF9F0A"}"##), appearance: .dark)
        XCTAssertEqual(try view("navigationBar.trailing0", tinted).label?.color, Color(r: 255, g: 159, b: 10))
    }

    /// A bar without items adds no item views, so existing scenes are unchanged.
    func testNoItemsNoViews() throws {
        let s = try scene(##""navigationBar": {"title": "T", "tint": "#FF0000"}"##)
        XCTAssertNil(find("navigationBar.leading", s))
        XCTAssertNil(find("navigationBar.trailing", s))
    }

    func testTabIconsByName() throws {
        let s = try scene(#""tabBar": {"items": [{"title": "Home", "icon": "home"}, {"title": "Old", "glyph": "⌂"}], "selected": 1}"#)
        let icon = try XCTUnwrap(try view("tabBar.item0.glyph", s).label)
        XCTAssertEqual(icon.text.unicodeScalars.map(\.value), [0xE88A])
        XCTAssertEqual(icon.fontSize, 28)
        XCTAssertEqual(icon.color, Color(r: 153, g: 153, b: 153), "unselected: grey")
        let glyph = try XCTUnwrap(try view("tabBar.item1.glyph", s).label)
        XCTAssertEqual(glyph.text, "⌂")
        XCTAssertEqual(glyph.fontSize, 22, "a character glyph is drawn as before")
        XCTAssertEqual(glyph.color, Color(r: 0, g: 122, b: 255))
    }

    func testUnknownIconSaysWhichItMeant() throws {
        XCTAssertThrowsError(try scene(#""tabBar": {"items": [{"title": "Home", "icon": "hom"}]}"#)) { error in
            XCTAssertEqual("\(error)", #"items.json: tabBar.items[0].icon: no icon is named "hom"; did you mean "home"? (the names are Material Design Icons')"#)
        }
    }

    /// `dark` is black content and `light` white, whatever the appearance; without a style the
    /// content follows the appearance, as before.
    func testStatusBarStyle() throws {
        let black = Color(r: 0, g: 0, b: 0)
        XCTAssertEqual(try view("statusBar.time", try scene(#""statusBar": {"style": "light"}"#)).label?.color, .white)
        XCTAssertEqual(try view("statusBar.time", try scene(#""statusBar": {"style": "dark"}"#, appearance: .dark)).label?.color, black)
        XCTAssertEqual(try view("statusBar.charge", try scene(#""statusBar": {"style": "light"}"#)).background, .white)
        XCTAssertEqual(try view("statusBar.time", try scene(#""statusBar": {}"#, appearance: .dark)).label?.color, .white)
        XCTAssertEqual(try view("statusBar.time", try scene(#""statusBar": true"#)).label?.color, black)
    }
}
