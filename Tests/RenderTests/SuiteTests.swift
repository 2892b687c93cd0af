import Foundation
import Regression
import Scene
import XCTest

final class SuiteTests: XCTestCase {
    func decode(_ text: String, file: String = "ci/scrollreel.json") throws -> Suite {
        try SuiteDecoder.decode(Array(text.utf8), file: file)
    }

    func testCasesAreScenesTimesScalesTimesAppearances() throws {
        let suite = try decode("""
            {"tests": [{"scene": "a.json", "scales": [1, 3], "appearances": ["light", "dark", "both"]},
                       {"scene": "/abs/b.json", "name": "bee", "frames": [7, "2-4", 3], "references": "refs",
                        "tolerance": {"threshold": 0.1, "maxDiffPixels": 5}}]}
            """)
        XCTAssertEqual(suite.cases.map(\.name), ["a.scale1", "a.scale1.dark", "a.scale1.both", "a.scale3", "a.scale3.dark",
                                                 "a.scale3.both", "bee.scale1"])
        XCTAssertEqual(suite.cases[0].scene, "ci/a.json")
        XCTAssertEqual(suite.cases[0].layout.manifest, "ci/goldens/a.scale1.sha256")
        XCTAssertNil(suite.cases[2].appearance)
        XCTAssertEqual(suite.cases[6].scene, "/abs/b.json")
        XCTAssertEqual(suite.cases[6].layout.manifest, "ci/refs/bee.scale1.sha256")
        XCTAssertEqual(suite.cases[6].frames, [2, 3, 4, 7])
        XCTAssertEqual(suite.cases[6].threshold, 0.1)
        XCTAssertEqual(suite.cases[6].maxDiffPixels, 5)
        XCTAssertNil(suite.cases[0].frames)
        XCTAssertNil(suite.cases[0].threshold)
    }

    /// The shards of any split hold every case once, in order, in slices that differ by at most one.
    func testShardsPartitionTheSuite() throws {
        for count in 1...7 {
            let entries = (0..<count).map { #"{"scene": "c\#($0).json"}"# }.joined(separator: ", ")
            let suite = try decode(#"{"tests": [\#(entries)]}"#)
            for shards in 1...9 {
                let slices = (1...shards).map { suite.shard($0, of: shards).map(\.name) }
                XCTAssertEqual(slices.flatMap { $0 }, suite.cases.map(\.name), "\(count) cases in \(shards) shards")
                let sizes = slices.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1)
            }
        }
    }

    /// The README's example suite is a valid one, with the cases the README describes.
    func testReadmeExample() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                                    .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### A whole suite"))
        let open = try XCTUnwrap(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
        let suite = try decode(String(readme[open.upperBound..<close.lowerBound]), file: "scrollreel.json")
        XCTAssertEqual(suite.cases.map(\.name), ["stretchy.scale1", "profile.scale1", "profile.scale1.dark", "fling.scale1", "fling.scale2"])
        XCTAssertEqual(suite.cases[1].frames, [0, 22, 40, 41, 42, 43, 44])
        XCTAssertEqual(suite.cases[0].layout.manifest, "goldens/stretchy.scale1.sha256")
        XCTAssertEqual(suite.cases[4].threshold, 0.1)
    }

    func testMistakesNameThePath() {
        let cases: [(String, String)] = [
            (#"{"tests": []}"#, "ci/scrollreel.json: tests: list at least one scene"),
            (#"{"tests": [{"scene": "a.json", "appearance": ["dark"]}]}"#,
             #"ci/scrollreel.json: tests[0].appearance: unknown key; did you mean "appearances"?"#),
            (#"{"tests": [{"scene": "a.json", "appearances": ["dim"]}]}"#,
             #"ci/scrollreel.json: tests[0].appearances[0]: unknown value "dim"; expected one of "light", "dark", "both""#),
            (#"{"tests": [{"scene": "a.json", "name": "x/y"}]}"#,
             #"ci/scrollreel.json: tests[0].name: a name is part of file names: not empty, no "/", not starting with ".""#),
            (#"{"tests": [{"scene": "a.json", "frames": []}]}"#,
             #"ci/scrollreel.json: tests[0].frames: list at least one frame number or "A-B" range"#),
            (#"{"tests": [{"scene": "a.json", "tolerance": {"threshold": 2}}]}"#,
             "ci/scrollreel.json: tests[0].tolerance.threshold: 2 is out of range 0…1"),
            (#"{"tests": [{"scene": "a.json"}, {"scene": "b/a.json"}]}"#,
             #"ci/scrollreel.json: tests[1]: the case a.scale1 is also made by tests[0]; give one of them a "name""#),
            ("{\"tests\": [", "ci/scrollreel.json:1:12: invalid JSON"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try decode(text), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)\nexpected: \(message)")
            }
        }
    }

    /// The names `render test --prune` takes for a case's are exactly those cases are given.
    func testCaseNamesAreKnownByTheirForm() {
        for appearance in [Appearance.light, .dark, nil] {
            for base in ["stretchy", "a.b", "x.scale1"] {
                for size in ContentSizeCategory.allCases {
                    let name = Suite.Case.name(base: base, scale: 2, appearance: appearance, contentSize: size)
                    XCTAssertTrue(Suite.Case.isName(name), name)
                }
            }
        }
        XCTAssertEqual(Suite.Case.name(base: "card", scale: 1, appearance: .dark, contentSize: .accessibilityLarge),
                       "card.scale1.dark.accessibilityLarge")
        for name in ["stretchy", ".scale1", "stretchy.scale", "stretchy.scalex", "stretchy.scale1.light", "stretchy.scale-1",
                     "stretchy.scale1.dark.dark", "stretchy.scale1.both.dark", "stretchy-failures", "stretchy.scale١",
                     "stretchy.scale1.large", "stretchy.scale1.huge", "stretchy.scale1.accessibilityLarge.dark"] {
            XCTAssertFalse(Suite.Case.isName(name), name)
        }
    }
}
