import Foundation
import FoundationXML
import XCTest

/// `render test`: a suite file checked in one command, with JUnit and HTML reports, sharding, and
/// `--update`.
final class SuiteCLITests: CLITestCase {
    /// A copy of the repository's suite, its samples and their references, to change at will.
    func copyRepositorySuite() throws {
        for item in ["scrollreel.json", "samples", "goldens"] {
            try FileManager.default.copyItem(at: ReadmeExampleTests.repository.appendingPathComponent(item),
                                             to: folder.appendingPathComponent(item))
        }
    }

    /// The test cases of a JUnit file, each with whether it failed (or erred).
    func junitCases(_ name: String) throws -> [String: Bool] {
        let document = try XMLDocument(contentsOf: folder.appendingPathComponent(name))
        var cases: [String: Bool] = [:]
        for testcase in try document.nodes(forXPath: "//testcase") {
            let element = try XCTUnwrap(testcase as? XMLElement)
            let name = try XCTUnwrap(element.attribute(forName: "name")?.stringValue)
            cases[name] = !element.elements(forName: "failure").isEmpty || !element.elements(forName: "error").isEmpty
        }
        return cases
    }

    /// A deliberate change fails exactly the cases it touches, in the exit status, the summary,
    /// the JUnit file and the HTML report; restoring the scene passes again and removes the images.
    func testDeliberateChangeFailsExactlyItsCases() throws {
        try copyRepositorySuite()
        let original = try String(contentsOfFile: path("samples/stretchy.json"), encoding: .utf8)
        // The first card's avatar, orange in the references.
        try write("samples/stretchy.json", original.replacingOccurrences(of: "\"avatarColor\": \"#FF9500\"",
                                                                         with: "\"avatarColor\": \"#FF2D55\""))
        let run = try render(["test", "--junit", "report.xml", "--report", "report.html"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("test: 14 of 15 cases passed ("), run.stderr)
        XCTAssertTrue(run.stderr.contains("\n  FAIL  stretchy.scale1: 5 of 6 frames differ (frame 0: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("\nartifacts: scrollreel-failures/\nreport: report.html"), run.stderr)
        let cases = try junitCases("report.xml")
        XCTAssertEqual(cases.count, 15)
        XCTAssertEqual(cases.filter(\.value).map(\.key), ["stretchy.scale1"])
        let html = try String(contentsOfFile: path("report.html"), encoding: .utf8)
        let sections = html.components(separatedBy: "<section class=\"frame\" data-case=\"").dropFirst()
            .map { $0.prefix { $0 != "\"" } + "/" + $0.split(separator: "\"")[2] }
        XCTAssertEqual(sections, ["stretchy.scale1/0", "stretchy.scale1/25", "stretchy.scale1/38", "stretchy.scale1/55",
                                  "stretchy.scale1/118"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("scrollreel-failures")).filter { $0.hasSuffix("-diff.png") }.count, 5)

        // Restored, the case passes again (its shard alone: the first of fifteen), and its images go.
        try write("samples/stretchy.json", original)
        let passed = try render(["test", "--shard", "1/15"])
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertTrue(passed.stdout.hasPrefix("test: 1 of 1 cases passed (6 frames in "), passed.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("scrollreel-failures")), "a passing run leaves no failure images")
    }

    /// Shards sharing the default failure folder each replace only their own cases' images: a
    /// passing shard keeps another's, and once every case passes the folder goes.
    func testShardsKeepEachOthersFailureImages() throws {
        try write("b.json", CLITestCase.scene)
        try write("suite.json", #"{"references": "refs", "tests": [{"scene": "scene.json", "frames": ["0-2"]}, "#
                  + #"{"scene": "b.json", "frames": ["0-2"]}]}"#)
        XCTAssertEqual(try render(["test", "suite.json", "--update"]).status, 0)
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\"", with: "\"#FF0000\""))
        let failing = try render(["test", "suite.json", "--shard", "1/2"])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let images = try FileManager.default.contentsOfDirectory(atPath: path("scrollreel-failures")).filter { $0.hasSuffix(".png") }
        XCTAssertFalse(images.isEmpty)
        XCTAssertEqual(try render(["test", "suite.json", "--shard", "2/2"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("scrollreel-failures")).filter { $0.hasSuffix(".png") },
                       images, "the passing shard left the other's images")
        try write("scene.json", CLITestCase.scene)
        XCTAssertEqual(try render(["test", "suite.json", "--shard", "1/2"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("scrollreel-failures")), "every case passes: the folder goes")
    }

    /// A suite of the small test scene at two scales and in dark: `--update` records each case
    /// under its own name, a check passes, and a case without references is an error, not a pass.
    func testUpdateRecordsEachCaseAndCheckPasses() throws {
        try write("scrollreel.json", """
            {"references": "refs", "tests": [{"scene": "scene.json", "scales": [1, 2], "appearances": ["light", "dark"]},
                                             {"scene": "scene.json", "name": "start", "frames": [0, "3-5"]}]}
            """)
        let missing = try render(["test"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("  ERROR scene.scale2.dark: no references: refs/scene.scale2.dark.sha256 does not exist; "
                                              + "record them with render test --update"), missing.stderr)
        let update = try render(["test", "--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.hasPrefix("test: recorded 5 cases (124 frames) in "), update.stdout)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: path("refs")).filter { $0.hasSuffix(".sha256") }),
                       ["scene.scale1.sha256", "scene.scale2.sha256", "scene.scale1.dark.sha256", "scene.scale2.dark.sha256",
                        "start.scale1.sha256"])
        let start = try String(contentsOfFile: path("refs/start.scale1.sha256"), encoding: .utf8)
        XCTAssertEqual(start.split(separator: "\n").map { $0.dropFirst(66) }, ["start.scale1/frame_0000", "start.scale1/frame_0003",
                                                                              "start.scale1/frame_0004", "start.scale1/frame_0005"])
        let check = try render(["test", "--jobs", "1"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("test: 5 of 5 cases passed (124 frames in "), check.stdout)
        // A case that fails while recording keeps the references it had; the others are recorded.
        let before = try FileManager.default.contentsOfDirectory(atPath: path("refs/start.scale1")).sorted()
        try write("scrollreel.json", """
            {"references": "refs", "tests": [{"scene": "scene.json", "scales": [1, 2], "appearances": ["light", "dark"]},
                                             {"scene": "scene.json", "name": "start", "frames": [0, 999]}]}
            """)
        let failed = try render(["test", "--update"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("  ERROR start.scale1: scene.json: frame 999 is out of range"), failed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("refs/start.scale1")).sorted(), before)
        XCTAssertEqual(try String(contentsOfFile: path("refs/start.scale1.sha256"), encoding: .utf8), start)
        // A folder of the user's where the failure images would go is refused before anything renders.
        try write("scrollreel-failures/notes.txt", "mine")
        try expectError(["test"], status: 2, contains: ["--artifacts scrollreel-failures: the folder holds files that render did not write (notes.txt)"])
        XCTAssertEqual(try String(contentsOfFile: path("scrollreel-failures/notes.txt"), encoding: .utf8), "mine")
    }

    func testSuiteMistakesNameTheFileAndPath() throws {
        try write("a.json", #"{"tests": [{"scene": "scene.json", "scales": [4]}]}"#)
        try expectError(["test", path("a.json")], status: 2, contains: ["a.json: tests[0].scales[0]: expected a whole number in 1…3, found 4"])
        try write("b.json", #"{"tests": [{"scene": "scene.json"}, {"scene": "scene.json"}]}"#)
        try expectError(["test", path("b.json")], status: 2,
                        contains: ["b.json: tests[1]: the case scene.scale1 is also made by tests[0]; give one of them a \"name\""])
        try write("c.json", #"{"tests": [{"scene": "scene.json", "frames": ["9-2"]}], "refs": "x"}"#)
        try expectError(["test", path("c.json")], status: 2, contains: ["c.json: refs: unknown key"])
        try write("d.json", #"{"tests": [{"scene": "scene.json", "frames": ["9-2"]}]}"#)
        try expectError(["test", path("d.json")], status: 2,
                        contains: ["d.json: tests[0].frames[0]: expected a frame number or \"A-B\" with 0 ≤ A ≤ B, found \"9-2\""])
        try expectError(["test"], status: 2, contains: ["render test reads scrollreel.json in the current folder, and there is none here"])
        try expectError(["test", "other.json"], status: 2, contains: ["other.json: no such file"])
        try expectError(["test", "--shard", "4/3"], status: 2, contains: ["--shard expects I/N with 1 ≤ I ≤ N, such as 2/3, got \"4/3\""])
        // A huge N still splits the suite, without overflow: its one case is in the last shard.
        try write("one.json", #"{"tests": [{"scene": "scene.json"}]}"#)
        for (shard, cases) in [("1/3000000000000000000", "0 cases"), ("3000000000000000000/3000000000000000000", "1 case")] {
            let run = try render(["test", path("one.json"), "--shard", shard])
            XCTAssertTrue(run.stdout.contains(cases) || run.stderr.contains(cases), "\(shard): \(run.stdout)\(run.stderr)")
        }
        try expectError(["test", "--update", "--report", "r.html"], status: 2, contains: ["--report does not apply to render test --update"])
        try expectError(["--scene", "scene.json", "--out", "x.gif", "--report", "r.html"], status: 2,
                        contains: ["--report applies only to --check"])
    }

    /// `render --check --report` writes the same page for one scene: every failing frame, with
    /// its offset and counts, and the passing ones left out.
    func testCheckWritesAReport() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", "scene.json", "--hashes", "g/scene.sha256", "--references"]).status, 0)
        // The card turns a shade off white: every frame that shows it fails.
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\"", with: "\"#FFFFFE\""))
        let run = try render(["--scene", "scene.json", "--check", "g/scene.sha256", "--report", "check.html"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let html = try String(contentsOfFile: path("check.html"), encoding: .utf8)
        // "check: 29 frames fail against …": the summary lists 20, the report shows them all.
        let failing = try XCTUnwrap(Int(run.stderr.dropFirst(7).prefix { $0 != " " }), run.stderr)
        XCTAssertGreaterThan(failing, 20)
        XCTAssertEqual(html.components(separatedBy: "<section class=\"frame\" data-case=\"scene\"").count - 1, failing)
        XCTAssertTrue(html.contains("<section class=\"frame\" data-case=\"scene\" data-frame=\"0\" data-offset=\"0.00\" data-differing=\""))
        XCTAssertTrue(html.contains("<title>g/scene.sha256: 1 failing</title>"))
    }

    /// `merge-junit` keeps every test suite and sums the counts; a file that is not JUnit is named.
    func testMergeJUnit() throws {
        try write("a.xml", #"<testsuites><testsuite name="a" tests="2" failures="1" errors="0" time="1.5"><testcase name="x"/><testcase name="y"><failure message="m"/></testcase></testsuite></testsuites>"#)
        try write("b.xml", #"<testsuite name="b" tests="1" failures="0" errors="1" time="0.25"><testcase name="z"><error message="e"/></testcase></testsuite>"#)
        let run = try render(["merge-junit", "--out", "all.xml", "a.xml", "b.xml"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try junitCases("all.xml"), ["x": false, "y": true, "z": true])
        let root = try XCTUnwrap(try XMLDocument(contentsOf: folder.appendingPathComponent("all.xml")).rootElement())
        XCTAssertEqual(["tests", "failures", "errors", "time"].map { root.attribute(forName: $0)?.stringValue },
                       ["3", "1", "1", "1.750"])
        try write("c.xml", "<html/>")
        try expectError(["merge-junit", "--out", "m.xml", "a.xml", "c.xml"], status: 2,
                        contains: ["merge-junit c.xml: the root is <html>, expected <testsuites> or <testsuite>"])
        try write("d.xml", "not xml")
        try expectError(["merge-junit", "--out", "m.xml", "d.xml"], status: 2, contains: ["merge-junit d.xml: not well-formed XML"])
        try write("e.xml", "<testsuites><testsuite name='x'></testsuites>")
        try expectError(["merge-junit", "--out", "m.xml", "e.xml"], status: 2, contains: ["merge-junit e.xml: not well-formed XML"])
        // Counts that have no whole-number total are refused, not summed.
        for (name, count) in [("f.xml", #"failures="NaN""#), ("g.xml", #"tests="1e19""#), ("h.xml", #"time="-1""#)] {
            try write(name, "<testsuite name=\"x\" \(count)/>")
            try expectError(["merge-junit", "--out", "m.xml", "a.xml", name], status: 2,
                            contains: ["merge-junit \(name): \(count) in <testsuite> is not a count"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("m.xml")))
    }
}
