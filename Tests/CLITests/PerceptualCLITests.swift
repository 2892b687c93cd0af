import Foundation
import Raster
import XCTest

/// `--delta-e` and `--ssim` with `--check`, and the suite's `deltaE` and `ssim` keys: the
/// perceptual comparisons end to end, on the small test scene at @1x.
final class PerceptualCLITests: CLITestCase {
    /// The test scene with its card's fill and frame replaced.
    func card(_ fill: String, x: String = "8") -> String {
        CLITestCase.scene.replacingOccurrences(of: ##""frame": [8, 50, 44, 100], "background": "#FFFFFF""##,
                                               with: ##""frame": [\##(x), 50, 44, 100], "background": "\##(fill)""##)
    }

    func testDeltaEAndSSIMWithCheck() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        let check = ["--scene", path("scene.json"), "--scale", "1", "--frames", "0-1", "--check", path("g/scene.sha256"), "--quiet"]
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--scale", "1", "--frames", "0-1", "--hashes", path("g/scene.sha256"),
                                   "--references", "--quiet"]).status, 0)
        // One level darker: fails exactly, passes ΔE00 1 (and SSIM, whose gate that is).
        try write("scene.json", card("#FEFEFE"))
        XCTAssertEqual(try render(check).status, 1)
        let near = try render(check + ["--delta-e", "1"])
        XCTAssertEqual(near.status, 0, near.stderr)
        XCTAssertTrue(near.stdout.contains("(2 within the tolerance)"), near.stdout)
        XCTAssertEqual(try render(check + ["--ssim"]).status, 0)
        // A quarter point to the right: the card's edges change beyond ΔE00 1, in a shape SSIM
        // recognises.
        try write("scene.json", card("#FFFFFF", x: "8.25"))
        let shifted = try render(check + ["--delta-e", "1"])
        XCTAssertEqual(shifted.status, 1)
        XCTAssertTrue(shifted.stderr.contains("  scene/frame_0000: "), shifted.stderr)
        XCTAssertEqual(try render(check + ["--ssim", "--delta-e", "1"]).status, 0)
        // A visible colour: fails both, and the diff shows the card red.
        try write("scene.json", card("#FFD60A"))
        XCTAssertEqual(try render(check + ["--delta-e", "2.3"]).status, 1)
        let failed = try render(check + ["--ssim"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("  scene/frame_0001: "), failed.stderr)
        let diff = try decodePNG("g/scene-failures/frame_0000-diff.png")
        XCTAssertEqual(diff.pixel(x: 30, y: 75).straight, StraightColor(r: 255, g: 0, b: 0))
    }

    /// Where a comparison cannot apply, or two are asked for, the run stops before rendering.
    func testPerceptualOptionsThatCannotApply() throws {
        let scene = ["--scene", path("scene.json")]
        try expectError(scene + ["--out", "x.gif", "--ssim"], status: 2, contains: ["--ssim applies only to --check"])
        try expectError(scene + ["--out", "x.gif", "--delta-e", "2"], status: 2, contains: ["--delta-e applies only to --check"])
        try expectError(scene + ["--check", "h", "--delta-e", "120"], status: 2,
                        contains: ["--delta-e expects a CIEDE2000 colour difference from 0 to 100 (1 is just noticeable), got \"120\""])
        try expectError(scene + ["--check", "h", "--threshold", "0.1", "--delta-e", "2"], status: 2,
                        contains: ["--threshold and --delta-e choose different comparisons (pixelmatch's YIQ distance, CIEDE2000): give one"])
        try expectError(["test", "--ssim"], status: 2, contains: ["--ssim does not apply to render test"])
        XCTAssertEqual(try render(scene + ["--scale", "1", "--hashes", path("h.sha256"), "--frames", "0"]).status, 0)
        try expectError(scene + ["--scale", "1", "--check", path("h.sha256"), "--frames", "0", "--ssim"], status: 2,
                        contains: ["--ssim compares pixels with the reference frames in \(path("scene"))/, and there are none"])
    }

    /// A suite entry's `deltaE` and `ssim` keys compare as the flags do; a mistake names the key.
    func testSuiteKeys() throws {
        try write("scrollreel.json", #"{"tests": [{"scene": "scene.json", "frames": [0]}]}"#)
        XCTAssertEqual(try render(["test", "--update"]).status, 0)
        try write("scene.json", card("#FFFFFF", x: "8.25"))
        XCTAssertEqual(try render(["test"]).status, 1)
        try write("scrollreel.json", #"{"tests": [{"scene": "scene.json", "frames": [0], "tolerance": {"deltaE": 1}}]}"#)
        XCTAssertEqual(try render(["test"]).status, 1)
        try write("scrollreel.json", #"{"tests": [{"scene": "scene.json", "frames": [0], "tolerance": {"deltaE": 1, "ssim": true}}]}"#)
        let passed = try render(["test"])
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertTrue(passed.stdout.hasPrefix("test: 1 of 1 cases passed"), passed.stdout)
        try write("scrollreel.json", #"{"tests": [{"scene": "scene.json", "tolerance": {"threshold": 0.1, "ssim": true}}]}"#)
        try expectError(["test"], status: 2, contains: ["scrollreel.json: tests[0].tolerance.ssim: ssim chooses the CIEDE2000 comparison, "
                                                         + "and threshold pixelmatch's: give one of them"])
        try write("scrollreel.json", #"{"tests": [{"scene": "scene.json", "tolerance": {"deltaE": -1}}]}"#)
        try expectError(["test"], status: 2, contains: ["scrollreel.json: tests[0].tolerance.deltaE: -1 is out of range 0…100"])
    }
}
