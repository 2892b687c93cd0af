import Scene
import XCTest

/// Constraints as written in scenes: the linear form and the Visual Format Language read into
/// the constraints they mean, and layouts solved at different offsets, worked out by hand.
final class ConstraintTests: XCTestCase {
    func scene(_ constraints: String, views: String, metrics: String = "{}", insets: String = "{}") throws -> Scene {
        let text = """
        {"canvas": {"width": 300, "height": 600}, "metrics": \(metrics),
         "scroll": {"contentHeight": 2000, "insets": \(insets)}, "constraints": \(constraints), "views": \(views)}
        """
        return try SceneDecoder.decode(Array(text.utf8), file: "s.json")
    }

    /// "a.attr == k × b.attr + c" as terms and constant, left side minus right side.
    func terms(_ c: LayoutConstraint) -> [String] {
        c.terms.map { term in
            let name: String
            switch term.anchor {
            case .view(let id, let a): name = "\(id).\(a.rawValue)"
            case .guide(let g, let a): name = "\(g.rawValue).\(a.rawValue)"
            case .offset: name = "offset"
            }
            return "\(term.coefficient)*\(name)"
        } + ["\(c.constant)"]
    }

    static let two = #"[{"id": "nav-bar", "frame": [0, 0, 300, 44]}, {"id": "card", "frame": [0, 0, 10, 10]}]"#

