import Codecs
import Foundation
import Raster
import TestSupport
import XCTest

/// `--max-size`: the quality, then the frame rate, fall until the file fits, never below 15 fps
/// unless `--min-fps` allows it; what was chosen is said on stderr, and a limit nothing meets is an
/// error that leaves nothing behind. The test scene has 30 frames, few enough to be searched
/// whole, so the choice is exactly the best that fits.
final class MaxSizeCLITests: CLITestCase {
    /// The test scene with a photo-like header, smooth gradients and a little noise, where quality
    /// buys size (in flat pictures it hardly does, and only the frame rate helps).
    override func setUpWithError() throws {
        try super.setUpWithError()
        var bytes: [UInt8] = []
        var state: UInt32 = 1
        for y in 0..<80 {
            for x in 0..<120 {
                state = state &* 1103515245 &+ 12345
                let noise = Int(state >> 29)
                bytes += [UInt8(x * 2 + noise), UInt8(y * 3 + noise), UInt8((x + y) % 200 + noise), 255]
            }
        }
        try Data(PNGCodec.encode(Bitmap(width: 120, height: 80, straight: bytes)!))
            .write(to: folder.appendingPathComponent("images/pic.png"))
    }

    func size(_ name: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: path(name))[.size] as! Int }

    func testAGIFThatFitsIsTheDefaultGIF() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "plain.gif", "--scale", "1", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "fit.gif", "--scale", "1", "--max-size", "100MB"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("max-size: quality 100 at 30 fps:"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("fit.gif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("plain.gif"))))
    }

    func testALargerGIFLowersTheQualityToFit() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "plain.gif", "--scale", "1", "--quiet"]).status, 0)
        let limit = try size("plain.gif") * 4 / 5
        let run = try render(["--scene", "scene.json", "--out", "fit.gif", "--scale", "1", "--max-size", "\(limit)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThanOrEqual(try size("fit.gif"), limit)
        XCTAssertTrue(run.stderr.contains("max-size: trying quality 40 at 30 fps"), run.stderr)
        let chosen = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.hasPrefix("max-size: quality") }, run.stderr)
        XCTAssertTrue(chosen.contains(" at 30 fps: "), String(chosen))
        XCTAssertFalse(chosen.hasPrefix("max-size: quality 100 "), String(chosen))
        let gif = try DecodedGIF(path: path("fit.gif"))
        XCTAssertEqual(gif.frames.count, 30)
        XCTAssertEqual(gif.frames.map(\.delay).reduce(0, +), 100)
    }

    /// The SSIM `--max-size` reports for its choice is what numpy computes from the file, decoded
    /// by Pillow, and the PNG frames: at every 8th frame of the scene, each against the picture
    /// the file shows at the middle of that frame's time, luma BT.601 in 7 × 7 windows.
    private static let ssimReader = """
    import glob, json, sys
    import numpy as np
    from PIL import Image
    path, folder = sys.argv[1], sys.argv[2]
    def flat(image):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return np.asarray(Image.alpha_composite(white, rgba).convert("RGB"), dtype=np.float64)
    def box(a, k=7):
        s = np.cumsum(np.cumsum(np.pad(a, ((1, 0), (1, 0))), axis=0), axis=1)
        return (s[k:, k:] - s[:-k, k:] - s[k:, :-k] + s[:-k, :-k]) / (k * k)
    def ssim(a, b):
        x = a @ [0.299, 0.587, 0.114]; y = b @ [0.299, 0.587, 0.114]
        c1, c2, n = (0.01 * 255) ** 2, (0.03 * 255) ** 2, 49.0
        mx, my = box(x), box(y)
        vx = (box(x * x) - mx * mx) * n / (n - 1); vy = (box(y * y) - my * my) * n / (n - 1)
        cxy = (box(x * y) - mx * my) * n / (n - 1)
        return float((((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))).mean())
    image = Image.open(path)
    starts, pictures, clock = [], [], 0
    for i in range(image.n_frames):
        image.seek(i)
        image.load()
        # Pillow gives a WebP frame's start, a GIF frame's duration.
        starts.append(image.info["timestamp"] / 1000 if "timestamp" in image.info else clock / 1000)
        clock += image.info.get("duration", 0)
        pictures.append(flat(image))
    references = sorted(glob.glob(folder + "/frame_*.png"))
    values = []
    for i in range(0, len(references), 8):
        middle = (i + 0.5) / 30
        shown = max(k for k in range(len(starts)) if starts[k] <= middle)
        values.append(ssim(pictures[shown], flat(Image.open(references[i]))))
    print(json.dumps({"ssim": sum(values) / len(values), "frames": len(values)}))
    """

    func testTheSSIMReportedIsWhatTheFileShows() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "plain.gif", "--quiet"]).status, 0)
        for name in ["fit.gif", "fit.webp"] {
            let run = try render(["--scene", "scene.json", "--out", name, "--max-size", "\(try size("plain.gif") * 3 / 5)"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let line = try XCTUnwrap(run.stderr.split(separator: "\n").last, run.stderr)
            let parts = line.components(separatedBy: ", SSIM ")
            XCTAssertEqual(parts.count, 2, String(line))
            XCTAssertTrue(parts[1].hasSuffix(" at 4 of the scene's 30 frames"), String(line))
            let reported = try XCTUnwrap(Double(parts[1].prefix { $0 != " " }), String(line))
            let read = try SystemPython.run(MaxSizeCLITests.ssimReader, [path(name), path("frames")])
            XCTAssertEqual(read.status, 0, "Pillow or numpy failed (scripts/test installs python3-pil and python3-numpy): \(read.errors)")
            let measured = try XCTUnwrap(JSONSerialization.jsonObject(with: read.output) as? [String: Any])
            XCTAssertEqual(measured["frames"] as? Int, 4)
            XCTAssertEqual(reported, try XCTUnwrap(measured["ssim"] as? Double), accuracy: 0.00006, name)
            XCTAssertLessThan(reported, 1, "\(name) is lossy")
        }
    }

    func testAWebPLosesLosslessnessBeforeFrames() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "plain.webp", "--quiet"]).status, 0)
        let limit = try size("plain.webp") / 2
        let run = try render(["--scene", "scene.json", "--out", "fit.webp", "--max-size", "\(limit)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("max-size: trying lossless at 30 fps"), run.stderr)
        XCTAssertTrue(run.stderr.contains("max-size: quality "), run.stderr)
        XCTAssertLessThanOrEqual(try size("fit.webp"), limit)
    }

    func testALimitNothingMeetsWritesNothing() throws {
        try expectError(["--scene", "scene.json", "--out", "tiny.gif", "--max-size", "100", "--quiet"], status: 1,
                        contains: ["--max-size 100 B: even quality 40 at 15 fps makes a larger file; raise the limit, "
                                   + "allow a lower frame rate with --min-fps, or make it smaller with --scale 1 or a shorter script"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("tiny.gif")))
        XCTAssertEqual(try temporaries(), [])
    }

    /// Below 15 fps only when `--min-fps` allows it. (Here fewer frames make a smaller file only at
    /// a lower quality: at 15 fps each frame moves twice as far as at 30.)
    func testTheFrameRateFallsBelow15OnlyWithMinFps() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "q40.gif", "--quality", "40", "--fps", "15", "--quiet"]).status, 0)
        let limit = try size("q40.gif") * 9 / 10
        try expectError(["--scene", "scene.json", "--out", "fit.gif", "--fps", "15", "--max-size", "\(limit)", "--quiet"], status: 1,
                        contains: ["even quality 40 at 15 fps makes a larger file; raise the limit, allow a lower frame rate with --min-fps"])
        let run = try render(["--scene", "scene.json", "--out", "fit.gif", "--fps", "15", "--max-size", "\(limit)", "--min-fps", "5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let chosen = try XCTUnwrap(run.stderr.split(separator: "\n").last { $0.hasPrefix("max-size: quality ") }, run.stderr)
        XCTAssertTrue(chosen.contains(" at 10 fps (from 15): ") || chosen.contains(" at 8 fps (from 15): "), String(chosen))
        XCTAssertLessThanOrEqual(try size("fit.gif"), limit)
        try expectError(["--scene", "scene.json", "--out", "x.gif", "--min-fps", "10"], status: 2,
                        contains: ["--min-fps applies only with --max-size"])
    }

    /// The WebP lands on the best quality that fits: one step better does not.
    func testAWebPSpendsItsBudgetToTheQualityStep() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "q90.webp", "--quality", "90", "--quiet"]).status, 0)
        let limit = try size("q90.webp") * 11 / 10
        let run = try render(["--scene", "scene.json", "--out", "fit.webp", "--max-size", "\(limit)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let chosen = try XCTUnwrap(run.stderr.split(separator: "\n").last { $0.hasPrefix("max-size: quality ") }, run.stderr)
        let quality = try XCTUnwrap(Int(chosen.dropFirst("max-size: quality ".count).prefix { $0.isNumber }), String(chosen))
        XCTAssertTrue(chosen.contains(" at 30 fps: "), String(chosen))
        XCTAssertGreaterThanOrEqual(quality, 90)
        XCTAssertLessThanOrEqual(try size("fit.webp"), limit)
        if quality < 100 {
            let better = "q\(quality + 1).webp"
            XCTAssertEqual(try render(["--scene", "scene.json", "--out", better, "--quality", "\(quality + 1)", "--quiet"]).status, 0)
            XCTAssertGreaterThan(try size(better), limit, "quality \(quality + 1) fits too")
        }
    }

    /// An MP4, written by name, is tried in a scratch folder and spends the budget above its
    /// default quality.
    func testAnMP4SpendsItsBudget() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "plain.mp4", "--quiet"]).status, 0)
        let limit = try size("plain.mp4") * 2
        let run = try render(["--scene", "scene.json", "--out", "fit.mp4", "--max-size", "\(limit)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let chosen = try XCTUnwrap(run.stderr.split(separator: "\n").last { $0.hasPrefix("max-size: quality ") }, run.stderr)
        let quality = try XCTUnwrap(Int(chosen.dropFirst("max-size: quality ".count).prefix { $0.isNumber }), String(chosen))
        XCTAssertGreaterThan(quality, 80, "a larger budget buys more than the default")
        let fitted = try size("fit.mp4")
        XCTAssertLessThanOrEqual(fitted, limit)
        XCTAssertGreaterThan(fitted, try size("plain.mp4"))
        XCTAssertEqual(String(decoding: try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                             "stream=codec_name", "-of", "csv=p=0", path("fit.mp4")]), as: UTF8.self),
                       "h264\n")
        XCTAssertEqual(try temporaries(), [])
    }

    func testSizesAndCombinationsAreCheckedBeforeRendering() throws {
        try expectError(["--scene", "scene.json", "--out", "x.gif", "--max-size", "8XB"], status: 2,
                        contains: ["--max-size expects a size such as 8MB, 2MiB, 500kB or a number of bytes, got \"8XB\""])
        try expectError(["--scene", "scene.json", "--out", "frames/", "--max-size", "8MB"], status: 2,
                        contains: ["--max-size applies only to --out NAME.gif, NAME.webp, NAME.avif, NAME.mp4 and NAME.apng"])
        try expectError(["--scene", "scene.json", "--out", "x.gif", "--max-size", "8MB", "--hashes", "h.txt"], status: 2,
                        contains: ["--max-size does not combine with --hashes"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.gif")))
    }
}
