import Codecs
import FileOutput
import Foundation
import Raster
import Regression
import ScrollReelTesting
import XCTest

/// The record modes of the testing library, and the references' names (after the test, its
/// `named:` and the scale, so tests never share a file), on a tiny scene in a temporary folder.
final class RecordModeTests: XCTestCase {
    var folder: URL!
    var scene: String { folder.appendingPathComponent("box.json").path }
    var references: URL { folder.appendingPathComponent("refs") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(color: "#FF9500")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(color: String) throws {
        let text = """
        {"canvas": {"width": 40, "height": 30, "scale": 1}, "fps": 10,
         "scroll": {"contentHeight": 100, "script": [{"scrollTo": 20, "duration": 0.3, "curve": "linear"}]},
         "views": [{"id": "box", "frame": [5, 10, 20, 10], "background": "\(color)", "cornerRadius": 3}]}
        """
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    func verify(_ mode: RecordMode, tolerance: Tolerance = Tolerance()) throws -> [String] {
        try verifyFrames(scene: scene, frames: nil, scale: nil, tolerance: tolerance, references: references, record: mode)
    }

    func testModes() throws {
        XCTAssertEqual(try verify(.never), ["box/frame_0000: no expected hash; see \(references.path)/box-failures/report.html",
                                            "box/frame_0001: no expected hash; see \(references.path)/box-failures/report.html",
                                            "box/frame_0002: no expected hash; see \(references.path)/box-failures/report.html"])
        XCTAssertEqual(try verify(.missing), ["box/frame_0000: recorded", "box/frame_0001: recorded", "box/frame_0002: recorded"])
        XCTAssertEqual(try verify(.missing), [], "everything matches now")
        XCTAssertEqual(try verify(.never), [])
        let manifest = try HashManifest(parsing: String(contentsOf: references.appendingPathComponent("box.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent("box/frame_0002.webp").path))

        try write(color: "#FF3B30")
        let failures = try verify(.never)
        XCTAssertEqual(failures.count, 3)
        XCTAssertTrue(failures[0].hasPrefix("box/frame_0000: 196 pixels differ, 16 from anti-aliasing"), failures[0])
        for suffix in ["actual", "expected", "diff"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent("box-failures/frame_0000-\(suffix).png").path))
        }
        XCTAssertEqual(try verify(.never, tolerance: Tolerance(maxDiffPixels: 250)), [], "tolerated")
        XCTAssertEqual(try verify(.failed).count, 3, "re-recorded")
        XCTAssertEqual(try verify(.never), [])
        XCTAssertEqual(try verify(.all).count, 3, "all re-recorded, and reported")
    }

    /// References recorded as PNG by earlier versions are still diffed against, and re-recording
    /// a frame replaces its PNG with a WebP.
    func testPNGReferencesStillServe() throws {
        XCTAssertEqual(try verify(.missing).count, 3)
        let webp = references.appendingPathComponent("box/frame_0000.webp")
        let png = references.appendingPathComponent("box/frame_0000.png")
        let bitmap = try WebPCodec.decode(Array(try Data(contentsOf: webp)))
        try Data(try PNGCodec.encode(bitmap)).write(to: png)
        try FileManager.default.removeItem(at: webp)
        try write(color: "#FF3B30")
        XCTAssertTrue(try verify(.never)[0].hasPrefix("box/frame_0000: 196 pixels differ"))
        XCTAssertEqual(try verify(.failed).count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: webp.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: png.path))
    }

    /// Recording a whole scene writes the folder as `render --references` does: a scrolled photo
    /// goes into a lossless video, smaller than a WebP a frame, and later runs diff against it.
    /// Frames re-recorded one by one then become WebPs beside it.
    func testRecordingAWholeSceneStoresAVideoWhereSmaller() throws {
        guard H264Writer.unavailable == nil else { throw XCTSkip("no H.264 encoder here") }
        var bytes: [UInt8] = [], state: UInt32 = 7
        for y in 0..<400 {
            for x in 0..<80 {
                state = state &* 1103515245 &+ 12345
                let noise = Int(state >> 27)
                bytes += [UInt8((x + y) % 200 + noise), UInt8(y % 220 + noise), UInt8(x + noise), 255]
            }
        }
        try Data(PNGCodec.encode(Bitmap(width: 80, height: 400, straight: bytes)!)).write(to: folder.appendingPathComponent("photo.png"))
        let photo = folder.appendingPathComponent("photo.json").path
        func scene(card: String) throws {
            try """
            {"canvas": {"width": 40, "height": 60, "scale": 2, "background": "#F2F2F7"}, "fps": 30,
             "assets": {"photo": "photo.png"},
             "scroll": {"contentHeight": 300, "script": [{"scrollTo": 60, "duration": 0.4, "curve": "linear"}]},
             "views": [{"id": "photo", "frame": [0, 0, 40, 200], "image": "photo", "contentMode": "top", "clipsToBounds": true},
                       {"id": "card", "frame": [6, 90, 28, 40], "background": "\(card)", "cornerRadius": 6}]}
            """.write(toFile: photo, atomically: true, encoding: .utf8)
        }
        func verify(_ mode: RecordMode) throws -> [String] {
            try verifyFrames(scene: photo, frames: nil, scale: nil, tolerance: Tolerance(), references: references, record: mode)
        }
        try scene(card: "#FFFFFF")
        XCTAssertEqual(try verify(.missing), (0..<12).map { "photo/frame_\(String(format: "%04d", $0)): recorded" })
        let frames = references.appendingPathComponent("photo")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { !$0.hasPrefix(".") }.sorted(),
                       [FrameName.video(from: 0), FrameName.geometry])
        XCTAssertEqual(try verify(.never), [])
        try scene(card: "#FF0000")
        let failures = try verify(.never)
        XCTAssertEqual(failures.count, 5, "the card shows from frame 7 on: \(failures)")
        XCTAssertTrue(failures.allSatisfy { $0.contains(" pixels differ") }, "diffed against the video: \(failures)")
        XCTAssertEqual(try verify(.failed).count, 5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: frames.appendingPathComponent(FrameName.webp(11)).path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: frames.appendingPathComponent(FrameName.video(from: 0)).path),
                      "frames 0 to 6 still read the video")
        XCTAssertEqual(try verify(.never), [])
        // Every frame re-recorded on its own: the video serves none, and goes.
        try (try String(contentsOfFile: photo, encoding: .utf8)).replacingOccurrences(of: "[0, 0, 40, 200]", with: "[1, 0, 39, 200]")
            .write(toFile: photo, atomically: true, encoding: .utf8)
        XCTAssertEqual(try verify(.failed).count, 12)
        XCTAssertFalse(FileManager.default.fileExists(atPath: frames.appendingPathComponent(FrameName.video(from: 0)).path))
        XCTAssertEqual(try verify(.never), [])
        // A shorter scene recorded again lists its own frames only.
        try (try String(contentsOfFile: photo, encoding: .utf8)).replacingOccurrences(of: "\"duration\": 0.4", with: "\"duration\": 0.2")
            .write(toFile: photo, atomically: true, encoding: .utf8)
        XCTAssertEqual(try verify(.all).count, 6)
        let manifest = try HashManifest(parsing: String(contentsOf: references.appendingPathComponent("photo.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.map(\.name), (0..<6).map { HashManifest.frameName(scene: "photo", index: $0) })
        XCTAssertEqual(try verify(.never), [])
    }

    /// A hash file that cannot be read stops the run with its name: taken for missing, it would
    /// have every frame recorded again over the folder.
    func testAnUnreadableHashFileIsAnErrorNotAMissingOne() throws {
        XCTAssertEqual(try verify(.missing).count, 3)
        let manifest = references.appendingPathComponent("box.sha256")
        try Data([0xFF, 0xFE, 0x00]).write(to: manifest)
        XCTAssertThrowsError(try verify(.missing)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(manifest.path) cannot be read"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: manifest), Data([0xFF, 0xFE, 0x00]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent("box/frame_0002.webp").path))
    }

    /// A folder stores a picture once, in the file of its first frame: re-recording that frame
    /// alone to a new picture first gives the old one to the next frame that shows it, which is
    /// still diffed against it afterwards.
    func testReRecordingAFrameKeepsTheReferenceOfItsRepeats() throws {
        let rest = folder.appendingPathComponent("rest.json").path
        func scene(_ color: String) throws {
            try """
            {"canvas": {"width": 40, "height": 30, "scale": 1}, "fps": 10,
             "scroll": {"contentHeight": 100, "showsVerticalScrollIndicator": false,
                        "script": [{"wait": 0.3}, {"scrollTo": 20, "duration": 0.2, "curve": "linear"}]},
             "views": [{"id": "box", "frame": [5, 10, 20, 10], "background": "\(color)", "cornerRadius": 3}]}
            """.write(toFile: rest, atomically: true, encoding: .utf8)
        }
        func verify(_ frames: [Int]?, _ mode: RecordMode) throws -> [String] {
            try verifyFrames(scene: rest, frames: frames, scale: nil, tolerance: Tolerance(), references: references, record: mode)
        }
        try scene("#FF9500")
        XCTAssertEqual(try verify(nil, .missing).count, 5)
        let stored = { try FileManager.default.contentsOfDirectory(atPath: self.references.appendingPathComponent("rest").path)
            .filter { !$0.hasPrefix(".") }.sorted() }
        XCTAssertEqual(try stored(), ["frame_0000.webp", "frame_0004.webp", "geometry.json"], "frames 1 to 3 repeat frame 0")
        try scene("#007AFF")
        XCTAssertEqual(try verify([0], .all), ["rest/frame_0000: recorded"])
        XCTAssertEqual(try stored(), ["frame_0000.webp", "frame_0001.webp", "frame_0004.webp", "geometry.json"])
        try scene("#FF3B30")
        let failure = try verify([2], .never)
        XCTAssertEqual(failure.count, 1)
        XCTAssertTrue(failure[0].hasPrefix("rest/frame_0002: 196 pixels differ"), "diffed against the old picture: \(failure)")
        try scene("#FF9500")
        XCTAssertEqual(try verify([1, 2, 3, 4], .never), [])
    }

    // MARK: Reference names

    func verify(_ name: String, scale: Int?, _ mode: RecordMode, artifacts: URL? = nil) throws -> [String] {
        try verifyFrames(scene: scene, frames: [0], scale: scale, tolerance: Tolerance(), references: references, record: mode,
                         name: name, artifacts: artifacts)
    }

    /// One test at two scales: two reference sets, both passing afterwards.
    func testScalesKeepSeparateReferences() throws {
        XCTAssertEqual(try verify("testPull", scale: 2, .missing), ["testPull.scale2/frame_0000: recorded"])
        XCTAssertEqual(try verify("testPull", scale: nil, .missing), ["testPull.scale1/frame_0000: recorded"], "the scene's own scale")
        XCTAssertEqual(try verify("testPull", scale: 1, .never), [])
        XCTAssertEqual(try verify("testPull", scale: 2, .never), [])
        for file in ["testPull.scale1.sha256", "testPull.scale2.sha256", "testPull.scale1/frame_0000.webp", "testPull.scale2/frame_0000.webp"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent(file).path), file)
        }
    }

    /// The same check run eight times at once reads the same references and passes every time.
    func testTheSameTestRunInParallelPasses() throws {
        XCTAssertEqual(try verify("testTwice", scale: 1, .missing).count, 1)
        var results = [[String]?](repeating: nil, count: 8)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let result = try? verify("testTwice", scale: 1, .never)
            lock.withLock { results[i] = result }
        }
        XCTAssertEqual(results.map { $0 ?? ["threw"] }, Array(repeating: [], count: 8))
    }

    /// assertFrames finds references under the test file's name, the test's and the scale.
    func testAssertFramesNamesReferencesAfterTheTest() throws {
        let suite = references.appendingPathComponent("RecordModeTests")
        _ = try verifyFrames(scene: scene, frames: [0], scale: 1, tolerance: Tolerance(), references: suite, record: .missing,
                             name: "testAssertFramesNamesReferencesAfterTheTest.box")
        // Passes only if it looks exactly there: with .never, a missing reference fails.
        assertFrames(scene: scene, frames: [0], scale: 1, named: "box", references: references.path, record: .never)
    }

    /// A failing run leaves its images (in the artifacts folder when one is given); the next
    /// passing run removes them, and nothing else.
    func testPassingRunRemovesTheImagesOfAFailingOne() throws {
        let artifacts = folder.appendingPathComponent("artifacts")
        XCTAssertEqual(try verify("testColour", scale: 1, .missing).count, 1)
        try write(color: "#FF3B30")
        let failures = artifacts.appendingPathComponent("testColour.scale1-failures")
        XCTAssertEqual(try verify("testColour", scale: 1, .never, artifacts: artifacts).count, 1)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: failures.path)),
                       ["frame_0000-actual.png", "frame_0000-expected.png", "frame_0000-diff.png", "report.html"])
        let report = try String(contentsOf: failures.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(report.contains("<section class=\"frame\" data-case=\"testColour.scale1\" data-frame=\"0\" data-offset=\"0.00\""))
        try Data("mine".utf8).write(to: failures.appendingPathComponent("notes.txt"))
        try write(color: "#FF9500")
        XCTAssertEqual(try verify("testColour", scale: 1, .never, artifacts: artifacts), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: failures.path), ["notes.txt"], "only its own images go")
        try FileManager.default.removeItem(at: failures.appendingPathComponent("notes.txt"))
        try write(color: "#FF3B30")
        _ = try verify("testColour", scale: 1, .never, artifacts: artifacts)
        try write(color: "#FF9500")
        _ = try verify("testColour", scale: 1, .never, artifacts: artifacts)
        XCTAssertFalse(FileManager.default.fileExists(atPath: failures.path), "an emptied folder goes too")
    }

    // MARK: Assertions sharing references

    /// Two scenes under one name (two arguments of a parameterised test without `named:`) fail
    /// rather than record over each other; each scene under a name of its own passes.
    func testTwoScenesUnderOneNameFail() throws {
        let other = folder.appendingPathComponent("other.json").path
        try FileManager.default.copyItem(atPath: scene, toPath: other)
        XCTAssertEqual(try verify("testScenes", scale: 1, .missing).count, 1)
        XCTAssertThrowsError(try verifyFrames(scene: other, frames: [0], scale: 1, tolerance: Tolerance(), references: references,
                                              record: .missing, name: "testScenes")) { error in
            XCTAssertTrue("\(error)".contains("are used for two scenes in this run, \(scene) and \(other)"), "\(error)")
        }
        XCTAssertEqual(try verifyFrames(scene: other, frames: [0], scale: 1, tolerance: Tolerance(), references: references,
                                        record: .missing, name: "testScenes.other"), ["testScenes.other.scale1/frame_0000: recorded"])
        XCTAssertEqual(try verify("testScenes", scale: 1, .never), [], "the first scene's references are as they were")
    }

    /// Arguments that pick frames of one scene share its hash file, and take turns: run at once,
    /// every frame is recorded, then every one passes.
    func testArgumentsPickingFramesTakeTurns() throws {
        func run(_ mode: RecordMode) -> [[String]?] {
            var results = [[String]?](repeating: nil, count: 3)
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 3) { i in
                let result = try? verifyFrames(scene: scene, frames: [i], scale: 1, tolerance: Tolerance(), references: references,
                                               record: mode, name: "testFrames")
                lock.withLock { results[i] = result }
            }
            return results
        }
        XCTAssertEqual(run(.missing).map { $0?.count }, [1, 1, 1])
        let manifest = try HashManifest(parsing: String(contentsOf: references.appendingPathComponent("testFrames.scale1.sha256"),
                                                        encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 3, "no frame's line lost")
        XCTAssertEqual(run(.never), [[], [], []])
    }

    /// A masked view's pixels are not compared: its colour may change; an id the scene lacks fails.
    func testMaskIgnoresTheViewsPixels() throws {
        func verify(mask: [String]) throws -> [String] {
            try verifyFrames(scene: scene, frames: [0, 2], scale: 1, tolerance: Tolerance(), mask: mask, references: references,
                             record: .never, name: "testMask")
        }
        XCTAssertEqual(try verifyFrames(scene: scene, frames: [0, 2], scale: 1, tolerance: Tolerance(), references: references,
                                        record: .missing, name: "testMask").count, 2)
        try write(color: "#34C759")
        XCTAssertEqual(try verify(mask: ["box"]), [])
        XCTAssertEqual(try verify(mask: []).count, 2)
        XCTAssertThrowsError(try verify(mask: ["clock"])) { error in
            XCTAssertEqual("\(error)", "mask: names \"clock\", which no view of \(scene) has")
        }
    }

    /// A perceptual tolerance, as the library takes it: a colour one level off passes CIEDE2000
    /// and fails the exact default; a plain change fails both.
    func testPerceptualToleranceThroughTheLibrary() throws {
        func verify(_ tolerance: Tolerance) throws -> [String] {
            try verifyFrames(scene: scene, frames: [0], scale: 1, tolerance: tolerance, references: references, record: .never,
                             name: "testPerceptual")
        }
        XCTAssertEqual(try verifyFrames(scene: scene, frames: [0], scale: 1, tolerance: Tolerance(), references: references,
                                        record: .missing, name: "testPerceptual").count, 1)
        try write(color: "#FF9601")
        XCTAssertEqual(try verify(Tolerance(comparison: .ciede2000(maxDeltaE: 1))), [])
        XCTAssertEqual(try verify(Tolerance()).count, 1)
        try write(color: "#34C759")
        XCTAssertEqual(try verify(Tolerance(comparison: .ciede2000(maxDeltaE: 1))).count, 1)
    }
}
