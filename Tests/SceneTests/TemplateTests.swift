import Scene
import XCTest

/// `templates` and their use sites: each instance is the view tree a user could have written by hand.
final class TemplateTests: XCTestCase {
    func decode(templates: String, views: String) throws -> Scene {
        let text = """
        {"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 100},
         "templates": \(templates), "views": \(views)}
        """
        return try SceneDecoder.decode(Array(text.utf8), file: "s.json")
    }

    func expectError(templates: String, views: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(templates: templates, views: views), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }

    static let card = """
    {"card": {"frame": [0, "$y", 100, 40], "background": "$color",
              "children": [{"id": "title", "frame": [4, 4, "$width", 10], "text": "$title", "fontSize": 12},
                           {"id": "price", "frame": [4, 20, 50, 10], "text": "$$5 off"}]}}
    """

    /// The instance equals the same views written out: parameters of any JSON type, the use
    /// site's id on the root and as a prefix inside, `$$` as a literal dollar.
    func testAnInstanceIsTheViewTreeWrittenOut() throws {
        let used = try decode(templates: TemplateTests.card, views: """
            [{"use": "card", "id": "ada", "with": {"y": 10, "color": "#FF9500", "width": 60, "title": "Ada"}}]
            """)
        let written = try decode(templates: "{}", views: """
            [{"id": "ada", "frame": [0, 10, 100, 40], "background": "#FF9500",
              "children": [{"id": "ada.title", "frame": [4, 4, 60, 10], "text": "Ada", "fontSize": 12},
                           {"id": "ada.price", "frame": [4, 20, 50, 10], "text": "$5 off"}]}]
            """)
        XCTAssertEqual(withoutPaths(used.views), withoutPaths(written.views))
        XCTAssertEqual(used.views[0].jsonPath, "views[0] → templates.card")
        XCTAssertEqual(used.views[0].children[1].jsonPath, "views[0] → templates.card.children[1]")
    }

    /// `repeat` makes one instance per item, numbered after the use site's id; items add to
    /// `with` and win over it; a use site's frame replaces the template's.
    func testRepeatNumbersTheInstances() throws {
        let scene = try decode(templates: TemplateTests.card, views: """
            [{"use": "card", "id": "row", "with": {"color": "#000000", "width": 10, "y": 0},
              "repeat": [{"title": "A", "y": 5}, {"title": "B", "color": "#FFFFFF"}]},
             {"use": "card", "id": "last", "frame": [1, 2, 3, 4], "with": {"color": "#000000", "width": 10, "y": 0, "title": "C"}}]
            """)
        XCTAssertEqual(scene.views.map(\.id), ["row0", "row1", "last"])
        XCTAssertEqual(scene.views.map(\.frame.y), [5, 0, 2])
        XCTAssertEqual(scene.views[1].background, Color(r: 255, g: 255, b: 255))
        XCTAssertEqual(scene.views.map { $0.children[0].label?.text }, ["A", "B", "C"])
        XCTAssertEqual(scene.views[1].children.map(\.id), ["row1.title", "row1.price"])
        XCTAssertEqual(scene.views[1].jsonPath, "views[0].repeat[1] → templates.card")
    }

