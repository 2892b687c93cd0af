import Foundation
import XCTest

/// Failures that say what moved, and masks that follow views, on a copy of the stretchy sample:
/// its third card moved down by one point must be named, with the direction, the size and the
/// frames, in the summary, the JUnit file and the report; a mask of that card lets it pass.
final class GeometryCLITests: CLITestCase {
    static let samples = ReadmeExampleTests.repository.appendingPathComponent("samples")

    /// samples/stretchy.json and its images in the test folder, and a suite of two of its frames.
    func copySample(mask: [String]? = nil) throws {
        try FileManager.default.copyItem(at: GeometryCLITests.samples.appendingPathComponent("images"),
                                         to: folder.appendingPathComponent("samples/images"))
        try FileManager.default.copyItem(at: GeometryCLITests.samples.appendingPathComponent("stretchy.json"),
                                         to: folder.appendingPathComponent("samples/stretchy.json"))
        let masked = mask.map { ", \"mask\": [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? ""
        try write("suite.json", #"{"tests": [{"scene": "samples/stretchy.json", "frames": [0, 38, 80]"# + masked + "}]}")
    }

    /// Puts the third card (`card2`, at y 368 in the body) at `y`.
    func moveThirdCard(to y: Int) throws {
        let url = folder.appendingPathComponent("samples/stretchy.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let moved = text.replacingOccurrences(of: ##"{"y": 368, "avatarColor": "#007AFF""##,
                                              with: "{\"y\": \(y), \"avatarColor\": \"#007AFF\"")
        XCTAssertNotEqual(moved, text)
        try moved.write(to: url, atomically: true, encoding: .utf8)
    }

    func testAMovedCardIsNamedWithItsDirectionSizeAndFrames() throws {
        try copySample()
        XCTAssertEqual(try render(["test", "suite.json", "--update", "--quiet"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("goldens/stretchy.scale1/geometry.json")))
        try moveThirdCard(to: 369)
        let run = try render(["test", "suite.json", "--quiet", "--junit", "junit.xml", "--report", "report.html"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("  FAIL  stretchy.scale1: 3 of 3 frames differ"), run.stderr)
        let line = "card2 moved +1 pt down in frames 0, 38, 80"
        XCTAssertTrue(run.stderr.contains("changed: \(line)\n"), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "changed: ").count, 2, "one view moved, its subviews with it: \(run.stderr)")
        XCTAssertTrue(try String(contentsOfFile: path("junit.xml"), encoding: .utf8).contains(line))
        XCTAssertTrue(try String(contentsOfFile: path("report.html"), encoding: .utf8).contains("<li>\(line)</li>"))

        // Moved up by two, the other way.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("samples/stretchy.json"))
        try FileManager.default.copyItem(at: GeometryCLITests.samples.appendingPathComponent("stretchy.json"),
                                         to: folder.appendingPathComponent("samples/stretchy.json"))
        try moveThirdCard(to: 366)
        let up = try render(["test", "suite.json", "--quiet"])
        XCTAssertTrue(up.stderr.contains("changed: card2 moved -2 pt up in frames 0, 38, 80"), up.stderr)
    }

    /// A change that moves nothing falls back to the pixel summary.
    func testAColourChangeHasNoGeometryLine() throws {
        try copySample()
        XCTAssertEqual(try render(["test", "suite.json", "--update", "--quiet"]).status, 0)
        let url = folder.appendingPathComponent("samples/stretchy.json")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "#007AFF", with: "#FF3B30")
            .write(to: url, atomically: true, encoding: .utf8)
        let run = try render(["test", "suite.json", "--quiet"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("pixels differ"), run.stderr)
        XCTAssertFalse(run.stderr.contains("changed:"), run.stderr)
    }

    /// The mask follows the card: where it was in the references and where it is now, so moving
    /// it passes, in a suite and with --check; a mask of an id the scene lacks is refused.
    func testAMaskFollowsTheView() throws {
        try copySample(mask: ["card2"])
        XCTAssertEqual(try render(["test", "suite.json", "--update", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "samples/stretchy.json", "--frames", "36-40", "--hashes", "h.sha256", "--references",
                                   "--quiet"]).status, 0)
        try moveThirdCard(to: 369)
        let suite = try render(["test", "suite.json", "--quiet"])
        XCTAssertEqual(suite.status, 0, suite.stderr + suite.stdout)
        let check = try render(["--scene", "samples/stretchy.json", "--frames", "36-40", "--check", "h.sha256", "--mask", "card2", "--quiet"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("check: all 5 frames match h.sha256 (5 within the tolerance or the mask)"), check.stdout)
        // Masking the card's avatar alone leaves the rest of the moved card to fail.
        let partial = try render(["--scene", "samples/stretchy.json", "--frames", "36-40", "--check", "h.sha256", "--mask", "card2.avatar",
                                  "--quiet"])
        XCTAssertEqual(partial.status, 1, partial.stderr)
        try expectError(["--scene", "samples/stretchy.json", "--frames", "36-40", "--check", "h.sha256", "--mask", "card9"], status: 2,
                        contains: ["--mask names \"card9\", which no view of samples/stretchy.json has"])
        try expectError(["--scene", "samples/stretchy.json", "--out", "x.gif", "--mask", "card2"], status: 2, contains: ["--mask"])
    }
}
