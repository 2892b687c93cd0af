import Codecs
import Raster
import TestSupport
import XCTest

/// Runs the `render` executable built beside the tests, as a user would.
final class CLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        // A small two-colour picture, so the scene needs no file from the repository.
        var bytes: [UInt8] = []
        for y in 0..<30 { for x in 0..<40 { bytes += (x < 20) == (y < 15) ? [230, 120, 30, 255] : [20, 90, 200, 255] } }
        try Data(PNGCodec.encode(Bitmap(width: 40, height: 30, straight: bytes)!))
            .write(to: folder.appendingPathComponent("images/pic.png"))
        try write("scene.json", CLITests.scene)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    static let scene = """
    {"canvas": {"width": 60, "height": 80, "scale": 2, "background": "#F2F2F7"}, "fps": 30,
     "assets": {"pic": "images/pic.png"},
     "scroll": {"contentHeight": 300, "script": [{"scrollTo": -30, "duration": 0.4, "curve": "easeOut"},
                                                 {"scrollTo": 120, "duration": 0.6}]},
     "views": [{"id": "header", "frame": [0, 0, 60, 40], "image": "pic", "contentMode": "scaleAspectFill",
                "clipsToBounds": true, "effects": [{"stretchy": {}}]},
               {"id": "card", "frame": [8, 50, 44, 100], "background": "#FFFFFF", "cornerRadius": 6}]}
    """

    func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs render with arguments; returns exit status and stderr.
    /// The `render` executable built beside the tests.
    func executable() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("render")
        let candidates = [binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("render"),
                          Bundle.main.bundleURL.appendingPathComponent("render")]
        return try XCTUnwrap(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                             "render executable not found beside the tests")
    }

    @discardableResult
    func render(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func decodePNG(_ name: String) throws -> Bitmap {
        try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent(name))))
    }

    func testDirectoryAndSingleFrameOutputsAgree() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/"]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
        XCTAssertEqual(names.count, 30, "1 s at 30 fps")
        XCTAssertEqual(names.first, "frame_0000.png")
        XCTAssertEqual(names.last, "frame_0029.png")
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
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("d")).count, 10)
        XCTAssertEqual(try decodePNG("d/frame_0003.png").width, 60)
    }

    func expectError(_ arguments: [String], status: Int32, contains parts: [String],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let (code, stderr) = try render(arguments)
        XCTAssertEqual(code, status, stderr, file: file, line: line)
        XCTAssertTrue(stderr.hasPrefix("error: "), stderr, file: file, line: line)
        for part in parts { XCTAssertTrue(stderr.contains(part), "\(stderr) lacks \(part)", file: file, line: line) }
        for trap in ["Fatal error", "Stack dump", "Illegal instruction", "backtrace"] {
            XCTAssertFalse(stderr.contains(trap), stderr, file: file, line: line)
        }
    }

    func testBadScenesGiveClearErrors() throws {
        try write("broken.json", "{\"canvas\": {\"width\": 60,,}")
        try expectError(["--scene", path("broken.json"), "--out", path("x.gif")], status: 2,
                        contains: ["broken.json:1:25: invalid JSON: expected a quoted key"])
        try write("type.json", CLITests.scene.replacingOccurrences(of: "[8, 50, 44, 100]", with: "\"8, 50\""))
        try expectError(["--scene", path("type.json"), "--out", path("x.gif")], status: 2,
                        contains: ["type.json: views[1].frame: expected [x, y, width, height]"])
        try write("asset.json", CLITests.scene.replacingOccurrences(of: "images/pic.png", with: "images/gone.png"))
        try expectError(["--scene", path("asset.json"), "--out", path("x.gif")], status: 2,
                        contains: ["asset.json: assets.pic: ", "images/gone.png: no such file"])
        try write("images/fake.png", "this is not a PNG")
        try write("notpng.json", CLITests.scene.replacingOccurrences(of: "images/pic.png", with: "images/fake.png"))
        try expectError(["--scene", path("notpng.json"), "--out", path("x.gif")], status: 2,
                        contains: ["notpng.json: assets.pic: ", "fake.png: not a readable PNG (libpng: "])
        try expectError(["--scene", path("missing.json"), "--out", path("x.gif")], status: 2, contains: ["missing.json: no such file"])
        try write("font.json", CLITests.scene.replacingOccurrences(of: "\"cornerRadius\": 6}",
                                                                   with: "\"cornerRadius\": 6, \"text\": \"Hi\", \"font\": \"fonts/Gone.ttf\"}"))
        try expectError(["--scene", path("font.json"), "--out", path("x.gif")], status: 2,
                        contains: ["font.json: views[1].font: ", "fonts/Gone.ttf: no such file"])
        try write("images/fake.ttf", "not a font")
        try write("badfont.json", CLITests.scene.replacingOccurrences(of: "\"cornerRadius\": 6}",
                                                                      with: "\"cornerRadius\": 6, \"text\": \"Hi\", \"font\": \"images/fake.ttf\"}"))
        try expectError(["--scene", path("badfont.json"), "--out", path("x.gif")], status: 2,
                        contains: ["badfont.json: views[1].font: ", "fake.ttf: not a usable font (FreeType: unknown file format)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--scale", "9"], status: 2, contains: ["--scale"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.txt")], status: 2, contains: [".gif or .png"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.png"), "--frame", "30"], status: 2,
                        contains: ["frame 30 is out of range"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.gif")))
    }

    /// A failed run leaves the previous output exactly as it was, and no temporary files.
    func testFailureKeepsExistingOutput() throws {
        try write("out.gif", "previous output")
        try write("bad.json", "{")
        XCTAssertEqual(try render(["--scene", path("bad.json"), "--out", path("out.gif")]).status, 2)
        try write("asset.json", CLITests.scene.replacingOccurrences(of: "images/pic.png", with: "images/gone.png"))
        XCTAssertEqual(try render(["--scene", path("asset.json"), "--out", path("out.gif")]).status, 2)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("out.gif"), encoding: .utf8), "previous output")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }
        XCTAssertEqual(leftovers, [])
    }

    func testReplacingAnOutputDirectory() throws {
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/"]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("frames") + "/", "--fps", "5"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("frames")).count, 5, "no stale frames remain")
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try render(["--help"]).status, 0)
        XCTAssertEqual(try render(["--version"]).status, 0)
        try expectError(["--bogus"], status: 2, contains: ["unknown option --bogus"])
    }

    /// SIGTERM and SIGINT in the middle of a long render leave the previous output untouched and
    /// no temporary behind, for a GIF and for a frame directory.
    func testKilledRenderKeepsThePreviousOutput() throws {
        try write("long.json", CLITests.scene.replacingOccurrences(of: "\"duration\": 0.6}", with: "\"duration\": 60}"))
        try write("old.gif", "previous gif")
        try FileManager.default.createDirectory(atPath: path("old"), withIntermediateDirectories: false)
        try write("old/frame_0000.png", "previous frame")
        for (signal, status, out) in [(SIGTERM, Int32(143), path("old.gif")), (SIGINT, Int32(130), path("old") + "/")] {
            let process = Process()
            process.executableURL = try executable()
            process.arguments = ["--scene", path("long.json"), "--out", out, "--scale", "3"]
            process.standardError = Pipe()
            try process.run()
            // Wait until the temporary exists, so the signal lands mid-render.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .allSatisfy({ !$0.contains("partial") }) {
                usleep(20_000)
            }
            usleep(200_000)
            XCTAssertTrue(process.isRunning, "the render is still going")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status)
        }
        XCTAssertEqual(try String(contentsOfFile: path("old.gif"), encoding: .utf8), "previous gif")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("old")), ["frame_0000.png"])
        XCTAssertEqual(try String(contentsOfFile: path("old/frame_0000.png"), encoding: .utf8), "previous frame")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }, [])
    }

    func testLimitsAreCheckedBeforeRendering() throws {
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-frames", "10"], status: 2,
                        contains: ["30 frames is above the limit of 10 (raise it with --max-frames)"])
        try expectError(["--scene", path("scene.json"), "--out", path("x.gif"), "--max-pixels", "1000"], status: 2,
                        contains: ["a 120×160 frame (19200 pixels) is above the limit of 1000 (raise it with --max-pixels)"])
        try write("long.json", CLITests.scene.replacingOccurrences(of: "\"duration\": 0.6}", with: "\"duration\": 60}"))
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
