import Foundation
import XCTest

/// The README's Swift examples, as a user meets them: a fresh package in a temporary folder that
/// depends on this checkout by path, its Package.swift and test files the README's blocks as
/// written, run by `swift test` under XCTest and Swift Testing at once. The first run records and
/// fails, the second passes, and after a card of the scene moved by a point every test fails,
/// `swift test` exits non-zero and each message names the frames that differ and what moved.
///
/// It builds ScrollReel's library a second time, in the package's own build folder (kept in
/// `.build/readme-package` between runs), so scripts/test runs it in its debug pass only.
final class SwiftPackageTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The scene the README's examples name, `Scenes/header.json`: a stretchy header pulled and
    /// released, and a card below it, blue so that a move shows beyond the examples' tolerance;
    /// `Scenes/header-tall.json` is the same with a taller header.
    static let scene = """
    {"canvas": {"width": 200, "height": 300, "scale": 1, "background": "#F2F2F7"}, "fps": 30,
     "scroll": {"contentHeight": 900, "script": [{"drag": 80, "duration": 0.5, "curve": "easeOut"}, {"release": true},
                                                 {"wait": 0.3}]},
     "views": [{"id": "header", "frame": [0, 0, 200, 120], "background": "#FF9500", "effects": [{"stretchy": {}}]},
               {"id": "card", "frame": [12, 132, 176, 80], "background": "#007AFF", "cornerRadius": 12}]}
    """

    /// The README's ```swift blocks that name their file (`<!-- file: PATH -->` above the block).
    static func readmeFiles() throws -> [(path: String, text: String)] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        var files: [(String, String)] = []
        var rest = readme[...]
        while let marker = rest.range(of: "<!-- file: ") {
            let name = rest[marker.upperBound...].prefix { $0 != " " }
            let open = try XCTUnwrap(rest.range(of: "```swift\n", range: marker.upperBound..<rest.endIndex))
            let close = try XCTUnwrap(rest.range(of: "\n```\n", range: open.upperBound..<rest.endIndex))
            files.append((String(name), String(rest[open.upperBound..<close.lowerBound]) + "\n"))
            rest = rest[close.upperBound...]
        }
        return files
    }

    func testReadmeExamplesRecordPassAndFail() throws {
        let files = try SwiftPackageTests.readmeFiles()
        XCTAssertEqual(files.map(\.path), ["Package.swift", "Tests/HeaderTests/HeaderTests.swift",
                                           "Tests/HeaderTests/HeaderSuite.swift"])
        let readme = try String(contentsOf: SwiftPackageTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertEqual(readme.components(separatedBy: "```swift\n").count - 1, files.count, "every Swift block names its file")
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("readme-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        // The README's Package.swift names the checkout `../ScrollReel`.
        try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: top.appendingPathComponent("ScrollReel"),
                                                   withDestinationURL: SwiftPackageTests.repository)
        let package = top.appendingPathComponent("App")
        for file in files { try write(file.text, to: package.appendingPathComponent(file.path)) }
        let scenes = package.appendingPathComponent("Tests/HeaderTests/Scenes")
        func writeScenes(cardY: Int) throws {
            let scene = SwiftPackageTests.scene.replacingOccurrences(of: "[12, 132, 176, 80]", with: "[12, \(cardY), 176, 80]")
            try write(scene, to: scenes.appendingPathComponent("header.json"))
            try write(scene.replacingOccurrences(of: "[0, 0, 200, 120]", with: "[0, 0, 200, 160]"),
                      to: scenes.appendingPathComponent("header-tall.json"))
        }
        try writeScenes(cardY: 132)

        let recording = try swiftTest(in: package)
        XCTAssertNotEqual(recording.status, 0, "a run that records fails:\n\(recording.output)")
        XCTAssertTrue(recording.output.contains("HeaderTests/testStretchyHeader.scale1: recorded 3 frames"), recording.output)
        XCTAssertTrue(recording.output.contains("HeaderSuite/pulledHeader.scale1: recorded 3 frames"), recording.output)

        let passing = try swiftTest(in: package)
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(passing.output.contains("Executed 1 test, with 0 failures"), passing.output)
        XCTAssertTrue(passing.output.contains("Test run with 5 tests in 0 suites passed"), passing.output)

        // The card moved down by one point: every test fails, and says so.
        try writeScenes(cardY: 133)
        let failing = try swiftTest(in: package)
        XCTAssertNotEqual(failing.status, 0, failing.output)
        // XCTest's failure, at the assertion's line, naming each frame.
        XCTAssertTrue(failing.output.contains("HeaderTests.swift:6: error: HeaderTests.testStretchyHeader : failed - "
                                              + "HeaderTests/testStretchyHeader.scale1: all 3 frames differ"), failing.output)
        // Swift Testing's issues, at the assertion's line and column, with the images attached.
        XCTAssertTrue(failing.output.contains("Test pulledHeader() recorded an issue at HeaderSuite.swift:5:"), failing.output)
        XCTAssertTrue(failing.output.contains("HeaderSuite/pulledHeader.scale1: all 3 frames differ"), failing.output)
        XCTAssertEqual(failing.output.components(separatedBy: "changed: card moved +1 pt down in frames 0, 20, 40\n").count - 1, 2,
                       "the XCTest and the Swift Testing test of frames 0, 20 and 40 name the card:\n\(failing.output)")
        // Both appearances of restingHeader, both text sizes of headerTextSizes, and both scenes of
        // screens, whose tolerance lets the anti-aliased edges of frame 20 (pulled to a fraction of
        // a point) pass.
        XCTAssertEqual(failing.output.components(separatedBy: "changed: card moved +1 pt down in frame 0\n").count - 1, 6,
                       failing.output)
        XCTAssertTrue(failing.output.contains("Attached 'pulledHeader.scale1-frame_0020-diff.png'"), failing.output)
        XCTAssertTrue(failing.output.contains("Test restingHeader(appearance:) with 2 test cases failed"), failing.output)
        XCTAssertTrue(failing.output.contains("Test screens(scene:) with 2 test cases failed"), failing.output)
        XCTAssertTrue(failing.output.contains("Test headerTextSizes(contentSize:) with 2 test cases failed"), failing.output)
        XCTAssertTrue(failing.output.contains("HeaderSuite/headerTextSizes.scale1.accessibilityExtraExtraExtraLarge: the frame differs"),
                      failing.output)
        XCTAssertTrue(failing.output.contains("Test headerWithoutCard() passed"), "the mask follows the card:\n\(failing.output)")
        XCTAssertTrue(failing.output.contains("HeaderSuite/screens.header-tall.scale1: 1 of 2 frames differ"), failing.output)
        let checks = ["frame_0000": 8, "frame_0020": 2, "frame_0040": 2]
        for (frame, count) in checks {
            XCTAssertEqual(failing.output.components(separatedBy: "  \(frame): ").count - 1, count,
                           "\(frame) named by each test that checks it:\n\(failing.output)")
        }
        let images = package.appendingPathComponent("Tests/HeaderTests/__Frames__/HeaderSuite/pulledHeader.scale1-failures")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: images.path).sorted().first, "frame_0000-actual.png")
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `swift test` in `package`, as a user runs it: without the variables that change how this
    /// repository's own tests build or record.
    private func swiftTest(in package: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = SwiftPackageTests.repository.appendingPathComponent(".build/readme-package").path
        process.arguments = ["swift", "test", "--package-path", package.path, "--scratch-path", scratch]
        var environment = ProcessInfo.processInfo.environment
        for name in ["SCROLLREEL_UNOPTIMIZED_DEBUG", "SCROLLREEL_RECORD", "SCROLLREEL_ARTIFACTS"] { environment[name] = nil }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
