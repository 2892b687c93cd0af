import TestSupport
import XCTest

/// Hand-written mistakes, each caught by the schema at its JSON path and rejected by the decoder.
final class SchemaMistakeTests: XCTestCase {
    typealias S = SceneText

    /// (what is wrong, the scene, the path of the first violation)
    static let mistakes: [(String, String, String)] = [
        ("canvas width as a string", S.scene(canvas: #""width": "390", "height": 844"#), "canvas.width"),
        ("scale 5", S.scene(canvas: #""width": 390, "height": 844, "scale": 5"#), "canvas.scale"),
        ("scale 1.5", S.scene(canvas: #""width": 390, "height": 844, "scale": 1.5"#), "canvas.scale"),
        ("short colour", S.scene(canvas: ##""width": 390, "height": 844, "background": "#FFF""##), "canvas.background"),
        ("missing canvas height", S.scene(canvas: #""width": 390"#), "canvas"),
        ("fps 2.5", S.scene(top: #""fps": 2.5, "#), "fps"),
        ("fps true", S.scene(top: #""fps": true, "#), "fps"),
        ("fps 0", S.scene(top: #""fps": 0, "#), "fps"),
        ("unknown top-level key", S.scene(top: #""fsp": 30, "#), ""),
        ("missing views", #"{"canvas": {"width": 390, "height": 844}, "scroll": {"contentHeight": 1}}"#, ""),
        ("missing contentHeight", S.scene(scroll: ""), "scroll"),
        ("negative inset", S.scene(scroll: #""contentHeight": 1, "insets": {"top": -1}"#), "scroll.insets.top"),
        ("script as an object", S.scene(scroll: #""contentHeight": 1, "script": {}"#), "scroll.script"),
        ("views as an object", S.scene(views: "{}"), "views"),
        ("asset with an empty path", S.scene(assets: #""pic": """#), "assets.pic"),
        ("asset as a number", S.scene(assets: #""pic": 3"#), "assets.pic"),
        ("asset scale 0", S.scene(assets: #""pic": {"path": "a.png", "scale": 0}"#), "assets.pic.scale"),

        ("view without an id", S.scene(views: #"[{"frame": [0, 0, 1, 1]}]"#), "views[0]"),
        ("empty id", S.scene(views: #"[{"id": "", "frame": [0, 0, 1, 1]}]"#), "views[0].id"),
        ("frame of 3 numbers", S.scene(views: #"[{"id": "v", "frame": [0, 0, 1]}]"#), "views[0].frame"),
        ("frame with a string", S.scene(views: #"[{"id": "v", "frame": [0, "0", 1, 1]}]"#), "views[0].frame[1]"),
        ("negative width", S.scene(views: #"[{"id": "v", "frame": [0, 0, -1, 1]}]"#), "views[0].frame[2]"),
        ("unknown view key", S.view(#""clipToBounds": true"#), "views[0]"),
        ("clipsToBounds 1", S.view(#""clipsToBounds": 1"#), "views[0].clipsToBounds"),
        ("fixed as a string", S.view(#""fixed": "yes""#), "views[0].fixed"),
        ("alpha 2", S.view(#""alpha": 2"#), "views[0].alpha"),
        ("bad contentMode", S.view(#""image": "pic", "contentMode": "aspectFill""#), "views[0].contentMode"),
        ("colour with a bad digit", S.view(##""background": "#GG0000""##), "views[0].background"),
        ("colour of 7 digits", S.view(##""text": "a", "textColor": "#0000000""##), "views[0].textColor"),
        ("bad fontWeight", S.view(#""text": "a", "fontWeight": "heavy""#), "views[0].fontWeight"),
        ("bad textAlignment", S.view(#""text": "a", "textAlignment": "justified""#), "views[0].textAlignment"),
        ("fontSize without text", S.view(#""fontSize": 12"#), "views[0]"),
        ("text with a tab", S.view(#""text": "a\tb""#), "views[0].text"),
        ("child alpha as a string", S.view(#""children": [{"id": "c", "frame": [0, 0, 1, 1], "alpha": "1"}]"#),
         "views[0].children[0].alpha"),
        ("grandchild with a negative width", S.view(#""children": [{"id": "c", "frame": [0, 0, 1, 1], "stack": {}, "children": [{"id": "g", "width": -1}]}]"#),
         "views[0].children[0].children[0].width"),
        ("frame height neither a number nor auto", S.scene(views: #"[{"id": "v", "frame": [0, 0, 10, "fit"]}]"#), "views[0].frame[3]"),
        ("unknown stack axis", S.view(#""stack": {"axis": "column"}"#), "views[0].stack.axis"),
        ("stack padding edge as a string", S.view(#""stack": {"padding": {"top": "8"}}"#), "views[0].stack.padding.top"),

        ("unknown effect", S.view(#""effects": [{"strechy": {}}]"#), "views[0].effects[0]"),
        ("two effects in one object", S.view(#""image": "pic", "effects": [{"blurByPull": {}, "parallax": {}}]"#),
         "views[0].effects[0]"),
        ("effect as a string", S.view(#""effects": ["stretchy"]"#), "views[0].effects[0]"),
        ("bad blur mode", S.view(#""effects": [{"blurByPull": {"mode": "gaussian"}}]"#), "views[0].effects[0].blurByPull.mode"),
        ("blur tint without #", S.view(#""effects": [{"blurByPull": {"tint": "FFFFFF"}}]"#),
         "views[0].effects[0].blurByPull.tint"),
        ("unknown stretchy key", S.view(#""effects": [{"stretchy": {"pinnned": true}}]"#), "views[0].effects[0].stretchy"),
        ("parallax travel as a string", S.view(#""image": "pic", "effects": [{"parallax": {"travel": "20"}}]"#),
         "views[0].effects[0].parallax.travel"),

        ("bad binding property", S.bindings(#"{"property": "opacity", "driver": "offset", "keyframes": [[0, 1]]}"#),
         "views[0].bindings[0].property"),
        ("bad driver name", S.bindings(#"{"property": "x", "driver": "scroll", "keyframes": [[0, 1]]}"#),
         "views[0].bindings[0].driver"),
        ("bad driver range",
         S.bindings(#"{"property": "x", "driver": {"view": "v", "range": "inside"}, "keyframes": [[0, 1]]}"#),
         "views[0].bindings[0].driver.range"),
        ("driver insets of 1 number",
         S.bindings(#"{"property": "x", "driver": {"view": "v", "insets": [1]}, "keyframes": [[0, 1]]}"#),
         "views[0].bindings[0].driver.insets"),
        ("no keyframes", S.bindings(#"{"property": "x", "driver": "offset", "keyframes": []}"#),
         "views[0].bindings[0].keyframes"),
        ("keyframe of 3 numbers", S.bindings(#"{"property": "x", "driver": "offset", "keyframes": [[0, 1, 2]]}"#),
         "views[0].bindings[0].keyframes[0]"),
        ("clamp as a string", S.bindings(#"{"property": "x", "driver": "offset", "keyframes": [[0, 1]], "clamp": "no"}"#),
         "views[0].bindings[0].clamp"),
        ("binding without a driver", S.bindings(#"{"property": "x", "keyframes": [[0, 1]]}"#), "views[0].bindings[0]"),

        ("step with two kinds", S.steps(#"{"scrollTo": 100, "duration": 1, "wait": 1}"#), "scroll.script[0]"),
        ("unknown step", S.steps(#"{"scrolTo": 100, "duration": 1}"#), "scroll.script[0]"),
        ("step as a number", S.steps("5"), "scroll.script[0]"),
        ("scrollTo without a duration", S.steps(#"{"scrollTo": 100}"#), "scroll.script[0]"),
        ("duration as a string", S.steps(#"{"scrollTo": 100, "duration": "1s"}"#), "scroll.script[0].duration"),
        ("negative wait", S.steps(#"{"wait": -1}"#), "scroll.script[0].wait"),
        ("bad curve name", S.steps(#"{"scrollTo": 100, "duration": 1, "curve": "easeInOutt"}"#), "scroll.script[0].curve"),
        ("curve of 3 numbers", S.steps(#"{"drag": 100, "duration": 1, "curve": [0.25, 0.1, 0.25]}"#), "scroll.script[0].curve"),
        ("curve x1 above 1", S.steps(#"{"scrollTo": 100, "duration": 1, "curve": [1.5, 0, 0.5, 1]}"#),
         "scroll.script[0].curve[0]"),
        ("release false", S.steps(#"{"release": false}"#), "scroll.script[0].release"),
        ("bad fling rate", S.steps(#"{"fling": 100, "rate": "slow"}"#), "scroll.script[0].rate"),
        ("fling too fast", S.steps(#"{"fling": 200000}"#), "scroll.script[0].fling"),
    ]

    func testMistakesAreRejectedAtTheirPathByTheSchemaAndTheDecoder() throws {
        let validator = try SchemaValidator(file: Repository.schema)
        for (what, scene, path) in SchemaMistakeTests.mistakes {
            let found = validator.validate(try JSONInstance(scene))
            XCTAssertEqual(found.first?.path, path, "\(what): \(found)")
            XCTAssertFalse(SceneText.decodes(scene), "the decoder accepts \(what)")
        }
    }
}
