import Scene
import XCTest

final class SceneDecoderTests: XCTestCase {
    let minimal = """
    {"canvas": {"width": 100, "height": 200},
     "assets": {"pic": "images/pic.png", "big": {"path": "/abs/big.png", "scale": 2}},
     "scroll": {"contentHeight": 500, "script": [{"scrollTo": 80, "duration": 1, "curve": "easeOut"}, {"wait": 0.5}]},
     "views": [{"id": "a", "frame": [0, 0, 100, 50], "image": "pic", "contentMode": "scaleAspectFill",
                "clipsToBounds": true, "effects": [{"stretchy": {}}],
                "children": [{"id": "b", "frame": [1, 2, 3, 4], "background": "#FF000080", "alpha": 0.5}]}]}
    """

    func decode(_ text: String) throws -> Scene { try SceneDecoder.decode(Array(text.utf8), file: "dir/s.json") }

    func message(_ text: String) -> String {
        do { _ = try decode(text); return "no error" } catch { return "\(error)" }
    }

    func testDecodesEveryFieldWithDefaults() throws {
        let scene = try decode(minimal)
        XCTAssertEqual(scene.canvas, Canvas(width: 100, height: 200, scale: 2, background: .white))
        XCTAssertEqual(scene.fps, 30)
        XCTAssertEqual(scene.assets["pic"]?.path, "dir/images/pic.png")
        XCTAssertEqual(scene.assets["big"]?.path, "/abs/big.png")
        XCTAssertEqual(scene.assets["big"]?.scale, 2)
        XCTAssertEqual(scene.scroll.script, [.scrollTo(y: 80, duration: 1, curve: .easeOut), .wait(duration: 0.5)])
        let a = scene.views[0]
        XCTAssertEqual(a.contentMode, .scaleAspectFill)
        XCTAssertTrue(a.clipsToBounds)
        XCTAssertEqual(a.effects, [.stretchy(StretchyHeader())])
        XCTAssertEqual(a.children[0].frame, Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(a.children[0].background, Color(r: 255, g: 0, b: 0, a: 128))
        XCTAssertEqual(a.children[0].alpha, 0.5)
    }

    func testCubicBezierCurveArray() throws {
        let scene = try decode(minimal.replacingOccurrences(of: "\"easeOut\"", with: "[0.1, 0.2, 0.3, 1.4]"))
        XCTAssertEqual(scene.scroll.script[0], .scrollTo(y: 80, duration: 1, curve: TimingCurve(0.1, 0.2, 0.3, 1.4)))
    }

    func testInvalidJSONReportsLineAndColumn() {
        XCTAssertEqual(message("{\"canvas\": {\"width\": 1,\n  \"height\": }}"),
                       "dir/s.json:2:13: invalid JSON: unexpected character '}', expected a value")
        XCTAssertEqual(message("{\"a\": 1, \"a\": 2}"), "dir/s.json:1:10: invalid JSON: duplicate key \"a\"")
        XCTAssertEqual(message("[1e999]"), "dir/s.json:1:2: invalid JSON: number 1e999 is too large")
        XCTAssertEqual(message(""), "dir/s.json:1:1: invalid JSON: unexpected end of file, expected a value")
        XCTAssertEqual(message(String(repeating: "[", count: 500)),
                       "dir/s.json:1:129: invalid JSON: nesting deeper than 128 levels")
    }

    func testWrongTypesNameTheJSONPath() {
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "[1, 2, 3, 4]", with: "[1, 2, 3]")),
                       "dir/s.json: views[0].children[0].frame: expected [x, y, width, height]")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"width\": 100", with: "\"width\": \"100\"")),
                       "dir/s.json: canvas.width: expected a number, found a string")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"clipsToBounds\": true", with: "\"clipsToBounds\": 1")),
                       "dir/s.json: views[0].clipsToBounds: expected true or false, found a number")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "#FF000080", with: "red")),
                       "dir/s.json: views[0].children[0].background: unknown colour \"red\"; expected \"#RRGGBB\", \"#RRGGBBAA\" or a system colour such as \"label\" or \"systemBlue\"")
    }

    func testMissingAndUnknownKeys() {
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"contentHeight\": 500, ", with: "")),
                       "dir/s.json: scroll: missing required key \"contentHeight\"")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"clipsToBounds\"", with: "\"clipToBounds\"")),
                       "dir/s.json: views[0].clipToBounds: unknown key; did you mean \"clipsToBounds\"?")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"scaleAspectFill\"", with: "\"aspectFill\"")),
                       "dir/s.json: views[0].contentMode: unknown value \"aspectFill\"; did you mean \"scaleAspectFill\"?")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "{\"wait\": 0.5}", with: "{\"wiat\": 0.5}")),
                       "dir/s.json: scroll.script[1].wiat: unknown step; did you mean \"wait\"?")
    }

    func testOutOfRangeAndReferences() {
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"height\": 200}", with: "\"height\": 200, \"scale\": 5}")),
                       "dir/s.json: canvas.scale: expected a whole number in 1…3, found 5")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"alpha\": 0.5", with: "\"alpha\": 1.5")),
                       "dir/s.json: views[0].children[0].alpha: 1.5 is out of range 0…1")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"image\": \"pic\"", with: "\"image\": \"pix\"")),
                       "dir/s.json: views[0].image: unknown asset \"pix\"; did you mean \"pic\"?")
        XCTAssertEqual(message(minimal.replacingOccurrences(of: "\"id\": \"b\"", with: "\"id\": \"a\"")),
                       "dir/s.json: views[0].children[0].id: duplicate view id \"a\"")
    }

    func testDeepViewTreesAreRefused() {
        var view = "{\"id\": \"leaf\", \"frame\": [0, 0, 1, 1]}"
        for i in 0..<40 { view = "{\"id\": \"v\(i)\", \"frame\": [0, 0, 1, 1], \"children\": [\(view)]}" }
        let text = "{\"canvas\": {\"width\": 1, \"height\": 1}, \"scroll\": {\"contentHeight\": 1}, \"views\": [\(view)]}"
        XCTAssertTrue(message(text).hasSuffix("views nest deeper than 32 levels"), message(text))
    }

    func testMissingFileIsReported() {
        XCTAssertThrowsError(try SceneDecoder.load(file: "/no/such/scene.json")) {
            XCTAssertEqual("\($0)", "/no/such/scene.json: no such file")
        }
    }

    /// "auto" measures down to the bottom of the lowest top-level view that scrolls; fixed views
    /// and children do not count.
    func testAutoContentHeight() throws {
        func scene(_ height: String, _ views: String) -> String {
            #"{"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": \#(height)}, "views": \#(views)}"#
        }
        let views = #"""
            [{"id": "bar", "fixed": true, "frame": [0, 0, 100, 5000]},
             {"id": "a", "frame": [0, 40, 100, 300], "children": [{"id": "c", "frame": [0, 0, 10, 9000]}]},
             {"id": "b", "frame": [0, 10, 100, 200]}]
            """#
        XCTAssertEqual(try decode(scene(#""auto""#, views)).scroll.contentHeight, 340)
        XCTAssertEqual(message(scene(#""full""#, views)), #"dir/s.json: scroll.contentHeight: expected a number or "auto", found "full""#)
        XCTAssertEqual(message(scene(#""auto""#, #"[{"id": "bar", "fixed": true, "frame": [0, 0, 1, 1]}]"#)),
                       #"dir/s.json: scroll.contentHeight: "auto" measures the views that scroll, and every view is fixed"#)
        XCTAssertEqual(message(scene(#""auto""#, #"[{"id": "a", "frame": [0, 999000, 1, 2000]}]"#)),
                       #"dir/s.json: scroll.contentHeight: "auto" gives 1001000, above the limit of 1000000"#)
    }
}
