import Regression
import XCTest

/// Hash files as `sha256sum` writes them, and as a Windows checkout turns them (CRLF).
final class HashManifestTests: XCTestCase {
    private let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64)

    func testCRLFLinesReadAsLFLines() throws {
        let lf = "\(a)  s/frame_0000\n\(b)  s/frame_0001\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try HashManifest(parsing: crlf).entries, try HashManifest(parsing: lf).entries)
        XCTAssertEqual(try HashManifest(parsing: crlf).entries.map(\.name), ["s/frame_0000", "s/frame_0001"])
        XCTAssertEqual(try HashManifest(parsing: "\(a)  s/frame_0000\r").entries.map(\.name), ["s/frame_0000"])
    }

    /// Malformed CRLF lines are found, on the right line, as LF ones are.
    func testCRLFErrorsNameTheirLine() {
        XCTAssertThrowsError(try HashManifest(parsing: "\(a)  x\r\n\r\n\(b)  x\r\n")) { error in
            XCTAssertEqual("\(error)", "line 3: x is listed twice")
        }
        XCTAssertThrowsError(try HashManifest(parsing: "\(a)  x\r\ngarbage\r\n")) { error in
            XCTAssertEqual((error as? HashManifest.ParseError)?.line, 2)
        }
    }

    /// Recorded entries keep frame order past four digits, scene by scene, and a name recorded
    /// again takes its new hash in its place.
    func testRecordingKeepsFrameOrder() {
        var manifest = HashManifest()
        for (hash, name) in [(a, "s/frame_10000"), (a, "s/frame_2000"), (a, "r/frame_0003"), (a, "s/frame_9999"),
                             (a, "s/frame_0000"), (a, "notes"), (a, "r/frame_0002"), (b, "s/frame_9999")] {
            manifest.record(hash: hash, name: name)
        }
        XCTAssertEqual(manifest.entries.map(\.name), ["r/frame_0002", "r/frame_0003", "s/frame_0000", "s/frame_2000",
                                                      "s/frame_9999", "s/frame_10000", "notes"])
        XCTAssertEqual(manifest["s/frame_9999"], b)
        XCTAssertEqual(manifest.entries.filter { $0.hash == b }.count, 1)
    }
}
