import Codecs
import Raster
import TestSupport
import XCTest

/// Runs the `render` executable built beside the tests, as a user would: a temporary folder with
/// a small scene and image, and helpers to run the tool and check its errors.
class CLITestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        // A small two-colour picture, so the scene needs no file from the repository.
        var bytes: [UInt8] = []
        for y in 0..<30 { for x in 0..<40 { bytes += (x < 20) == (y < 15) ? [230, 120, 30, 255] : [20, 90, 200, 255] } }
        try Data(PNGCodec.encode(Bitmap(width: 40, height: 30, straight: bytes)!))
            .write(to: folder.appendingPathComponent("images/pic.png"))
        try write("scene.json", CLITestCase.scene)
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

    /// Writes a file of the test folder, creating the folders it needs.
    func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The frame files of a folder, `frame_NNNN.png` or `.webp` and `frames_NNNN.mkv` videos,
    /// sorted; the marker beside them is not listed.
    func frameFiles(_ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).filter { $0.hasPrefix("frame") }.sorted()
    }

    /// Runs a tool that `scripts/test` installs (such as ffmpeg's), returning its standard output.
    func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = OutputCollector(output.fileHandleForReading)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) failed (scripts/test installs ffmpeg): \(message)")
        return collected.bytes()
    }

    /// Every hidden file or folder anywhere under the test folder other than render's markers:
    /// the temporaries a run must never leave behind.
    func temporaries() throws -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return all.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && !$0.hasSuffix("/.scrollreel") && $0 != ".scrollreel" }
    }

    /// The `render` executable built beside the tests.
    func executable() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("render")
        let candidates = [binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("render"),
                          Bundle.main.bundleURL.appendingPathComponent("render")]
        return try XCTUnwrap(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                             "render executable not found beside the tests")
    }

    /// Runs render with arguments, in the test folder or in `directory`; returns exit status,
    /// stderr and stdout.
    @discardableResult
    func render(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, stderr: String, stdout: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? folder
        let errors = Pipe()
        process.standardError = errors
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read stdout on another thread so neither pipe can fill up and block the tool.
        let collected = OutputCollector(output.fileHandleForReading)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), collected.text())
    }

    /// Starts `render` with `arguments` in the test's folder, for a command that serves a page
    /// until interrupted, and reads the address it prints on its first line.
    func startServing(_ arguments: [String]) throws -> (process: Process, url: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let url = try XCTUnwrap(text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init), text)
        return (process, url)
    }

    func decodePNG(_ name: String) throws -> Bitmap {
        try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent(name))))
    }

    /// Writes `scene` and a suite file of one `entry` (its `"scene"` set to the scene), records
    /// its references with `render test --update`, and checks that each of `cases` got a hash file.
    func recordSuite(scene name: String, _ scene: String, entry: String, cases: [String],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        try write(name, scene)
        try write("scrollreel.json", #"{"tests": [{"scene": ""# + name + #"", "# + entry + "}]}")
        let run = try render(["test", "--update"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        for name in cases {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("goldens/\(name).sha256")), name, file: file, line: line)
        }
    }

    func expectError(_ arguments: [String], status: Int32, contains parts: [String], in directory: URL? = nil,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let (code, stderr, _) = try render(arguments, in: directory)
        XCTAssertEqual(code, status, stderr, file: file, line: line)
        XCTAssertTrue(stderr.hasPrefix("error: "), stderr, file: file, line: line)
        for part in parts { XCTAssertTrue(stderr.contains(part), "\(stderr) lacks \(part)", file: file, line: line) }
        for trap in ["Fatal error", "Stack dump", "Illegal instruction", "backtrace", "crashed", "partial"] {
            XCTAssertFalse(stderr.contains(trap), stderr, file: file, line: line)
        }
    }
}

/// Drains a pipe on a background thread.
final class OutputCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// Everything read, once the pipe has closed.
    func bytes() -> Data {
        done.wait()
        return data
    }

    func text() -> String { String(decoding: bytes(), as: UTF8.self) }
}
