import Codecs
import Raster
import TestSupport
import XCTest

final class CLITests: CLITestCase {
    func testDirectoryAndSingleFrameOutputsAgree() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/"]).status, 0)
        XCTAssertEqual(try frameFiles("frames"), (0..<30).map { String(format: "frame_%04d.png", $0) }, "1 s at 30 fps")
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("f.png"), "--frame", "10"]).status, 0)
        let single = try decodePNG("f.png")
        XCTAssertEqual(single.width, 120)
        XCTAssertEqual(single.height, 160)
        XCTAssertEqual(single, try decodePNG("frames/frame_0010.png"))
        XCTAssertNotEqual(single, try decodePNG("frames/frame_0000.png"), "the scroll moves the frame")
    }

    func testGIFOutput() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("a.gif"), "--scale", "1"]).status, 0)
        let gif = try DecodedGIF(path: path("a.gif"))
        XCTAssertEqual(gif.header, "GIF89a")
        XCTAssertEqual(gif.loopCount, 0)
        XCTAssertEqual(gif.width, 60)
        XCTAssertEqual(gif.frames.count, 30)
        XCTAssertEqual(gif.frames.reduce(0) { $0 + $1.delay }, 100, "30 frames at 30 fps last 1 s")
    }

    func testFPSAndScaleOverrides() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("d") + "/", "--fps", "10", "--scale=1"]).status, 0)
        XCTAssertEqual(try frameFiles("d").count, 10)
        XCTAssertEqual(try decodePNG("d/frame_0003.png").width, 60)
    }

    func testBadScenesGiveClearErrors() throws {
        try write("broken.json", "{\"canvas\": {\"width\": 60,,}")
        try expectError(["--scene", path("broken.json"), "--out", path("x.gif")], status: 2,
                        contains: ["broken.json:1:25: invalid JSON: expected a quoted key"])
        try write("type.json", CLITestCase.scene.replacingOccurrences(of: "[8, 50, 44, 100]", with: "\"8, 50\""))
        try expectError(["--scene", path("type.json"), "--out", path("x.gif")], status: 2,
                        contains: ["type.json: views[1].frame: expected [x, y, width, height]"])
        try write("asset.json", CLITestCase.scene.replacingOccurrences(of: "images/pic.png", with: "images/gone.png"))
        try expectError(["--scene", path("asset.json"), "--out", path("x.gif")], status: 2,
                        contains: ["asset.json: assets.pic: ", "images/gone.png: no such file"])
        try write("images/fake.png", "this is not a PNG")
        try write("notpng.json", CLITestCase.scene.replacingOccurrences(of: "images/pic.png", with: "images/fake.png"))
        try expectError(["--scene", path("notpng.json"), "--out", path("x.gif")], status: 2,
                        contains: ["notpng.json: assets.pic: ", "fake.png: not a readable PNG (libpng: "])
        try expectError(["--scene", path("missing.json"), "--out", path("x.gif")], status: 2, contains: ["missing.json: no such file"])
        try write("font.json", CLITestCase.scene.replacingOccurrences(of: "\"cornerRadius\": 6}",
                                                                   with: "\"cornerRadius\": 6, \"text\": \"Hi\", \"font\": \"fonts/Gone.ttf\"}"))
        try expectError(["--scene", path("font.json"), "--out", path("x.gif")], status: 2,
                        contains: ["font.json: views[1].font: ", "fonts/Gone.ttf: no such file"])
        try write("images/fake.ttf", "not a font")
        try write("badfont.json", CLITestCase.scene.replacingOccurrences(of: "\"cornerRadius\": 6}",
                                                                      with: "\"cornerRadius\": 6, \"text\": \"Hi\", \"font\": \"images/fake.ttf\"}"))
        try expectError(["--scene", path("badfont.json"), "--out", path("x.gif")], status: 2,
                        contains: ["badfont.json: views[1].font: ", "fake.ttf: not a usable font (FreeType: unknown file format)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--scale", "9"], status: 2, contains: ["--scale"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.txt")], status: 2, contains: ["expected a .gif, .webp, .avif, .mp4, .apng or .png file"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.png"), "--frame", "30"], status: 2,
                        contains: ["frame 30 is out of range"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.gif")))
    }

    /// A failed run leaves the previous output exactly as it was, and no temporary files.
    func testFailureKeepsExistingOutput() throws {
        try write("out.gif", "GIF89a previous output")
        try write("bad.json", "{")
        XCTAssertEqual(try render(["--scene", path("bad.json"), "--out", path("out.gif")]).status, 2)
        try write("asset.json", CLITestCase.scene.replacingOccurrences(of: "images/pic.png", with: "images/gone.png"))
        XCTAssertEqual(try render(["--scene", path("asset.json"), "--out", path("out.gif")]).status, 2)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("out.gif"), encoding: .utf8), "GIF89a previous output")
        XCTAssertEqual(try temporaries(), [])
    }

    func testReplacingAnOutputDirectory() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/"]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/", "--fps", "5"]).status, 0)
        XCTAssertEqual(try frameFiles("frames").count, 5, "no stale frames remain")
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try render(["--help"]).status, 0)
        XCTAssertEqual(try render(["--version"]).status, 0)
        try expectError(["--bogus"], status: 2, contains: ["unknown option --bogus"])
        try expectError(["scene.json", "--out", "x.gif"], status: 2,
                        contains: ["unexpected argument \"scene.json\"; a scene is given as --scene scene.json"])
    }

    /// SIGTERM and SIGINT in the middle of a long render leave the previous output untouched and
    /// no temporary behind, for a GIF, a WebP, an MP4 and a frame directory.
    func testKilledRenderKeepsThePreviousOutput() throws {
        try write("long.json", CLITestCase.scene.replacingOccurrences(of: "\"duration\": 0.6}", with: "\"duration\": 60}"))
        try write("old.gif", "GIF89a previous gif")
        try write("old.webp", "RIFF\0\0\0\0WEBP previous webp")
        try write("old.mp4", "\0\0\0\u{10}ftyp previous mp4")
        try FileManager.default.createDirectory(atPath: path("old"), withIntermediateDirectories: false)
        try write("old/.scrollreel", "marker")
        try write("old/frame_0000.png", "previous frame")
        for (signal, status, out) in [(SIGTERM, Int32(143), path("old.gif")), (SIGINT, Int32(130), path("old.webp")),
                                      (SIGTERM, Int32(143), path("old.mp4")), (SIGINT, Int32(130), path("old") + "/")] {
            let process = Process()
            process.executableURL = try executable()
            process.arguments = ["--scene", path("long.json"), "--out", out, "--scale", "3"]
            process.standardError = Pipe()
            try process.run()
            // Wait until the temporary exists (inside the folder it replaces), so the signal lands mid-render.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, try !temporaries().contains(where: { !$0.hasSuffix(".scrollreel") }) {
                usleep(20_000)
            }
            usleep(200_000)
            XCTAssertTrue(process.isRunning, "the render is still going")
            kill(process.processIdentifier, signal)
            // It stops at once, not after the render: busy workers must not hold the handler up.
            let stopBy = Date().addingTimeInterval(20)
            while process.isRunning && Date() < stopBy { usleep(20_000) }
            XCTAssertFalse(process.isRunning, "still rendering 20 s after the signal")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status)
        }
        XCTAssertEqual(try String(contentsOfFile: path("old.gif"), encoding: .utf8), "GIF89a previous gif")
        XCTAssertEqual(try String(contentsOfFile: path("old.webp"), encoding: .utf8), "RIFF\0\0\0\0WEBP previous webp")
        XCTAssertEqual(try String(contentsOfFile: path("old.mp4"), encoding: .utf8), "\0\0\0\u{10}ftyp previous mp4")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("old")).sorted(), [".scrollreel", "frame_0000.png"])
        XCTAssertEqual(try String(contentsOfFile: path("old/frame_0000.png"), encoding: .utf8), "previous frame")
        XCTAssertEqual(try temporaries(), [])
    }

    func testLimitsAreCheckedBeforeRendering() throws {
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-frames", "10"], status: 2,
                        contains: ["30 frames is above the limit of 10 (raise it with --max-frames)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-pixels", "1000"], status: 2,
                        contains: ["a 120×160 frame (19200 pixels) is above the limit of 1000 (raise it with --max-pixels)"])
        try write("long.json", CLITestCase.scene.replacingOccurrences(of: "\"duration\": 0.6}", with: "\"duration\": 60}"))
        try expectError(["--scene", path("long.json"), "--out", path("x.gif"), "--max-duration", "30"], status: 2,
                        contains: ["a script of 60.4 s is above the limit of 30 (raise it with --max-duration)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-views", "1"], status: 2,
                        contains: ["2 views is above the limit of 1 (raise it with --max-views)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-image-pixels", "100"], status: 2,
                        contains: ["scene.json: assets.pic: ", "images/pic.png: the image is 40×30 (1200 pixels), above the limit of 100 pixels (raise it with --max-image-pixels)"])
        try expectError(["--scene", path("long.json"), "--timeline", "--max-frames", "100"], status: 2,
                        contains: ["1812 frames is above the limit of 100"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.gif")))
    }
}
