import Foundation
import TestSupport
import XCTest

/// `--out NAME.apng`, the format added through the output registry alone: decoded by Pillow (an
/// independent reader) and compared with the same scene's PNG frames, from the command line,
/// `--max-size` and `render gif`.
final class APNGCLITests: CLITestCase {
    /// Reads an APNG and the PNG frames of a folder, and prints one JSON object: the file's
    /// frames, loop count and delays, and how many frames decode to their PNG frame's exact RGBA.
    private static let reader = """
    import glob, json, sys
    from PIL import Image
    path, folder = sys.argv[1], sys.argv[2]
    apng = Image.open(path)
    frames, durations = [], []
    for i in range(apng.n_frames):
        apng.seek(i)
        apng.load()
        frames.append(apng.convert("RGBA").tobytes())
        durations.append(apng.info.get("duration"))
    references = sorted(glob.glob(folder + "/frame_*.png"))
    exact = sum(a == Image.open(b).convert("RGBA").tobytes() for a, b in zip(frames, references))
    print(json.dumps({"format": apng.format, "size": list(apng.size), "frames": apng.n_frames,
                      "loop": apng.info.get("loop"), "durations": durations, "references": len(references),
                      "exact": exact}))
    """

    private struct Reading: Decodable {
        let format: String
        let size: [Int]
        let frames: Int
        let loop: Int?
        let durations: [Double]
        let references: Int
        let exact: Int
    }

    private func read(_ apng: String, against folder: String) throws -> Reading {
        let run = try SystemPython.run(APNGCLITests.reader, [path(apng), path(folder)])
        XCTAssertEqual(run.status, 0, "Pillow could not read \(apng) (scripts/test installs python3-pil): \(run.errors)")
        return try JSONDecoder().decode(Reading.self, from: run.output)
    }

    func testEveryFrameComesBackExactlyAndLoops() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "scene.apng", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let reading = try read("scene.apng", against: "frames")
        XCTAssertEqual(reading.format, "PNG")
        XCTAssertEqual(reading.size, [120, 160])
        XCTAssertEqual(reading.frames, 30, "the frame count written into the animation control chunk")
        XCTAssertEqual(reading.exact, 30, "every frame decodes to the PNG frame's exact RGBA")
        XCTAssertEqual(reading.loop, 0, "loops forever")
        for duration in reading.durations { XCTAssertEqual(duration, 1000.0 / 30, accuracy: 0.01) }
    }

    /// `render gif` assembles the same file from a folder of frames.
    func testAssembledFromFramesIsTheRenderedFile() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--frames", "4-13", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "part.apng", "--frames", "4-13", "--quiet"]).status, 0)
        let run = try render(["gif", path("frames"), "--out", path("assembled.apng"), "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("assembled.apng"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("part.apng"))))
        let reading = try read("part.apng", against: "frames")
        XCTAssertEqual(reading.frames, 10)
        XCTAssertEqual(reading.exact, 10)
    }

    /// Always lossless, `--max-size` can only lower the frame rate, and says so.
    func testMaxSizeLowersTheFrameRate() throws {
        let whole = try render(["--scene", "scene.json", "--out", "whole.apng", "--quiet"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path("whole.apng"))[.size] as? Int)
        let run = try render(["--scene", "scene.json", "--out", "fit.apng", "--max-size", "\(size * 3 / 4)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("max-size: trying lossless at 30 fps"), run.stderr)
        XCTAssertTrue(run.stderr.contains("max-size: lossless at 20 fps (from 30)"), run.stderr)
        XCTAssertFalse(run.stderr.contains("quality"), run.stderr)
        let fitted = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path("fit.apng"))[.size] as? Int)
        XCTAssertLessThanOrEqual(fitted, size * 3 / 4)

        try expectError(["--scene", "scene.json", "--out", "tiny.apng", "--max-size", "1000", "--quiet"], status: 1,
                        contains: ["--max-size 1.00 kB: even lossless at 15 fps makes a larger file; raise the limit, allow a lower frame rate with --min-fps,"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("tiny.apng")))
    }

    func testQualityDoesNotApplyAndOtherFilesAreKept() throws {
        try expectError(["--scene", "scene.json", "--out", "x.apng", "--quality", "80"], status: 2,
                        contains: ["--quality applies only to --out NAME.gif, NAME.webp, NAME.avif and NAME.mp4"])
        try write("notes.apng", "my notes")
        try expectError(["--scene", "scene.json", "--out", "notes.apng"], status: 2, contains: ["notes.apng"])
        XCTAssertEqual(try String(contentsOfFile: path("notes.apng"), encoding: .utf8), "my notes")
    }
}
