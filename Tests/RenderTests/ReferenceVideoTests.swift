import Codecs
import FileOutput
import Foundation
import Raster
@testable import Regression
import TestSupport
import XCTest

/// `FrameCheck` reading references from the lossless videos of a compact folder
/// (`frames_0000.mkv`), in whatever order the frames are asked for.
final class ReferenceVideoTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reference-videos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scene"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Opaque noise, a different picture for every seed.
    private func frame(_ seed: UInt64) -> Bitmap {
        var pixels = noiseBitmap(width: 24, height: 18, seed: seed).pixels
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        return Bitmap(width: 24, height: 18, premultiplied: pixels)!
    }

    private func writeVideo(_ frames: [Bitmap], from start: Int) throws {
        let path = folder.appendingPathComponent("scene/" + FrameName.video(from: start)).path
        let writer = try H264Writer(path: path, width: 24, height: 18, fps: 30, kind: .lossless) { POSIXError(POSIXErrorCode(rawValue: $0)!) }
        for frame in frames { try writer.addFrame(rgb: OnWhite.packedRGB(frame.pixels, width: 24, height: 18, even: false)) }
        try writer.finish()
    }

    /// A check over `count` frames, each listed with its own hash.
    private func check(_ frames: [Bitmap]) throws -> FrameCheck {
        let entries = try frames.enumerated().map { k, frame in
            HashManifest.Entry(hash: try FrameHash.sha256(frame), name: HashManifest.frameName(scene: "scene", index: k))
        }
        return FrameCheck(manifest: HashManifest(entries: entries), referenceFolder: folder)
    }

    func testFramesAreFoundInTheirVideoInAnyOrder() throws {
        let frames = (0..<10).map { frame(UInt64($0 + 1)) }
        // Two videos, as when a translucent frame (4, a WebP) splits the run of opaque ones.
        try writeVideo(Array(frames[0..<4]), from: 0)
        try writeVideo(Array(frames[5..<10]), from: 5)
        try Data(WebPCodec.encodeLossless(frames[4])).write(to: folder.appendingPathComponent("scene/" + FrameName.webp(4)))
        let check = try check(frames)
        XCTAssertTrue(check.hasReferences(prefix: "scene/"))
        for k in [0, 1, 2, 3, 4, 5, 9, 6, 6, 2, 0, 8, 7, 4, 9] {
            let name = HashManifest.frameName(scene: "scene", index: k)
            XCTAssertTrue(try check.reference(name, like: frames[k])?.pixels == frames[k].pixels, "frame \(k)")
        }
    }

    /// A frame's own file wins over the video that also holds it: a frame recorded again later.
    func testAFramesOwnFileComesBeforeItsVideo() throws {
        let frames = (0..<3).map { frame(UInt64($0 + 20)) }
        try writeVideo(frames, from: 0)
        let again = frame(99)
        try Data(WebPCodec.encodeLossless(again)).write(to: folder.appendingPathComponent("scene/" + FrameName.webp(1)))
        let check = try check(frames)
        XCTAssertTrue(try check.reference("scene/frame_0001", like: again)?.pixels == again.pixels)
        XCTAssertTrue(try check.reference("scene/frame_0002", like: again)?.pixels == frames[2].pixels)
    }

    /// A frame past the end of the video before it has no reference: its own file is gone (a
    /// translucent frame's WebP, say), or the video was cut short. The reason tells both, and the
    /// frames the video does hold still read.
    func testAFramePastItsVideosEndIsReportedMissing() throws {
        let frames = (0..<8).map { frame(UInt64($0 + 40)) }
        try writeVideo(Array(frames[2..<6]), from: 2)
        let check = try check(frames)
        let (verdict, _) = check.verdict(name: "scene/frame_0007", hash: String(repeating: "0", count: 64), bitmap: frames[7])
        XCTAssertEqual(verdict, .differs(reason: "hash differs, and no file holds its reference: no frame_0007.webp, "
                                           + "and frames_0002.mkv ends at frame 5"))
        XCTAssertTrue(try check.reference("scene/frame_0003", like: frames[3])?.pixels == frames[3].pixels)
        XCTAssertFalse(FrameCheck(manifest: HashManifest(), referenceFolder: folder).hasReferences(prefix: "other/"))
    }

    /// Where reading a video stopped is remembered: a later frame fails alike at once, instead of
    /// reading the video from its start again (here it is gone, so reading it again would fail
    /// otherwise).
    func testAVideosEndIsRememberedForLaterFrames() throws {
        let frames = (0..<8).map { frame(UInt64($0 + 80)) }
        try writeVideo(Array(frames[0..<4]), from: 0)
        let check = try check(frames)
        XCTAssertThrowsError(try check.reference("scene/frame_0005", like: frames[5])) { XCTAssertTrue($0 is ReferenceVideos.Ended) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("scene/" + FrameName.video(from: 0)))
        XCTAssertThrowsError(try check.reference("scene/frame_0007", like: frames[7])) { XCTAssertTrue($0 is ReferenceVideos.Ended, "\($0)") }
    }

    /// A check with a new manifest reads on in the video the old one had open, as recording frame
    /// after frame needs: here the video is gone from the folder once the first frame is read, so
    /// only the open reader can give the later ones.
    func testACheckWithANewManifestReadsOnInTheOpenVideo() throws {
        let frames = (0..<6).map { frame(UInt64($0 + 60)) }
        try writeVideo(frames, from: 0)
        let first = try check(frames)
        XCTAssertTrue(try first.reference("scene/frame_0001", like: frames[1])?.pixels == frames[1].pixels)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("scene/" + FrameName.video(from: 0)))
        let again = first.replacingManifest(with: HashManifest(entries: Array(first.manifest.entries.reversed())))
        XCTAssertEqual(again.manifest.entries.first?.name, "scene/frame_0005")
        for k in [2, 4, 5] {
            let name = HashManifest.frameName(scene: "scene", index: k)
            XCTAssertTrue(try again.reference(name, like: frames[k])?.pixels == frames[k].pixels, "frame \(k)")
        }
    }
}
