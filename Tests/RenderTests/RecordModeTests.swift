import Codecs
import Foundation
import Regression
import ScrollReelTesting
import XCTest

/// The record modes of the testing library, on a tiny scene in a temporary folder.
final class RecordModeTests: XCTestCase {
    var folder: URL!
    var scene: String { folder.appendingPathComponent("box.json").path }
    var references: URL { folder.appendingPathComponent("refs") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(color: "#FF9500")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(color: String) throws {
        let text = """
        {"canvas": {"width": 40, "height": 30, "scale": 1}, "fps": 10,
         "scroll": {"contentHeight": 100, "script": [{"scrollTo": 20, "duration": 0.3, "curve": "linear"}]},
         "views": [{"id": "box", "frame": [5, 10, 20, 10], "background": "\(color)", "cornerRadius": 3}]}
        """
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    func verify(_ mode: RecordMode, tolerance: Tolerance = Tolerance()) throws -> [String] {
        try verifyFrames(scene: scene, frames: nil, scale: nil, tolerance: tolerance, references: references, record: mode)
    }

    func testModes() throws {
        XCTAssertEqual(try verify(.never), ["box/frame_0000: no expected hash; see \(references.path)/box-failures/",
                                            "box/frame_0001: no expected hash; see \(references.path)/box-failures/",
                                            "box/frame_0002: no expected hash; see \(references.path)/box-failures/"])
        XCTAssertEqual(try verify(.missing), ["box/frame_0000: recorded", "box/frame_0001: recorded", "box/frame_0002: recorded"])
        XCTAssertEqual(try verify(.missing), [], "everything matches now")
        XCTAssertEqual(try verify(.never), [])
        let manifest = try HashManifest(parsing: String(contentsOf: references.appendingPathComponent("box.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent("box/frame_0002.webp").path))

        try write(color: "#FF3B30")
        let failures = try verify(.never)
        XCTAssertEqual(failures.count, 3)
        XCTAssertTrue(failures[0].hasPrefix("box/frame_0000: 196 pixels differ, 16 from anti-aliasing"), failures[0])
        for suffix in ["actual", "expected", "diff"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent("box-failures/frame_0000-\(suffix).png").path))
        }
        XCTAssertEqual(try verify(.never, tolerance: Tolerance(maxDiffPixels: 250)), [], "tolerated")
        XCTAssertEqual(try verify(.failed).count, 3, "re-recorded")
        XCTAssertEqual(try verify(.never), [])
        XCTAssertEqual(try verify(.all).count, 3, "all re-recorded, and reported")
    }

    /// References recorded as PNG by earlier versions are still diffed against, and re-recording
    /// a frame replaces its PNG with a WebP.
    func testPNGReferencesStillServe() throws {
        XCTAssertEqual(try verify(.missing).count, 3)
        let webp = references.appendingPathComponent("box/frame_0000.webp")
        let png = references.appendingPathComponent("box/frame_0000.png")
        let bitmap = try WebPCodec.decode(Array(try Data(contentsOf: webp)))
        try Data(try PNGCodec.encode(bitmap)).write(to: png)
        try FileManager.default.removeItem(at: webp)
        try write(color: "#FF3B30")
        XCTAssertTrue(try verify(.never)[0].hasPrefix("box/frame_0000: 196 pixels differ"))
        XCTAssertEqual(try verify(.failed).count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: webp.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: png.path))
    }
}
