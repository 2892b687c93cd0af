import Codecs
import Raster
import Regression
import TestSupport
import XCTest

/// Hash files, checks, diffs, contact sheets, parallel and partial renders, validation and GIF
/// assembly, through the command line.
final class RegressionCLITests: CLITestCase {
    func testHashesMatchDecodedFramesAndCheckPasses() throws {
        try expectError(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"],
                        status: 2, contains: ["--out \(path("g/scene"))/: the folder \(path("g")) does not exist"])
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 30)
        XCTAssertEqual(manifest.entries[7].name, "scene/frame_0007")
        // The hash is that of the pixels a PNG decoder returns.
        let decoded = try decodePNG("g/scene/frame_0007.png")
        XCTAssertEqual(manifest.entries[7].hash, try FrameHash.sha256(decoded))
        let passed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(passed.stdout, "check: all 30 frames match \(path("g/scene.sha256"))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("g/scene-failures")))
    }

    /// A deliberately changed scene fails the check with a diff that shows the change.
    func testChangedSceneFailsWithArtifacts() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\", \"cornerRadius\": 6", with: "\"#FF0000\", \"cornerRadius\": 6"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.hasPrefix("check: "), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("  scene/frame_0000: "), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("artifacts: \(path("g/scene-failures"))/"), failed.stderr)
        let diff = try decodePNG("g/scene-failures/frame_0000-diff.png")
        let expected = try decodePNG("g/scene-failures/frame_0000-expected.png")
        let actual = try decodePNG("g/scene-failures/frame_0000-actual.png")
        XCTAssertEqual(expected, try decodePNG("g/scene/frame_0000.png"))
        XCTAssertNotEqual(actual, expected)
        // The card (8, 50, 44 × 100 pt at @2x) is red in the diff; the header above is not.
        XCTAssertEqual(diff.pixel(x: 60, y: 150).straight, StraightColor(r: 255, g: 0, b: 0))
        XCTAssertNotEqual(diff.pixel(x: 60, y: 40).straight, StraightColor(r: 255, g: 0, b: 0))
        // Tolerance: enough pixels allowed, the check passes.
        let tolerated = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--max-diff-ratio", "0.95"])
        XCTAssertEqual(tolerated.status, 0, tolerated.stderr)
        XCTAssertTrue(tolerated.stdout.contains("within the tolerance"), tolerated.stdout)
        let custom = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--artifacts", path("out")])
        XCTAssertEqual(custom.status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/frame_0003-diff.png")))
    }

    /// A small colour change under the threshold passes with --threshold, and fails exactly.
    func testThresholdIgnoresSmallColourDistances() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\", \"cornerRadius\": 6", with: "\"#FCFCFC\", \"cornerRadius\": 6"))
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")]).status, 1)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--threshold", "0.1"]).status, 0)
    }

    func testCheckReportsMissingFramesAndBadHashFiles() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        // Hashes of a longer version of the scene: the same 30 frames, then 9 more of a wait.
        try write("g/scene.json", CLITestCase.scene.replacingOccurrences(of: "\"duration\": 0.6}", with: "\"duration\": 0.6}, {\"wait\": 0.3}")
                                                   .replacingOccurrences(of: "images/pic.png", with: "../images/pic.png"))
        XCTAssertEqual(try render(["--scene", path("g/scene.json"), "--hashes", path("g/scene.sha256")]).status, 0)
        let shorter = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(shorter.status, 1)
        XCTAssertTrue(shorter.stderr.hasPrefix("check: 9 frames fail against \(path("g/scene.sha256")) (30 rendered)"), shorter.stderr)
        XCTAssertTrue(shorter.stderr.contains("scene/frame_0038: expected, but the scene now has 30 frames"), shorter.stderr)
        try write("bad.sha256", "not a hash line\n")
        try expectError(["--scene", path("scene.json"), "--check", path("bad.sha256")], status: 2,
                        contains: ["--check \(path("bad.sha256")): line 1: expected \"<64 lowercase hex digits>  <name>\""])
    }

    func testJobsAndFrameRangesGiveIdenticalOutput() throws {
        for jobs in ["1", "3"] {
            XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("h\(jobs).sha256"), "--out", path("a\(jobs).gif"),
                                       "--jobs", jobs]).status, 0)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("a1.gif"))), try Data(contentsOf: URL(fileURLWithPath: path("a3.gif"))))
        XCTAssertEqual(try String(contentsOfFile: path("h1.sha256"), encoding: .utf8), try String(contentsOfFile: path("h3.sha256"), encoding: .utf8))
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("part") + "/", "--frames", "10-14"]).status, 0)
        XCTAssertEqual(try frameFiles("part"), (10...14).map { "frame_00\($0).png" })
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("part.sha256"), "--frames", "10-14"]).status, 0)
        let whole = try HashManifest(parsing: String(contentsOfFile: path("h1.sha256"), encoding: .utf8))
        let part = try HashManifest(parsing: String(contentsOfFile: path("part.sha256"), encoding: .utf8))
        XCTAssertEqual(part.entries, Array(whole.entries[10...14]), "ranges keep their global frame numbers")
        try expectError(["--scene", path("scene.json"), "--out", path("x") + "/", "--frames", "20-40"], status: 2,
                        contains: ["error: \(path("scene.json")): frame 40 is out of range: the scene has 30 frames (0…29)"])
        try write("still.json", #"{"canvas": {"width": 60, "height": 80, "scale": 1}, "scroll": {"contentHeight": 300, "script": []}, "#
                  + ##""views": [{"id": "card", "frame": [8, 8, 44, 40], "background": "#FFFFFF"}]}"##)
        try expectError(["--scene", path("still.json"), "--out", path("x") + "/", "--frames", "3"], status: 2,
                        contains: ["error: \(path("still.json")): frame 3 is out of range: the scene has 1 frame (0)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x") + "/", "--frames", "9-3"], status: 2, contains: ["--frames expects A-B"])
    }

    /// Ranges rendered one after another into one folder keep each other, and assemble into the
    /// same GIF as one run; a folder may start at any frame, but not skip or repeat one.
    func testAssemblingFrameRangesIntoAGIF() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("whole.gif")]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("all") + "/", "--frames", "12-29"]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("all") + "/", "--frames", "0-11"]).status, 0)
        XCTAssertEqual(try frameFiles("all").count, 30, "the second range kept the first")
        XCTAssertEqual(try render(["gif", path("all"), "--out", path("assembled.gif")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("assembled.gif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("whole.gif"))))
        // A shard that starts at frame 12 gives the GIF that rendering frames 12–29 gives.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("late") + "/", "--frames", "12-29"]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("late.gif"), "--frames", "12-29"]).status, 0)
        XCTAssertEqual(try render(["gif", path("late"), "--out", path("late-assembled.gif")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("late-assembled.gif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("late.gif"))))
        XCTAssertEqual(try DecodedGIF(path: path("late.gif")).frames.count, 18)
        // Ranges in folders of their own, as machines or processes render them, assemble too.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("early") + "/", "--frames", "0-11"]).status, 0)
        XCTAssertEqual(try render(["gif", path("late"), path("early"), "--out", path("parts.gif")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("parts.gif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("whole.gif"))))
        try expectError(["gif", path("late"), path("all"), "--out", path("both.gif")], status: 2,
                        contains: ["gif: \(path("late"))/frame_0012.png and \(path("all"))/frame_0012.png are both frame 12"])
        try FileManager.default.copyItem(atPath: path("all/frame_0007.png"), toPath: path("all/frame_007.png"))
        try expectError(["gif", path("all"), "--out", path("twice.gif")], status: 2,
                        contains: ["gif: \(path("all"))/frame_0007.png and \(path("all"))/frame_007.png are both frame 7"])
        try FileManager.default.removeItem(atPath: path("all/frame_007.png"))
        try FileManager.default.removeItem(atPath: path("all/frame_0005.png"))
        try expectError(["gif", path("all"), "--out", path("gap.gif")], status: 2,
                        contains: ["frame 5 is missing (frame_0005.png; found 29 frames from 0 to 29)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("gap.gif")))
    }

    func testContactSheet() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--contact-sheet", path("sheet.png"), "--every", "5"]).status, 0)
        let sheet = try decodePNG("sheet.png")
        // 6 tiles of 120 × 160 in one row, in cells 150 px wide so that captions fit, 12 px
        // margins, a 22 px caption under each.
        XCTAssertEqual(sheet.width, 12 + 6 * (150 + 12))
        XCTAssertEqual(sheet.height, 12 + 160 + 22 + 12)
    }

    func testValidate() throws {
        let ok = try render(["validate", path("scene.json")])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "ok: \(path("scene.json")): 30 frames at scale 2, 1.00 s, 120×160 px\n")
        try write("bad.json", CLITestCase.scene.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 0"))
        try expectError(["validate", path("scene.json"), path("bad.json")], status: 2,
                        contains: ["bad.json: fps: expected a whole number in 1…120, found 0"])
    }
}
