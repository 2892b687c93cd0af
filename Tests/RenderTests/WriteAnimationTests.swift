import Codecs
import Foundation
import Raster
import ScrollReelTesting
import TestSupport
import XCTest

/// `writeAnimation`, the library's way to every registered format: an APNG of a tiny scene,
/// read back by Pillow, and the safe-output rules.
final class WriteAnimationTests: XCTestCase {
    var folder: URL!
    var scene: String { folder.appendingPathComponent("box.json").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        {"canvas": {"width": 40, "height": 30, "scale": 1}, "fps": 10,
         "scroll": {"contentHeight": 100, "script": [{"scrollTo": 20, "duration": 0.5, "curve": "linear"}]},
         "views": [{"id": "box", "frame": [5, 10, 20, 10], "background": "#FF9500", "cornerRadius": 3}]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAnAPNGHoldsEveryFrame() throws {
        let path = folder.appendingPathComponent("box.apng").path
        try writeAnimation(scene: scene, to: path, scale: 2)
        let run = try SystemPython.run("""
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        print(im.format, im.n_frames, im.size[0], im.size[1], im.info.get("loop"))
        """, [path])
        XCTAssertEqual(run.status, 0, "Pillow could not read the file (scripts/test installs python3-pil): \(run.errors)")
        XCTAssertEqual(String(decoding: run.output, as: UTF8.self), "PNG 5 80 60 0\n", "0.5 s at 10 fps: frames at 0, 0.1, … 0.4 s")
    }

    func testNamesAndOtherFilesAreChecked() throws {
        XCTAssertThrowsError(try writeAnimation(scene: scene, to: folder.appendingPathComponent("box.txt").path)) {
            XCTAssertTrue("\($0)".contains("expected one ending in .gif, .webp, .avif, .mp4, .apng"), "\($0)")
        }
        let notes = folder.appendingPathComponent("notes.gif")
        try "my notes".write(to: notes, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try writeAnimation(scene: scene, to: notes.path))
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "my notes")
    }
}
