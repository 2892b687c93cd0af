import Foundation
import TestSupport
import XCTest

/// `--out NAME.webp`, decoded by Pillow (an independent reader of the file) and compared with the
/// frames of the same scene written as PNG.
final class WebPCLITests: CLITestCase {
    /// Reads a WebP and the PNG frames of a folder, matches each frame i to what the WebP shows
    /// at ⌊1000·i / fps⌋ ms (the encoder merges identical frames), and prints one JSON object.
    private static let reader = """
    import glob, json, math, sys
    from PIL import Image
    path, folder, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    webp = Image.open(path)
    starts, frames, end = [], [], 0
    for i in range(webp.n_frames):
        webp.seek(i)
        webp.load()
        starts.append(webp.info["timestamp"])
        end = webp.info["timestamp"] + webp.info["duration"]
        frames.append(webp.convert("RGBA").tobytes())
    shown, squared, values, exact = 0, 0, 0, 0
    references = sorted(glob.glob(folder + "/frame_*.png"))
    for i, name in enumerate(references):
        while shown + 1 < len(starts) and starts[shown + 1] <= 1000 * i // fps:
            shown += 1
        expected = Image.open(name).convert("RGBA").tobytes()
        exact += frames[shown] == expected
        squared += sum((a - b) ** 2 for a, b in zip(frames[shown], expected))
        values += len(expected)
    psnr = math.inf if squared == 0 else 10 * math.log10(255 ** 2 * values / squared)
    print(json.dumps({"format": webp.format, "size": list(webp.size), "stored": webp.n_frames,
                      "loop": webp.info.get("loop"), "end": end, "references": len(references),
                      "exact": exact, "psnr": psnr if psnr != math.inf else 999}))
    """

    private struct Reading: Decodable {
        let format: String
        let size: [Int]
        let stored: Int
        let loop: Int?
        let end: Int
        let references: Int
        let exact: Int
        let psnr: Double
    }

    /// Pillow's reading of `webp` against the frames in `folder`. Pillow comes with python3-pil,
    /// which `scripts/test` installs.
    private func read(_ webp: String, against folder: String) throws -> Reading {
        let run = try SystemPython.run(WebPCLITests.reader, [path(webp), path(folder), "30"])
        XCTAssertEqual(run.status, 0, "Pillow could not read \(webp) (scripts/test installs python3-pil): \(run.errors)")
        return try JSONDecoder().decode(Reading.self, from: run.output)
    }

    func testLosslessWebPShowsEveryFrameExactlyAndLoops() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "scene.webp", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let reading = try read("scene.webp", against: "frames")
        XCTAssertEqual(reading.format, "WEBP")
        XCTAssertEqual(reading.size, [120, 160])
        XCTAssertEqual(reading.references, 30)
        XCTAssertEqual(reading.exact, 30, "every frame decodes to the PNG frame's exact RGBA")
        XCTAssertEqual(reading.loop, 0, "loops forever")
        XCTAssertEqual(reading.end, 1000, "30 frames at 30 fps last exactly one second")
        XCTAssertLessThanOrEqual(reading.stored, 30)
    }

    func testLossyWebPIsCloseToTheFrames() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "lossy.webp", "--quality", "80", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let reading = try read("lossy.webp", against: "frames")
        XCTAssertLessThan(reading.exact, 30, "lossy frames are not exact")
        XCTAssertGreaterThan(reading.psnr, 30, "but close: PSNR \(reading.psnr) dB")
        XCTAssertEqual(reading.end, 1000)
        XCTAssertEqual(reading.loop, 0)
    }

    /// A range keeps its frames' times from the whole timeline, shifted to start at 0.
    func testRangeLastsAsLongAsItsFrames() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--frames", "3-12", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "part.webp", "--frames", "3-12", "--quiet"]).status, 0)
        let reading = try read("part.webp", against: "frames")
        XCTAssertEqual(reading.references, 10)
        // ⌊1000·13 / 30⌋ − ⌊1000·3 / 30⌋ = 433 − 100.
        XCTAssertEqual(reading.end, 333)
        XCTAssertEqual(reading.exact, 10)
    }

    func testQualityIsCheckedBeforeRendering() throws {
        try expectError(["--scene", "scene.json", "--out", "x.webp", "--quality", "0"], status: 2,
                        contains: ["--quality expects a whole number in 1…100, got \"0\""])
        try expectError(["--scene", "scene.json", "--out", "missing/x.webp"], status: 2,
                        contains: ["--out missing/x.webp: the folder missing does not exist"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.webp")))
    }
}