    /// A template may use another; a binding that names a view of its own template follows it.
    func testNestedTemplatesAndBindings() throws {
        let scene = try decode(templates: """
            {"badge": {"frame": [0, 0, 10, 10], "children": [{"id": "dot", "frame": [0, 0, 2, 2],
                        "bindings": [{"property": "alpha", "driver": {"view": "dot"}, "keyframes": [[0, 1]]}]}]},
             "cell": {"frame": [0, 0, 50, 50], "children": [{"use": "badge", "id": "badge"}]}}
            """, views: #"[{"use": "cell", "id": "c"}]"#)
        let dot = scene.views[0].children[0].children[0]
        XCTAssertEqual(dot.id, "c.badge.dot")
        guard case .viewProgress(let progress) = dot.bindings[0].driver else { return XCTFail("a view driver") }
        XCTAssertEqual(progress.view, "c.badge.dot")
    }

    /// Ids given as parameters, and views of a template used inside, are renamed in drivers too.
    func testDriversFollowParameterIdsAndNestedViews() throws {
        let scene = try decode(templates: """
            {"badge": {"frame": [0, 0, 10, 10], "children": [{"id": "dot", "frame": [0, 0, 2, 2]}]},
             "cell": {"frame": [0, 0, 50, 50], "children": [
                {"use": "badge", "id": "badge"},
                {"id": "$name", "frame": [0, 0, 5, 5]},
                {"id": "follower", "frame": [0, 0, 1, 1], "bindings": [
                    {"property": "alpha", "driver": {"view": "$name"}, "keyframes": [[0, 1]]},
                    {"property": "y", "driver": {"view": "badge.dot"}, "keyframes": [[0, 1]]}]}]}}
            """, views: #"[{"use": "cell", "id": "c", "with": {"name": "label"}}]"#)
        let follower = scene.views[0].children[2]
        let drivers = follower.bindings.map { binding -> String? in
            if case .viewProgress(let progress) = binding.driver { return progress.view } else { return nil }
        }
        XCTAssertEqual(drivers, ["c.label", "c.badge.dot"])
    }

    func testMistakesNameTheUseSiteAndTheTemplatePath() {
        let card = TemplateTests.card
        expectError(templates: card, views: #"[{"use": "crad", "id": "a"}]"#,
                    #"s.json: views[0].use: unknown template "crad"; did you mean "card"?"#)
        expectError(templates: card, views: ##"[{"use": "card", "id": "a", "with": {"y": 1, "color": "#000000", "width": 1}}]"##,
                    #"s.json: views[0] → templates.card.children[0].text: no value for parameter "$title"; give one in the use site's "with""#)
        expectError(templates: card, views: #"[{"use": "card", "id": "a", "with": {"titel": "x"}}]"#,
                    #"s.json: views[0].with.titel: template "card" has no parameter "titel"; did you mean "title"?"#)
        expectError(templates: card, views: ##"[{"use": "card", "id": "a", "with": {"y": "top", "color": "#000000", "width": 1, "title": "x"}}]"##,
                    #"s.json: views[0] → templates.card.frame[1]: expected a number, found a string"#)
        expectError(templates: card, views: #"[{"use": "card", "with": {}}]"#, #"s.json: views[0]: missing required key "id""#)
        expectError(templates: card, views: #"[{"use": "card", "id": "a", "repeat": []}]"#,
                    #"s.json: views[0].repeat: expected at least one item"#)
        expectError(templates: card, views: #"[{"use": "card", "id": "a", "children": []}]"#,
                    #"s.json: views[0].children: unknown key"#)
        expectError(templates: #"{"card": {"id": "x", "frame": [0, 0, 1, 1]}}"#, views: "[]",
                    #"s.json: templates.card.id: a template's root takes its id from each use site; remove it here"#)
        expectError(templates: #"{"row": {"frame": [0, 0, 1, 1], "children": [{"use": "row", "id": "r"}]}}"#,
                    views: #"[{"use": "row", "id": "a"}]"#,
                    #"s.json: views[0] → templates.row.children[0].use: template "row" uses itself (row → row)"#)
        expectError(templates: #"{"dot": {"frame": [0, 0, 1, 1]}}"#, views: #"[{"use": "dot", "id": "a"}, {"use": "dot", "id": "a"}]"#,
                    #"s.json: views[1] → templates.dot.id: duplicate view id "a""#)
        expectError(templates: #"{"dot": {"frame": [0, 0, 1, 1]}}"#, views: #"[{"use": "dot", "id": "a", "with": {"x": 1}}]"#,
                    #"s.json: views[0].with.x: template "dot" has no parameter "x"; it has none"#)
    }

    /// Templates that use templates multiply; they stop at a fixed number of views, with an
    /// error, long before memory runs out (ten levels of ten would be 10^10 views).
    func testTemplatesCannotMultiplyWithoutEnd() {
        let levels = (0..<10).map { level in
            let next = level < 9 ? #", "children": [{"use": "t\#(level + 1)", "id": "x", "repeat": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}]"# : ""
            return #""t\#(level)": {"frame": [0, 0, 1, 1]\#(next)}"#
        }
        XCTAssertThrowsError(try decode(templates: "{" + levels.joined(separator: ", ") + "}", views: #"[{"use": "t0", "id": "top"}]"#)) {
            XCTAssertTrue("\($0)".hasSuffix("templates make more than 100000 views here; do they use each other too often?"), "\($0)")
        }
    }

    private func withoutPaths(_ views: [View]) -> [View] {
        views.map { view in
            var view = view
            view.jsonPath = ""
            view.children = withoutPaths(view.children)
            return view
        }
    }
}
