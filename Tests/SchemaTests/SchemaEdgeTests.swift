import TestSupport
import XCTest

/// Values at the edges of what the decoder takes are valid under the schema too, so that the
/// schema never marks a scene that renders.
final class SchemaEdgeTests: XCTestCase {
    typealias S = SceneText

    static let edges: [(String, String)] = [
        ("the smallest scene", #"{"canvas": {"width": 1, "height": 1}, "scroll": {"contentHeight": 0}, "views": []}"#),
        ("the largest canvas, whole numbers written with a fraction",
         S.scene(canvas: #""width": 10000, "height": 10000, "scale": 3.0"#, top: #""fps": 120.0, "#,
                 scroll: #""contentHeight": 1000000, "insets": {"top": 10000, "bottom": 0}"#)),
        ("both asset forms", S.scene(assets: #""a": "a.png", "b": {"path": "b.png"}, "c": {"path": "c.png", "scale": 0.1}"#)),
        ("every step", S.steps(#"""
            {"scrollTo": -1000000, "duration": 0, "curve": [0, -10, 1, 10]},
            {"drag": 1000000, "duration": 3600, "curve": "easeIn"}, {"release": true},
            {"fling": -100000, "rate": "fast"}, {"wait": 0}
            """#)),
        ("a child that is not fixed, lower-case colours", S.view(##"""
            "background": "#ff00ff80", "children": [{"id": "c", "frame": [-1000000, 1000000, 0, 1000000], "fixed": false}]
            """##)),
        ("a full label", S.view(##"""
            "text": "Ünïcode ✓", "fontSize": 1000, "fontWeight": "bold", "font": "f.ttf", "textColor": "#00000000",
            "textAlignment": "right"
            """##)),
        ("every effect's parameters", S.scene(views: ##"""
            [{"id": "h", "frame": [0, 0, 9, 9], "image": "pic", "clipsToBounds": true,
              "effects": [{"stretchy": {"pinned": true}},
                          {"blurByPull": {"radius": 500, "fullAt": 1, "mode": "radius", "tint": "#FFFFFF26"}},
                          {"parallax": {"travel": 10000}}]},
             {"id": "r", "frame": [0, 9, 9, 9], "fixed": true,
              "effects": [{"textReveal": {"bandColor": "#000000", "revealColor": "#FF0000", "from": -1000000, "to": 1000000}}],
              "children": [{"id": "l", "frame": [0, 0, 9, 9], "text": ""}]}]
            """##)),
        ("every driver form", S.bindings(#"""
            {"property": "imageOffsetY", "driver": {"view": "v", "range": "exit", "insets": [-100000, 100000]},
             "keyframes": [[-1000000, 1000000], [1000000, -1000000]], "curve": [0.42, 0, 0.58, 1], "clamp": false},
            {"property": "blur", "driver": "offset", "keyframes": [[0, 0]]}
            """#)),
    ]

    func testEdgeScenesAreValidForTheSchemaAndTheDecoder() throws {
        let validator = try SchemaValidator(file: Repository.schema)
        for (what, scene) in SchemaEdgeTests.edges {
            XCTAssertEqual(validator.validate(try JSONInstance(scene)), [], what)
            XCTAssertTrue(SceneText.decodes(scene), "the decoder rejects \(what)")
        }
    }
}
