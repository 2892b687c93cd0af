import Scene
import XCTest

/// Stacks and "auto" frames, placed by `StackLayout` with stand-in measurements: text is 10 pt per
/// character and 20 pt tall, and the images are the sizes in `images`. Every expected frame is
/// worked out by hand in the comment above it.
final class StackLayoutTests: XCTestCase {
    static let images = ["wide": Size(width: 200, height: 100), "tall": Size(width: 30, height: 60)]

    func resolve(_ views: String, contentHeight: String = "1000") throws -> Scene {
        let text = """
        {"canvas": {"width": 300, "height": 300}, "assets": {"wide": "wide.png", "tall": "tall.png"},
         "scroll": {"contentHeight": \(contentHeight)}, "views": \(views)}
        """
        let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        return try StackLayout.resolve(scene) { view, _ in
            StackLayout.Content(text: view.label.map { Size(width: 10 * Double($0.text.count), height: 20) },
                                image: view.image.flatMap { StackLayoutTests.images[$0] })
        }
    }

    func frames(_ view: View) -> [String: Rect] {
        view.children.reduce(into: [view.id: view.frame]) { all, child in all.merge(frames(child)) { a, _ in a } }
    }

    func expectError(_ views: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try resolve(views), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }

    /// A column 300 wide with padding 10 and spacing 5: children 280 wide (fill), at x 10; a
    /// 40-tall box at y 10, text at 10 + 40 + 5 = 55 (20 tall), the wide image 280 wide and, kept
    /// at 2:1 by its aspect mode, 140 tall at 55 + 20 + 5 = 80. The column measures
    /// 10 + 40 + 5 + 20 + 5 + 140 + 10 = 230.
    func testAColumnStacksItsChildrenAtTheirLengths() throws {
        let scene = try resolve("""
            [{"id": "col", "frame": [0, 0, 300, "auto"], "stack": {"spacing": 5, "padding": 10},
              "children": [{"id": "box", "height": 40}, {"id": "title", "text": "Hello"},
                           {"id": "photo", "image": "wide", "contentMode": "scaleAspectFill"}]}]
            """)
        let f = frames(scene.views[0])
        XCTAssertEqual(f["col"], Rect(x: 0, y: 0, width: 300, height: 230))
        XCTAssertEqual(f["box"], Rect(x: 10, y: 10, width: 280, height: 40))
        XCTAssertEqual(f["title"], Rect(x: 10, y: 55, width: 280, height: 20))
        XCTAssertEqual(f["photo"], Rect(x: 10, y: 80, width: 280, height: 140))
        XCTAssertTrue(scene.views[0].fit.isEmpty && scene.views[0].children.allSatisfy { $0.fit.isEmpty })
    }

    /// A row 100 tall: "Hi" is 20 × 20, centred at y 40; the tall image keeps its 30 × 60 (not an
    /// aspect mode) at y 20; `trailing` would put them at the bottom.
    func testARowAlignsItsChildrenAcross() throws {
        for (alignment, hiY, tallY) in [("center", 40.0, 20.0), ("leading", 0, 0), ("trailing", 80, 40)] {
            let scene = try resolve("""
                [{"id": "row", "frame": [0, 0, 200, 100], "stack": {"axis": "horizontal", "alignment": "\(alignment)", "spacing": 4},
                  "children": [{"id": "hi", "text": "Hi"}, {"id": "pic", "image": "tall"}]}]
                """)
            let f = frames(scene.views[0])
            XCTAssertEqual(f["hi"], Rect(x: 0, y: hiY, width: 20, height: 20), alignment)
            XCTAssertEqual(f["pic"], Rect(x: 24, y: tallY, width: 30, height: 60), alignment)
        }
    }

    /// fillEqually: in a 200-tall column with spacing 10 and three children, (200 − 20) / 3 = 60
    /// each; sized by its content, the longest child's length (a 20-tall label against a 45-tall
    /// box) for all: 3 × 45 + 20 = 155.
    func testFillEquallySharesTheLength() throws {
        let fixed = try resolve("""
            [{"id": "col", "frame": [0, 0, 100, 200], "stack": {"distribution": "fillEqually", "spacing": 10},
              "children": [{"id": "a", "text": "A"}, {"id": "b"}, {"id": "c", "height": 5}]}]
            """)
        XCTAssertEqual(fixed.views[0].children.map(\.frame), [Rect(x: 0, y: 0, width: 100, height: 60),
                                                              Rect(x: 0, y: 70, width: 100, height: 60),
                                                              Rect(x: 0, y: 140, width: 100, height: 60)])
        let fitted = try resolve("""
            [{"id": "col", "frame": [0, 0, 100, "auto"], "stack": {"distribution": "fillEqually", "spacing": 10},
              "children": [{"id": "a", "text": "A"}, {"id": "b", "height": 45}, {"id": "c", "text": "C"}]}]
            """)
        XCTAssertEqual(fitted.views[0].frame.height, 155)
        XCTAssertEqual(fitted.views[0].children.map(\.frame.minY), [0, 55, 110])
    }

    /// equalSpacing: three 20-tall labels in 200 leave 140 for two gaps of 70; in 50 they overflow
    /// and keep the spacing of 8.
    func testEqualSpacingGrowsTheGapsButNeverBelowSpacing() throws {
        for (height, ys) in [(200.0, [0.0, 90, 180]), (50, [0, 28, 56])] {
            let scene = try resolve("""
                [{"id": "col", "frame": [0, 0, 100, \(Int(height))], "stack": {"distribution": "equalSpacing", "spacing": 8},
                  "children": [{"id": "a", "text": "A"}, {"id": "b", "text": "B"}, {"id": "c", "text": "C"}]}]
                """)
            XCTAssertEqual(scene.views[0].children.map(\.frame.minY), ys, "height \(height)")
        }
    }

