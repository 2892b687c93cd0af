import Foundation
import XCTest

/// The README's examples are real runs: running their commands prints what the README shows.
final class ReadmeExampleTests: CLITestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `--inspect` example: its command, run from the repository, writes a report in which
    /// every line the README shows appears, in order (the README leaves views out at "…").
    func testInspectExample() throws {
        let readme = try String(contentsOf: ReadmeExampleTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
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
}
