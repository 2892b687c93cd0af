import Codecs
import FileOutput
import Foundation
import Regression
import Render
import Scene
import XCTest

/// The kinds of render's text outputs know the files render writes, and only those: each
/// accepts what its writer writes, and refuses the others' files and the user's.
final class OutputFileKindTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` and says whether `kind` may replace it.
    func accepts(_ kind: FileKind, _ text: String) throws -> Bool {
        let file = folder.appendingPathComponent("f")
        try Data(text.utf8).write(to: file)
        return kind.refusal(at: file.path) == nil
    }

    func testEachWriterWritesItsKindAndNoOther() throws {
        let hash = String(repeating: "0123456789abcdef", count: 4)
        let outcome = CaseOutcome(name: "s.scale1", scene: "s.json", frames: 3, seconds: 0.5)
        let renderer = try Renderer(scene: SceneDecoder.load(file: GoldenTests.samplePath("stretchy"), appearance: .light), images: PNGDecoder())
        let written: [(String, String, FileKind)] = [
            ("hashes", HashManifest(entries: [.init(hash: hash, name: "s/frame_0000")]).text, .hashes),
            ("JUnit", JUnitReport.xml(suite: "suite.json", classname: "suite.json", outcomes: [outcome]), .junit),
            ("report", HTMLReport.html(title: "suite.json", outcomes: [outcome]), .report),
            ("inspection", try Inspection.json(renderer: renderer, frames: 0..<1), .inspection),
        ]
        for (name, text, kind) in written {
            XCTAssertTrue(try accepts(kind, text), "\(name) is \(kind.name)")
            for (other, _, otherKind) in written where other != name {
                XCTAssertFalse(try accepts(otherKind, text), "\(name) is not \(otherKind.name)")
            }
            XCTAssertFalse(try accepts(kind, "my notes\n"), "notes are not \(kind.name)")
        }
    }

    /// A hash file is judged by parsing it: any malformed line makes it the user's, and of a long
    /// file the whole lines of its first MiB are judged.
    func testHashFiles() throws {
        let line = String(repeating: "ab", count: 32) + "  s/frame_0000\n"
        XCTAssertTrue(try accepts(.hashes, line + "\n"))
        XCTAssertTrue(try accepts(.hashes, line.replacingOccurrences(of: "\n", with: "\r\n")))
        XCTAssertFalse(try accepts(.hashes, line + "TODO: record dark mode\n"))
        XCTAssertFalse(try accepts(.hashes, line.uppercased()))
        XCTAssertFalse(try accepts(.hashes, line + line), "a name listed twice")
        let long = (0..<20_000).map { String(repeating: "ab", count: 32) + "  s/frame_\($0)\n" }.joined()
        XCTAssertGreaterThan(long.utf8.count, 1 << 20)
        XCTAssertTrue(try accepts(.hashes, long))
        XCTAssertFalse(try accepts(.hashes, String(repeating: " ", count: 2 << 20)), "no whole line in the first MiB")
    }

    /// Any tool's JUnit XML may be replaced, after a declaration and comments; other XML may not.
    func testJUnitFiles() throws {
        XCTAssertTrue(try accepts(.junit, "<testsuite name=\"x\" tests=\"1\"/>"))
        XCTAssertTrue(try accepts(.junit, "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- by pytest -->\n<testsuites>\n</testsuites>"))
        XCTAssertFalse(try accepts(.junit, "<?xml version=\"1.0\"?>\n<testsuitesx/>"))
        XCTAssertFalse(try accepts(.junit, "<?xml version=\"1.0\"?>\n<project><testsuite/></project>"))
        XCTAssertFalse(try accepts(.junit, "<!-- never closed <testsuite>"))
    }

    /// Reports written before the page named its generator are still render's; other pages are not.
    func testReports() throws {
        let report = HTMLReport.html(title: "t", outcomes: [])
        XCTAssertTrue(report.contains("<meta name=\"generator\" content=\"ScrollReel\">"))
        let older = report.replacingOccurrences(of: "<meta name=\"generator\" content=\"ScrollReel\">\n", with: "")
        XCTAssertNotEqual(older, report)
        XCTAssertTrue(try accepts(.report, older))
        XCTAssertFalse(try accepts(.report, "<!DOCTYPE html>\n<html><head><title>Docs</title></head><body>mine</body></html>"))
    }
}
