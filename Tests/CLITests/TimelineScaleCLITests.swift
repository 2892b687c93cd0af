import Foundation
import XCTest

/// How many frames a scene has depends on the scale: the bounce-back settles within half an
/// output pixel, 0.5 / scale pt. `--timeline`, `render validate` and `--frames` count the frames of
/// the render at the scale it is made at.
final class TimelineScaleCLITests: CLITestCase {
    /// A pull past the top and a release: the spring back takes longer to come within half a
    /// pixel at a higher scale.
    static let bounce = """
    {"canvas": {"width": 40, "height": 60, "scale": 2, "background": "#FFFFFF"}, "fps": 30,
     "scroll": {"contentHeight": 200, "script": [{"drag": 50, "duration": 0.3}, {"release": true}]},
     "views": [{"id": "card", "frame": [4, 4, 32, 40], "background": {"light": "#FF9500", "dark": "#FF2D55"}}]}
    """

    /// Rows of `--timeline`, without its header.
    func timelineRows(_ arguments: [String]) throws -> Int {
        let run = try render(arguments + ["--timeline"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("frame,time,offset\n"))
        return run.stdout.split(separator: "\n").count - 1
    }

    /// The frames a render makes: the lines of its hash file.
    func renderedFrames(_ arguments: [String]) throws -> Int {
        let run = try render(arguments + ["--hashes", path("h.sha256"), "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try String(contentsOfFile: path("h.sha256"), encoding: .utf8).split(separator: "\n").count
    }

    func testTimelineAndValidateCountTheFramesOfTheRenderAtItsScale() throws {
        try write("bounce.json", TimelineScaleCLITests.bounce)
        let scene = ["--scene", path("bounce.json")]
        var counts: [Int] = []
        for scale in ["1", "2", "3"] {
            let rendered = try renderedFrames(scene + ["--scale", scale])
            XCTAssertEqual(try timelineRows(scene + ["--scale", scale]), rendered, "@\(scale)x")
            XCTAssertEqual(try timelineRows(scene + ["--scale", scale, "--appearance", "dark"]), rendered, "@\(scale)x, dark")
            let validate = try render(["validate", path("bounce.json"), "--scale", scale, "--appearance", "both"])
            XCTAssertTrue(validate.stdout.contains(": \(rendered) frames at scale \(scale), "), validate.stdout)
            counts.append(rendered)
        }
        XCTAssertEqual(counts, [27, 29, 30], "the spring settles later at a higher scale")
        // Without --scale, the scene's own.
        XCTAssertEqual(try timelineRows(scene), counts[1])
        XCTAssertEqual(try render(["validate", path("bounce.json")]).stdout,
                       "ok: \(path("bounce.json")): 29 frames at scale 2, 0.95 s, 80×120 px\n")
        // --frames is checked against the frames at the render's scale.
        XCTAssertEqual(try render(scene + ["--scale", "3", "--frames", "29", "--hashes", path("h.sha256")]).status, 0)
        try expectError(scene + ["--scale", "1", "--frames", "29", "--hashes", path("h.sha256")], status: 2,
                        contains: ["frame 29 is out of range"])
        try expectError(scene + ["--scale", "1", "--frames", "29", "--timeline"], status: 2, contains: ["frame 29 is out of range"])
        XCTAssertEqual(try render(scene + ["--scale", "1", "--frames", "26", "--inspect", path("g.json")]).status, 0)
    }

    /// Every sample: `--timeline --scale 1` lists exactly the frames `--inspect --scale 1` reports,
    /// which are the frames a render at scale 1 makes (they share its timeline; the test above
    /// renders one).
    func testEverySampleAtScaleOne() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        XCTAssertGreaterThanOrEqual(scenes.count, 10)
        for name in scenes {
            let scene = ["--scene", samples.appendingPathComponent(name).path, "--scale", "1"]
            let inspected = try render(scene + ["--inspect", path("g.json")])
            XCTAssertEqual(inspected.status, 0, inspected.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? [String: Any]
            let frames = try XCTUnwrap(report?["frames"] as? [[String: Any]], name)
            XCTAssertEqual(try timelineRows(scene), frames.count, name)
        }
    }
}
