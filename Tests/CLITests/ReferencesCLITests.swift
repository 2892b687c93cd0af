import Codecs
import FileOutput
import Foundation
import Raster
import Regression
import TestSupport
import XCTest

/// `--hashes FILE --references`: each distinct frame once, as a lossless WebP beside the hash file,
/// or the opaque frames in a lossless video where that is smaller; read back by `--check` and,
/// independently, by Pillow and ffmpeg.
final class ReferencesCLITests: CLITestCase {
    /// The scene rests for 0.2 s between its two scrolls, so several frames repeat one another.
    private func writeRestingScene() throws {
        try write("scene.json", CLITestCase.scene.replacingOccurrences(
            of: "\"curve\": \"easeOut\"},", with: "\"curve\": \"easeOut\"}, {\"wait\": 0.2},"))
    }

    /// Pillow's SHA-256 of each `frame_*.webp` in a folder, computed as ScrollReel defines frame
    /// hashes, as `name hash` lines. Pillow comes with python3-pil, which `scripts/test` installs.
    private func pillowHashes(_ folder: String) throws -> [String: String] {
        let script = """
        import glob, hashlib, os, struct, sys
        from PIL import Image
        for name in sorted(glob.glob(sys.argv[1] + "/frame_*.webp")):
            image = Image.open(name)
            pixels = image.convert("RGBA")
            print(os.path.basename(name)[:-5], hashlib.sha256(struct.pack(">II", *image.size) + pixels.tobytes()).hexdigest())
        """
        let run = try SystemPython.run(script, [path(folder)])
        XCTAssertEqual(run.status, 0, "Pillow could not read the references (scripts/test installs python3-pil): \(run.errors)")
        let text = String(decoding: run.output, as: UTF8.self)
        return Dictionary(uniqueKeysWithValues: text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        })
    }

    /// A scene that scrolls a noisy photo 10 pixels a frame for 18 frames, the kind of frames a
    /// video stores in far less room than a WebP each; a card comes into view at frame 9. With
    /// `clearBelow`, the canvas is clear and the photo ends 140 points down, so that frames 13 to
    /// 17 are translucent at the bottom.
    private func writePhotoScene(seed: UInt32 = 1, clearBelow: Bool = false) throws {
        var bytes: [UInt8] = []
        var state = seed
        for y in 0..<600 {
            for x in 0..<120 {
                state = state &* 1103515245 &+ 12345
                let noise = Int(state >> 27)
                bytes += [UInt8((x + y) % 200 + noise), UInt8(y % 220 + noise), UInt8(x + noise), 255]
            }
        }
        try Data(PNGCodec.encode(Bitmap(width: 120, height: 600, straight: bytes)!))
            .write(to: folder.appendingPathComponent("images/photo.png"))
        try write("scene.json", """
        {"canvas": {"width": 60, "height": 80, "scale": 2, "background": "\(clearBelow ? "#00000000" : "#F2F2F7")"}, "fps": 30,
         "assets": {"photo": "images/photo.png"},
         "scroll": {"contentHeight": 400, "script": [{"scrollTo": 90, "duration": 0.6, "curve": "linear"}]},
         "views": [{"id": "photo", "frame": [0, 0, 60, \(clearBelow ? 140 : 300)], "image": "photo", "contentMode": "top",
                    "clipsToBounds": true},
                   {"id": "card", "frame": [8, 120, 44, 60], "background": "#FFFFFF", "cornerRadius": 6}]}
        """)
    }

    /// Records the photo scene's references in `g/`.
    private func recordPhotoScene(clearBelow: Bool = false) throws {
        try writePhotoScene(clearBelow: clearBelow)
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"]).status, 0)
    }

    /// Checks the photo scene with its card turned red, which fails from frame 9 on.
    private func checkWithARedCard() throws -> (status: Int32, stderr: String, stdout: String) {
        try write("scene.json", try String(contentsOfFile: path("scene.json"), encoding: .utf8)
            .replacingOccurrences(of: "#FFFFFF", with: "#FF0000"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        return failed
    }

    /// ffmpeg's SHA-256 of each frame of a video, as ScrollReel defines frame hashes.
    private func ffmpegHashes(_ video: String, width: Int, height: Int) throws -> [String] {
        let raw = try tool("ffmpeg", ["-v", "error", "-i", path(video), "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let size = width * height * 4
        XCTAssertEqual(raw.count % size, 0)
        return try stride(from: 0, to: raw.count, by: size).map { start in
            try FrameHash.sha256(width: width, height: height, straightRGBA: Array(raw[start..<(start + size)]))
        }
    }

    private func size(_ folder: String) throws -> Int {
        try frameFiles(folder).reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: path(folder + "/" + name))[.size] as? Int) ?? 0)
        }
    }

    func testEachDistinctFrameIsStoredOnceExactly() throws {
        try writeRestingScene()
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 36)
        // The first frame of each hash, and only those, have a file.
        var seen = Set<String>()
        let firsts = manifest.entries.filter { seen.insert($0.hash).inserted }.map { String($0.name.dropFirst("scene/".count)) }
        XCTAssertLessThan(firsts.count, 36, "the rest repeats frames")
        XCTAssertEqual(try frameFiles("g/scene"), firsts.map { $0 + ".webp" })
        // Pillow, an independent decoder, reads each file as the very pixels its hash describes.
        let hashes = Dictionary(uniqueKeysWithValues: manifest.entries.map { (String($0.name.dropFirst("scene/".count)), $0.hash) })
        let decoded = try pillowHashes("g/scene")
        XCTAssertEqual(decoded.count, firsts.count)
        for (name, hash) in decoded { XCTAssertEqual(hash, hashes[name], name) }
        // Far smaller than the same frames as PNGs.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("png") + "/"]).status, 0)
        XCTAssertLessThan(try size("g/scene"), try size("png") / 2)
    }

    /// A scroll over a photo is one lossless video, which ffmpeg decodes to the very frames the
    /// hash file lists, in far less room than a WebP a frame.
    func testAScrollingPhotoIsStoredAsOneExactVideo() throws {
        try writePhotoScene()
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try frameFiles("g/scene"), [FrameName.video(from: 0)])
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        XCTAssertEqual(try ffmpegHashes("g/scene/frames_0000.mkv", width: 120, height: 160), manifest.entries.map(\.hash))
        // The same frames as WebPs: with --frames only the frames named are written, and never as a video.
        try FileManager.default.createDirectory(atPath: path("w"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("w/scene.sha256"), "--references",
                                   "--frames", "0-\(manifest.entries.count - 1)"]).status, 0)
        XCTAssertEqual(try frameFiles("w/scene").count, manifest.entries.count)
        XCTAssertLessThan(try size("g/scene"), try size("w/scene") / 2)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")]).status, 0)
    }

    /// A failing frame is diffed against its frame of the video, and a later reference of the
    /// frame's own, written beside the video, comes first.
    func testCheckDiffsAgainstTheVideosFrames() throws {
        try recordPhotoScene()
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("before") + "/"]).status, 0)
        let failed = try checkWithARedCard()
        XCTAssertFalse(failed.stderr.contains("hash differs"), failed.stderr)
        // The card shows from frame 9 on, and it is the only change.
        XCTAssertTrue(failed.stderr.hasPrefix("check: 9 frames fail"), failed.stderr)
        for index in [9, 17, 12] {
            XCTAssertEqual(try decodePNG("g/scene-failures/" + FrameName.png(index, suffix: "-expected")),
                           try decodePNG("before/" + FrameName.png(index)), "frame \(index)")
        }
        // Frame 12 recorded again on its own: the video's frame 12 no longer counts.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references",
                                   "--frames", "12-12"]).status, 0)
        XCTAssertTrue(try frameFiles("g/scene").contains(FrameName.webp(12)))
        let again = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--frames", "12-12"])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// A video holds no alpha: translucent frames keep their WebP, and the video runs split at them.
    func testTranslucentFramesKeepTheirWebP() throws {
        try recordPhotoScene(clearBelow: true)
        let files = try frameFiles("g/scene")
        XCTAssertTrue(files.contains(FrameName.video(from: 0)), "\(files)")
        XCTAssertEqual(files, ([FrameName.video(from: 0)] + (13...17).map(FrameName.webp)).sorted())
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")]).status, 0)
        // Every frame, opaque or not, is diffed against its own reference.
        let failed = try checkWithARedCard()
        XCTAssertTrue(failed.stderr.hasPrefix("check: 9 frames fail"), failed.stderr)
        XCTAssertFalse(failed.stderr.contains("hash differs"), failed.stderr)
    }

    /// A relative path whose first part holds a colon names a file, not one of FFmpeg's protocols.
    func testAColonInARelativePathNamesAFolder() throws {
        try writePhotoScene()
        try FileManager.default.createDirectory(atPath: path("a:b"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", "scene.json", "--hashes", "a:b/scene.sha256", "--references"]).status, 0)
        XCTAssertEqual(try frameFiles("a:b/scene"), [FrameName.video(from: 0)])
        XCTAssertEqual(try render(["--scene", "scene.json", "--check", "a:b/scene.sha256"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "a:b/scene.mp4"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("a:b/scene.mp4")))
    }

    /// A video cut short is named in the failure of each frame it no longer holds.
    func testADamagedVideoIsNamedInTheFailure() throws {
        try recordPhotoScene()
        let video = URL(fileURLWithPath: path("g/scene/frames_0000.mkv"))
        let whole = try Data(contentsOf: video)
        try whole.prefix(whole.count / 3).write(to: video)
        let failed = try checkWithARedCard()
        XCTAssertTrue(failed.stderr.contains("scene/frame_0017: hash differs, and no file holds its reference: no frame_0017.webp, "
                                             + "and frames_0000.mkv "), failed.stderr)
    }

    /// A video missing a packet fails the frames from the lost one on, instead of diffing them
    /// against the frames that follow it.
    func testAVideoMissingAFrameFailsFromThatFrameOn() throws {
        try recordPhotoScene()
        _ = try tool("ffmpeg", ["-v", "error", "-i", path("g/scene/frames_0000.mkv"), "-c", "copy", "-bsf:v", "noise=drop=eq(n\\,10)",
                                path("dropped.mkv")])
        try FileManager.default.removeItem(atPath: path("g/scene/frames_0000.mkv"))
        try FileManager.default.moveItem(atPath: path("dropped.mkv"), toPath: path("g/scene/frames_0000.mkv"))
        let failed = try checkWithARedCard()
        XCTAssertTrue(failed.stderr.contains("scene/frame_0009: 834 pixels differ"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("scene/frame_0012: hash differs, and its reference frames_0000.mkv cannot be read: "
                                             + "not a readable lossless video (frame 10 is missing)"), failed.stderr)
    }

    /// A frame without a file of its own is diffed against the file of the first frame it repeats.
    func testCheckDiffsRepeatedFramesAgainstTheFirst() throws {
        try writeRestingScene()
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"]).status, 0)
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        let stored = Set(try frameFiles("g/scene"))
        guard let repeated = manifest.entries.firstIndex(where: { !stored.contains(String($0.name.dropFirst("scene/".count)) + ".webp") }),
              let first = manifest.entries.firstIndex(where: { $0.hash == manifest.entries[repeated].hash }) else {
            return XCTFail("the resting scene has a repeated frame")
        }
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--threshold", "0.1"]).status, 0)
        // The card is off screen while the scroll rests; the background is not.
        try write("scene.json", try String(contentsOfFile: path("scene.json"), encoding: .utf8)
            .replacingOccurrences(of: "#F2F2F7", with: "#F2F2F0"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.hasPrefix("check: 36 frames fail"), failed.stderr)
        XCTAssertFalse(failed.stderr.contains("hash differs"), "every frame has a reference to diff against")
        let expected = try decodePNG("g/scene-failures/" + FrameName.png(repeated, suffix: "-expected"))
        let firstFile = try Data(contentsOf: URL(fileURLWithPath: path("g/scene/" + FrameName.webp(first))))
        XCTAssertEqual(expected, try WebPCodec.decode(Array(firstFile)))
    }

    /// Recording references replaces PNG references that `--out DIR/` wrote in the same place, and
    /// a damaged reference is named in the failure rather than taken for a missing one.
    func testReplacesPNGReferencesAndReportsDamagedOnes() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(try frameFiles("g/scene").allSatisfy { $0.hasSuffix(".webp") })
        try Data("RIFF....WEBPVP8L".utf8).write(to: URL(fileURLWithPath: path("g/scene/frame_0000.webp")))
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\", \"cornerRadius\": 6", with: "\"#FF0000\", \"cornerRadius\": 6"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("scene/frame_0000: hash differs, and its reference frame_0000.webp cannot be read: "
                                             + "not a readable WebP image"), failed.stderr)
    }

    /// A reference whose header declares an enormous image is refused from the header, as a
    /// frame of the wrong size, before anything is allocated for it.
    func testAReferenceDeclaringHugeSizeIsRefusedFromItsHeader() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodecsTests/PNGs/bad/bomb-100000x100000.png")
        try FileManager.default.removeItem(atPath: path("g/scene/frame_0000.png"))
        try FileManager.default.copyItem(atPath: bomb.path, toPath: path("g/scene/frame_0000.png"))
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "#F2F2F7", with: "#F2F2F0"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("scene/frame_0000: size 120×160, expected 100000×100000"), failed.stderr)
    }

    /// A frame recorded again as WebP replaces its PNG reference: the two formats are one slot.
    /// Once the folder holds recorded references, `--out DIR/` refuses it, naming what re-records them.
    func testAFrameRecordedAgainReplacesItsOtherFormat() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/other.sha256"), "--references", "--frames", "3-4"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let files = try frameFiles("g/scene")
        XCTAssertTrue(files.contains("frame_0003.webp") && !files.contains("frame_0003.png"), "\(files)")
        XCTAssertTrue(files.contains("frame_0005.png"), "\(files)")
        let before = try frameFiles("g/scene")
        try expectError(["--scene", path("scene.json"), "--out", path("g/scene") + "/", "--frames", "3-4"], status: 2,
                        contains: ["--out \(path("g/scene"))/: the folder holds recorded references (frame_0003.webp",
                                   "which render --hashes FILE --references, render test --update or ScrollReelTesting writes again"])
        XCTAssertEqual(try frameFiles("g/scene"), before)
    }

    func testReferencesNeedAHashFile() throws {
        try expectError(["--scene", path("scene.json"), "--references", "--out", path("x.gif")], status: 2,
                        contains: ["--references records the frames beside a hash file: give --hashes FILE too"])
        try expectError(["--scene", path("scene.json"), "--hashes", path("nowhere/scene.sha256"), "--references"], status: 2,
                        contains: ["--hashes \(path("nowhere/scene.sha256")): the folder \(path("nowhere")) does not exist"])
    }
}
