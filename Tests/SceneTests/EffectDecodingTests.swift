import Scene
import XCTest

/// Labels and effects in scene JSON, and the errors that tie them to their views.
final class EffectDecodingTests: XCTestCase {
    func scene(_ views: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100}, "assets": {"pic": "pic.png"},
         "scroll": {"contentHeight": 300}, "views": [\(views)]}
        """
    }

    func decode(_ views: String) throws -> Scene { try SceneDecoder.decode(Array(scene(views).utf8), file: "s.json") }

    func message(_ views: String) -> String {
        do { _ = try decode(views); return "no error" } catch { return "\(error)" }
    }

    func testLabelFields() throws {
        let s = try decode("""
        {"id": "t", "frame": [0, 0, 100, 20], "text": "Hello", "fontSize": 20, "fontWeight": "bold",
         "textColor": "#FF0000", "textAlignment": "center", "font": "fonts/My.ttf"}
        """)
        XCTAssertEqual(s.views[0].label, Label(text: "Hello", fontSize: 20, weight: .bold, font: .file("fonts/My.ttf"),
                                               color: Color(r: 255, g: 0, b: 0), alignment: .center))
        let plain = try decode("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"text\": \"x\"}").views[0].label
        XCTAssertEqual(plain, Label(text: "x"))
        XCTAssertEqual(plain?.numberOfLines, 1, "one line, as a UILabel")
        XCTAssertEqual(plain?.lineBreak, .truncateTail)
        XCTAssertEqual(plain?.alignment, .natural)
    }

    /// Multi-line fields, and the three ways to name a font.
    func testMultiLineLabelFields() throws {
        let s = try decode("""
        {"id": "t", "frame": [0, 0, 100, 40], "text": "One\\nTwo", "numberOfLines": 0, "lineBreakMode": "truncateMiddle",
         "lineHeight": 22, "font": "system", "fontWeight": "semibold"}
        """)
        XCTAssertEqual(s.views[0].label, Label(text: "One\nTwo", weight: .semibold, font: .system, numberOfLines: 0,
                                               lineBreak: .truncateMiddle, lineHeight: 22))
        func font(_ name: String) throws -> Label.FontChoice? {
            try decode("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"text\": \"x\", \"font\": \"\(name)\"}").views[0].label?.font
        }
        XCTAssertEqual(try font("Noto Sans"), .family("Noto Sans"))
        XCTAssertEqual(try font("My.otf"), .file("My.otf"))
        XCTAssertEqual(try font("/usr/share/fonts/x"), .file("/usr/share/fonts/x"))
    }

    func testLabelErrors() {
        XCTAssertEqual(message("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"fontSize\": 12}"),
                       "s.json: views[0].fontSize: only applies to a view with \"text\"")
        XCTAssertEqual(message("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"text\": \"a\\tb\"}"),
                       "s.json: views[0].text: expected text with line feeds (\\n) between paragraphs and no other control characters")
        XCTAssertEqual(message("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"text\": \"a\", \"fontWeight\": \"heavy\"}"),
                       "s.json: views[0].fontWeight: unknown value \"heavy\"; expected one of \"regular\", \"medium\", \"semibold\", \"bold\"")
        XCTAssertEqual(message("{\"id\": \"t\", \"frame\": [0, 0, 1, 1], \"text\": \"a\", \"textAlignment\": \"centre\"}"),
                       "s.json: views[0].textAlignment: unknown value \"centre\"; did you mean \"center\"?")
    }

    func testEffectsDecodeWithDefaults() throws {
        let s = try decode("""
        {"id": "h", "frame": [0, 0, 100, 50], "image": "pic", "effects": [
          {"stretchy": {"pinned": true}}, {"blurByPull": {"mode": "radius", "tint": "#FFFFFF33"}}, {"parallax": {}}]},
        {"id": "box", "frame": [0, 0, 100, 60], "fixed": true, "effects": [{"textReveal": {"to": 90}}],
         "children": [{"id": "l1", "frame": [0, 0, 100, 30], "text": "A"}, {"id": "l2", "frame": [0, 30, 100, 30], "text": "B"}]}
        """)
        XCTAssertEqual(s.views[0].effects, [
            .stretchy(StretchyHeader(pinned: true)),
            .blurByPull(BlurByPull(radius: 20, fullAt: 100, mode: .radius, tint: Color(r: 255, g: 255, b: 255, a: 51))),
            .parallax(ParallaxImage(travel: 20)),
        ])
        XCTAssertEqual(s.views[1].effects, [.textReveal(TextReveal(to: 90))])
    }

    func testEffectErrors() {
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"strechy\": {}}]}"),
                       "s.json: views[0].effects[0].strechy: unknown effect; did you mean \"stretchy\"?")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"parallax\": {}}]}"),
                       "s.json: views[0].effects[0].parallax: needs a view with an \"image\"")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"textReveal\": {}}]}"),
                       "s.json: views[0].effects[0].textReveal: needs a view whose children include labels (views with \"text\")")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"children\": [{\"id\": \"c\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"stretchy\": {}}]}]}"),
                       "s.json: views[0].children[0].effects[0].stretchy: only a top-level view that scrolls can stretch")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"blurByPull\": {}}, {\"blurByPull\": {}}]}"),
                       "s.json: views[0].effects[1]: effect \"blurByPull\" appears twice")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"blurByPull\": {\"fullAt\": 0}}]}"),
                       "s.json: views[0].effects[0].blurByPull.fullAt: 0 is out of range 1…100000")
        XCTAssertEqual(message("{\"id\": \"v\", \"frame\": [0, 0, 1, 1], \"effects\": [{\"blurByPull\": {\"mode\": \"alpha\"}}]}"),
                       "s.json: views[0].effects[0].blurByPull.mode: unknown value \"alpha\"; expected one of \"opacity\", \"radius\"")
    }
}
