import Foundation
import XCTest

/// The README's examples are real runs: running their commands prints what the README shows.
final class ReadmeExampleTests: CLITestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func readme() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The first ```json block after `heading`, without its fences.
    func jsonBlock(after heading: String, in readme: String) throws -> Substring {
        let section = try XCTUnwrap(readme.range(of: heading), heading)
        let open = try XCTUnwrap(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex), heading)
        let close = try XCTUnwrap(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex), heading)
        return readme[open.upperBound..<close.lowerBound]
    }

    /// The `--inspect` example: its command, run from the repository, writes a report in which
    /// every line the README shows appears, in order (the README leaves views out at "…").
    func testInspectExample() throws {
        let readme = try ReadmeExampleTests.readme()
        let start = try XCTUnwrap(readme.range(of: "```\n$ render --scene samples/stretchy-blur.json"))
        let lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let command = "--scene samples/stretchy-blur.json" + lines[0]
        let shown = lines.dropFirst(2).prefix { $0 != "```" }.filter { $0.trimmingCharacters(in: .whitespaces) != "…" }
        XCTAssertEqual(lines[1], "$ cat geometry.json")
        XCTAssertGreaterThan(shown.count, 5)
        let arguments = command.split(separator: " ").map { $0 == "geometry.json" ? path("geometry.json") : String($0) }
        let run = try render(arguments, in: ReadmeExampleTests.repository)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try String(contentsOfFile: path("geometry.json"), encoding: .utf8).split(separator: "\n")
        var next = report.startIndex
        for line in shown {
            guard let found = report[next...].firstIndex(of: line) else {
                return XCTFail("the README shows a line the report does not have, or not in this order:\n\(line)")
            }
            next = found + 1
        }
    }

    /// The templates example, in a scene of its own: it renders, and its instances have the ids
    /// the README's table promises; the error it quotes is the one a wrong colour gives.
    func testTemplatesExample() throws {
        let readme = try ReadmeExampleTests.readme()
        let members = try jsonBlock(after: "### Templates", in: readme)
        let scene = #"{"canvas": {"width": 390, "height": 600, "scale": 1}, "scroll": {"contentHeight": 600},"# + members + "}"
        try write("t.json", scene)
        let run = try render(["--scene", path("t.json"), "--inspect", path("t-geometry.json")])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try String(contentsOfFile: path("t-geometry.json"), encoding: .utf8)
        for id in ["ada", "ada.avatar", "ada.title", "card0", "card0.avatar", "card1", "card1.title"] {
            XCTAssertTrue(report.contains("{\"id\": \"\(id)\","), id)
        }
        // The error the README quotes: a colour that is not one, given to the first child of a
        // use site that is itself a child.
        let quoted = "views[1].children[0] → templates.card.children[0].background: unknown colour \"whte\"; did you mean \"white\"?"
        XCTAssertTrue(readme.contains(quoted), "the README quotes this error")
        let templates = try XCTUnwrap(members.range(of: "\"views\": ["))
        let wrong = #"{"canvas": {"width": 390, "height": 600, "scale": 1}, "scroll": {"contentHeight": 600},"#
            + members[..<templates.lowerBound] + #""views": [{"id": "top", "frame": [0, 0, 1, 1]}, {"id": "list", "frame": [0, 0, 390, 600],"#
            + #" "children": [{"use": "card", "id": "x", "with": {"y": 0, "avatarColor": "whte", "titleWidth": 1}}]}]}"#
        try write("wrong.json", wrong)
        try expectError(["validate", path("wrong.json")], status: 2, contains: [quoted])
    }

    /// The stacks example: the frames the README works out by hand are the ones `--inspect`
    /// reports, and the error it quotes is the one a view with nothing to measure gives.
    func testStacksExample() throws {
        let readme = try ReadmeExampleTests.readme()
        let section = try XCTUnwrap(readme.range(of: "### Stacks"))
        let members = try jsonBlock(after: "### Stacks", in: readme)
        let scene = #"{"canvas": {"width": 390, "height": 600, "scale": 2}, "scroll": {"contentHeight": "auto"},"# + members + "}"
        try write("s.json", scene)
        let run = try render(["--scene", path("s.json"), "--inspect", path("s-geometry.json")])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try String(contentsOfFile: path("s-geometry.json"), encoding: .utf8)
        // The report is in screen points: the avatar's [16, 16] in its row is [32, 32] there.
        for (id, frame, inReadme) in [("person0", "[16, 16, 358, 76]", "[16, 16, 358, 76]"),
                                      ("person1", "[16, 104, 358, 76]", "[16, 104, 358, 76]"),
                                      ("person0.avatar", "[32, 32, 44, 44]", "[16, 16, 44, 44]")] {
            XCTAssertTrue(report.contains("{\"id\": \"\(id)\", \"frame\": \(frame),"), id)
            XCTAssertTrue(readme[section.upperBound...].contains("`\(inReadme)`"), id)
        }
        let quoted = "views[0].children[1]: needs a height: give it \"height\", or text, an image or a\nstack to measure"
        XCTAssertTrue(readme.contains(quoted), "the README quotes this error")
        try write("wrong.json", #"{"canvas": {"width": 390, "height": 600}, "scroll": {"contentHeight": "auto"}, "views": ["#
            + #"{"id": "col", "frame": [0, 0, 390, "auto"], "stack": {}, "children": [{"id": "a", "text": "A"}, {"id": "b"}]}]}"#)
        try expectError(["validate", path("wrong.json")], status: 2,
                        contains: [quoted.replacingOccurrences(of: "\n", with: " ")])
    }

    /// The Auto Layout section: its constraints are the sample's, and the errors it quotes are
    /// the ones the bad-scene corpus expects, word for word.
    func testAutoLayoutExample() throws {
        let readme = try ReadmeExampleTests.readme()
        let section = try XCTUnwrap(readme.range(of: "### Auto Layout"))
        let open = try XCTUnwrap(readme.range(of: "\"constraints\": [", range: section.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "\n]", range: open.upperBound..<readme.endIndex))
        let shown = try JSONSerialization.jsonObject(with: Data(("[" + readme[open.upperBound..<close.upperBound]).utf8)) as? [String]
        let sample = try JSONSerialization.jsonObject(with: Data(contentsOf: ReadmeExampleTests.repository
            .appendingPathComponent("samples/stretchy-autolayout.json"))) as? [String: Any]
        XCTAssertEqual(shown, sample?["constraints"] as? [String])
        let flat = readme.replacingOccurrences(of: "\n", with: " ")
        let expected = try String(contentsOf: ReadmeExampleTests.repository.appendingPathComponent("Tests/CLITests/BadScenes/expected.txt"),
                                  encoding: .utf8)
        for quoted in [#"constraints[3]: "box.height == 60" cannot hold together with constraints[0] "box.height == 40"; give one of them a priority below 1000"#,
                       #"views[0]: ambiguous layout: no constraint fixes its height ("box")"#] {
            XCTAssertTrue(flat.contains("`\(quoted)`"), "the README quotes: \(quoted)")
            XCTAssertTrue(expected.contains(": " + quoted + "\n"), "a bad scene gives: \(quoted)")
        }
    }

    /// The adjusted-inset example renders what the README says: at rest (offset −155) the photo
    /// is under the large title, 260 tall and sharp; pulled, taller and blurred by the pull from
    /// rest with its top still at 155; scrolled up, Itinerary pins at 103. With "never" it rests
    /// at 0, the photo at the screen's top.
    func testAdjustedInsetExample() throws {
        let scene = String(try jsonBlock(after: "#### Under the bars: the adjusted inset", in: try ReadmeExampleTests.readme()))
        try FileManager.default.copyItem(at: ReadmeExampleTests.repository.appendingPathComponent("samples/images/desert.png"),
                                         to: folder.appendingPathComponent("images/desert.png"))
        func frames(_ text: String) throws -> [[String: Any]] {
            try write("trip.json", text)
            let run = try render(["--scene", path("trip.json"), "--scale", "1", "--inspect", path("trip-geometry.json")])
            XCTAssertEqual(run.status, 0, run.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("trip-geometry.json"))))
            return try XCTUnwrap((report as? [String: Any])?["frames"] as? [[String: Any]])
        }
        func view(_ id: String, _ frame: [String: Any]) throws -> [String: Any] {
            try XCTUnwrap((frame["views"] as? [[String: Any]])?.first { $0["id"] as? String == id }, id)
        }
        let automatic = try frames(scene)
        XCTAssertEqual(automatic[0]["offset"] as? Double, -155)
        XCTAssertEqual(try view("photo", automatic[0])["frame"] as? [Double], [0, 155, 393, 260])
        XCTAssertEqual(try view("photo", automatic[0])["blur"] as? Double, 0)
        let pulled = try automatic.filter { try XCTUnwrap($0["offset"] as? Double) < -155 - 20 }
        XCTAssertFalse(pulled.isEmpty)
        for frame in pulled {
            let pull = -(frame["offset"] as! Double) - 155, photo = try view("photo", frame)
            let rect = try XCTUnwrap(photo["frame"] as? [Double])
            XCTAssertEqual(rect[1], 155, accuracy: 1e-9)
            XCTAssertEqual(rect[3], 260 + pull, accuracy: 1e-9)
            XCTAssertEqual(try XCTUnwrap(photo["blur"] as? Double), pull / 100, accuracy: 1e-9)
        }
        XCTAssertEqual((try view("itinerary", try XCTUnwrap(automatic.last))["frame"] as? [Double])?[1], 103)
        let never = try frames(scene.replacingOccurrences(of: #""contentHeight": 1420,"#, with: #""contentHeight": 1420, "insetAdjustment": "never","#))
        XCTAssertEqual(never[0]["offset"] as? Double, 0)
        XCTAssertEqual(try view("photo", never[0])["frame"] as? [Double], [0, 0, 393, 260])
    }

    /// The bar items example renders, with its items in the bar's row and its title centred.
    func testBarItemsExample() throws {
        try write("bars.json", String(try jsonBlock(after: "#### Bar items and icons", in: try ReadmeExampleTests.readme())))
        let run = try render(["--scene", path("bars.json"), "--scale", "1", "--frames", "0-0", "--inspect", path("g.json")])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json"))))
        let views = try XCTUnwrap(((report as? [String: Any])?["frames"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        func frame(_ id: String) throws -> [Double] {
            try XCTUnwrap(views.first { $0["id"] as? String == id }?["frame"] as? [Double], id)
        }
        XCTAssertEqual(try frame("navigationBar.back.chevron")[0], 8)
        XCTAssertEqual(try frame("navigationBar.trailing1")[0] + frame("navigationBar.trailing1")[2], 377, accuracy: 1e-9)
        XCTAssertEqual(try frame("navigationBar.title")[0] + frame("navigationBar.title")[2] / 2, 196.5, accuracy: 1e-9)
    }
}