    /// fill: the two children that give no length share what is left: 300 − 50 − 2 × 10 = 230,
    /// 115 each, in a row.
    func testChildrenWithoutALengthShareTheRest() throws {
        let scene = try resolve("""
            [{"id": "row", "frame": [0, 0, 300, 40], "stack": {"axis": "horizontal", "spacing": 10},
              "children": [{"id": "a"}, {"id": "b", "width": 50}, {"id": "c"}]}]
            """)
        XCTAssertEqual(scene.views[0].children.map(\.frame), [Rect(x: 0, y: 0, width: 115, height: 40),
                                                              Rect(x: 125, y: 0, width: 50, height: 40),
                                                              Rect(x: 185, y: 0, width: 115, height: 40)])
    }

    /// A row inside a column: the row measures its widest-tall child (the tall image, 60) and
    /// its children's widths (30 + 6 + 50 = 86, but `fill` stretches it to the column's 120);
    /// a child's own width wins over the column's fill. The label frame [5, 5, auto, auto] is its
    /// text's 40 × 20.
    func testStacksNestAndOwnSizesWin() throws {
        let scene = try resolve("""
            [{"id": "col", "frame": [0, 0, 120, "auto"], "stack": {"spacing": 2},
              "children": [{"id": "row", "stack": {"axis": "horizontal", "spacing": 6},
                            "children": [{"id": "pic", "image": "tall"}, {"id": "name", "text": "Ada", "width": 50}]},
                           {"id": "narrow", "width": 30, "height": 10}]},
             {"id": "tag", "frame": [5, 5, "auto", "auto"], "text": "Tags"}]
            """)
        let f = frames(scene.views[0])
        XCTAssertEqual(f["row"], Rect(x: 0, y: 0, width: 120, height: 60))
        XCTAssertEqual(f["pic"], Rect(x: 0, y: 0, width: 30, height: 60))
        XCTAssertEqual(f["name"], Rect(x: 36, y: 0, width: 50, height: 60))
        XCTAssertEqual(f["narrow"], Rect(x: 0, y: 62, width: 30, height: 10))
        XCTAssertEqual(f["col"], Rect(x: 0, y: 0, width: 120, height: 72))
        XCTAssertEqual(scene.views[1].frame, Rect(x: 5, y: 5, width: 40, height: 20))
    }

    /// "auto" content height is measured again once stacks are placed: the column ends at
    /// 30 + 3 × 20 = 90.
    func testAutoContentHeightFollowsTheStacks() throws {
        let scene = try resolve("""
            [{"id": "col", "frame": [0, 30, 300, "auto"], "stack": {},
              "children": [{"id": "a", "text": "A"}, {"id": "b", "text": "B"}, {"id": "c", "text": "C"}]}]
            """, contentHeight: "\"auto\"")
        XCTAssertEqual(scene.scroll.contentHeight, 90)
    }

    /// A tree as deep as scenes may nest resolves: each view is measured a bounded number of
    /// times, not twice per level.
    func testDeepNestingStaysLinear() throws {
        var tree = #"{"id": "leaf", "text": "x"}"#
        for depth in 0..<30 { tree = #"{"id": "s\#(depth)", "stack": {"padding": 1}, "children": [\#(tree)]}"# }
        let scene = try resolve(#"[{"id": "root", "frame": [0, 0, "auto", "auto"], "stack": {}, "children": [\#(tree)]}]"#)
        // 30 stacks around the leaf add 2 pt each way.
        XCTAssertEqual(scene.views[0].frame, Rect(x: 0, y: 0, width: 70, height: 80))
    }

    func testViewsWithNothingToMeasureAreNamed() {
        expectError("""
            [{"id": "col", "frame": [0, 0, 100, "auto"], "stack": {}, "children": [{"id": "a", "text": "A"}, {"id": "b"}]}]
            """, #"s.json: views[0].children[1]: needs a height: give it "height", or text, an image or a stack to measure"#)
        expectError("""
            [{"id": "col", "frame": [0, 0, 100, 100], "stack": {"alignment": "center"}, "children": [{"id": "b", "height": 4}]}]
            """, #"s.json: views[0].children[0]: needs a width: give it "width", or text, an image or a stack to measure"#)
        expectError("""
            [{"id": "row", "frame": [0, 0, 100, 100], "stack": {"axis": "horizontal", "distribution": "equalSpacing"},
              "children": [{"id": "a", "text": "A"}, {"id": "b"}]}]
            """, #"s.json: views[0].children[1]: needs a width: give it "width", or text, an image or a stack to measure"#)
    }

    func testPlacementMistakesAreRefusedWhenDecoded() {
        expectError("""
            [{"id": "col", "frame": [0, 0, 100, 100], "stack": {}, "children": [{"id": "a", "frame": [0, 0, 1, 1]}]}]
            """, #"s.json: views[0].children[0].frame: a stack places its views; give "width" and "height" instead of a frame"#)
        expectError("""
            [{"id": "box", "frame": [0, 0, 100, 100], "children": [{"id": "a", "width": 10, "frame": [0, 0, 1, 1]}]}]
            """, #"s.json: views[0].children[0].width: only a view in a stack gives its size alone; this view needs a "frame""#)
        expectError("""
            [{"id": "box", "frame": [0, 0, "auto", 100]}]
            """, #"s.json: views[0].frame: "auto" measures a view's text, image or stack, and this view has none"#)
        expectError("""
            [{"id": "box", "frame": [0, 0, 100, 100], "children": [{"id": "a"}]}]
            """, #"s.json: views[0].children[0]: missing required key "frame""#)
    }
}