    func testTheLinearFormReadsTermsConstantsMetricsAndPriorities() throws {
        let s = try scene(#"["nav-bar.bottom + 8 == 0.5 * card.top - pad @high", "card.width / 2 <= offset", "card.height >= 3 * 4 @required", "card.top == safeArea.top + 1.5 @ 300"]"#,
                          views: ConstraintTests.two, metrics: #"{"pad": 12}"#)
        let c = s.constraints
        XCTAssertEqual(terms(c[0]), ["1.0*nav-bar.bottom", "-0.5*card.top", "20.0"])
        XCTAssertEqual(c[0].relation, .equal)
        XCTAssertEqual(c[0].priority, 750)
        XCTAssertEqual(terms(c[1]), ["0.5*card.width", "-1.0*offset", "0.0"])
        XCTAssertEqual(c[1].relation, .lessOrEqual)
        XCTAssertEqual(terms(c[2]), ["1.0*card.height", "-12.0"])
        XCTAssertEqual(c[2].priority, 1000)
        XCTAssertEqual(terms(c[3]), ["1.0*card.top", "-1.0*safeArea.top", "-1.5"])
        XCTAssertEqual(c[3].priority, 300)
        XCTAssertEqual(c.map(\.jsonPath), ["constraints[0]", "constraints[1]", "constraints[2]", "constraints[3]"])
        XCTAssertEqual(c[1].text, "card.width / 2 <= offset")
    }

    /// H:|-[a]-[b(==a)]-| is the standard spacing, 20 to the edges and 8 between, and equal
    /// widths; V: with numbers, metrics and predicates with priorities.
    func testVisualFormatMeansAppleConstraints() throws {
        let views = #"[{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "b", "frame": [0, 0, 1, 1]}]"#
        let h = try scene(#"["H:|-[a]-[b(==a)]-|"]"#, views: views).constraints
        XCTAssertEqual(h.map(terms), [["1.0*a.leading", "-1.0*content.leading", "-20.0"],
                                      ["1.0*b.width", "-1.0*a.width", "-0.0"],
                                      ["1.0*b.leading", "-1.0*a.trailing", "-8.0"],
                                      ["1.0*content.trailing", "-1.0*b.trailing", "-20.0"]])
        let v = try scene(#"["V:|-m-[a(44)]-(>=12@500)-[b(>=20,<=m@250)]"]"#, views: views, metrics: #"{"m": 16}"#).constraints
        XCTAssertEqual(v.map(terms), [["1.0*a.height", "-44.0"], ["1.0*a.top", "-1.0*content.top", "-16.0"],
                                      ["1.0*b.height", "-20.0"], ["1.0*b.height", "-16.0"], ["1.0*b.top", "-1.0*a.bottom", "-12.0"]])
        XCTAssertEqual(v.map(\.relation), [.equal, .equal, .greaterOrEqual, .lessOrEqual, .greaterOrEqual])
        XCTAssertEqual(v.map(\.priority), [1000, 1000, 1000, 250, 500])
        XCTAssertTrue(v.allSatisfy { $0.jsonPath == "constraints[0]" && $0.text.hasPrefix("V:") })
    }

    /// A fixed bar pinned to the safe area's top stays under the inset at every offset; a view
    /// pinned to the content below it scrolls. Frames are in the parent's coordinates: the
    /// screen's for the fixed bar.
    func testGuidesMoveWithTheScroll() throws {
        let s = try scene(#"["H:|[bar]|", "bar.top == safeArea.top", "bar.height == 44", "H:|-10-[row]-10-|", "V:|-100-[row(30)]"]"#,
                          views: #"[{"id": "bar", "fixed": true}, {"id": "row"}]"#, insets: #"{"top": 50}"#)
        let layout = try XCTUnwrap(ConstraintLayout.build(s) { _ in StackLayout.Content() })
        for offset in [-50.0, -120, 0, 333.25] {
            let f = try layout.frames(offset: offset)
            XCTAssertEqual(f["bar"], Rect(x: 0, y: 50, width: 300, height: 44), "offset \(offset)")
            XCTAssertEqual(f["row"], Rect(x: 10, y: 100, width: 280, height: 30), "offset \(offset)")
        }
    }

    /// A view's own list: `superview` is the view, and inside a template instance the subviews
    /// go by their ids in the template (`title` for `card0.title`). A label without a width
    /// takes its text's, through hugging and compression resistance.
    func testAViewsOwnConstraintsNameItsSubviews() throws {
        let text = """
        {"canvas": {"width": 300, "height": 600}, "scroll": {"contentHeight": 600},
         "templates": {"card": {"frame": [0, "$y", 300, 80],
            "constraints": ["H:|-16-[title]", "title.centerY == superview.centerY", "title.height == 20"],
            "children": [{"id": "title", "text": "$name"}]}},
         "views": [{"use": "card", "id": "card", "repeat": [{"y": 0, "name": "Ada"}, {"y": 100, "name": "Grace Hopper"}]}]}
        """
        let s = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        XCTAssertEqual(s.constraints.count, 6)
        let layout = try XCTUnwrap(ConstraintLayout.build(s) { view in
            StackLayout.Content(text: view.label.map { Size(width: 10 * Double($0.text.count), height: 20) })
        })
        let f = try layout.frames(offset: 0)
        // Centred in an 80-tall card: (80 − 20) / 2 = 30, in the card's coordinates.
        XCTAssertEqual(f["card0.title"], Rect(x: 16, y: 30, width: 30, height: 20))
        XCTAssertEqual(f["card1.title"], Rect(x: 16, y: 30, width: 120, height: 20))
    }

    /// A header that follows the offset up to a point, as seed 000's: exactly the formula's
    /// numbers, whatever offsets came before.
    func testEditsGiveTheFormulasNumbers() throws {
        let s = try scene(#"["H:|[header]|", "header.top == topGuide.bottom @750", "header.top <= content.top", "header.bottom == content.top + 300"]"#,
                          views: #"[{"id": "header"}]"#)
        let layout = try XCTUnwrap(ConstraintLayout.build(s) { _ in StackLayout.Content() })
        for offset in [-0.1, -123.456789, 3.0, -77.7, 0.3, -1e-7] {
            let f = try XCTUnwrap(try layout.frames(offset: offset)["header"])
            XCTAssertEqual(f.y, min(0, offset))
            XCTAssertEqual(f.height, 300 - min(0, offset))
        }
    }

    /// A constraint on a view under 30 framed ancestors: its edges add up the frames once per
    /// level (each level at x 1, y 2 in its parent), not once per path through the tree.
    func testDeeplyNestedFramesAreReadOnce() throws {
        var tree = #"{"id": "leaf", "frame": [1, 2, 10, 10]}"#
        for depth in 0..<30 { tree = #"{"id": "n\#(depth)", "frame": [1, 2, 200, 200], "children": [\#(tree)]}"# }
        let s = try scene(#"["H:|[box(10)]", "box.top == leaf.bottom", "box.height == 10"]"#,
                          views: "[\(tree), " + #"{"id": "box"}]"#)
        let layout = try XCTUnwrap(ConstraintLayout.build(s) { _ in StackLayout.Content() })
        // The leaf's bottom: 31 levels of y 2, plus its height 10.
        XCTAssertEqual(try layout.frames(offset: 0)["box"], Rect(x: 0, y: 31 * 2 + 10, width: 10, height: 10))
    }
}
