import Codecs
import Foundation
import Raster
import TestSupport
import XCTest

/// The lossless H.264 videos of compact references: written by `H264Writer` as `.lossless`,
/// read back by `H264Reader` exactly, and anything else refused with a message.
final class H264LosslessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("h264-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Frames of a scroll: a noisy opaque canvas, seen through a window that moves down 3 rows a frame.
    private func scroll(width: Int, height: Int, frames: Int, seed: UInt64) -> [Bitmap] {
        let canvas = noiseBitmap(width: width, height: height + 3 * frames, seed: seed).pixels
        return (0..<frames).map { k in
            var pixels = Array(canvas[(3 * k * width * 4)..<((3 * k + height) * width * 4)])
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
            return Bitmap(width: width, height: height, premultiplied: pixels)!
        }
    }

    private func write(_ frames: [Bitmap], to name: String, kind: H264Writer.Kind = .lossless) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let writer = try H264Writer(path: path, width: frames[0].width, height: frames[0].height, fps: 30, kind: kind) { code in
            POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        for frame in frames {
            try writer.addFrame(rgb: OnWhite.packedRGB(frame.pixels, width: frame.width, height: frame.height, even: kind != .lossless))
        }
        try writer.finish()
        return path
    }

    /// Every frame the reader gives until it ends or throws; nil for the error, if one was thrown.
    private func readAll(_ path: String, maxPixels: Int = 1 << 24) -> (frames: [Bitmap], error: Error?) {
        var frames: [Bitmap] = []
        do {
            let reader = try H264Reader(path: path, maxPixels: maxPixels)
            while let frame = try reader.next() { frames.append(frame) }
            return (frames, nil)
        } catch {
            return (frames, error)
        }
    }

    func testFramesComeBackExactlyAtAnySize() throws {
        for (width, height, count) in [(1, 1, 2), (37, 23, 5), (64, 48, 12), (3, 101, 4)] {
            let frames = scroll(width: width, height: height, frames: count, seed: UInt64(width * height))
            let read = readAll(try write(frames, to: "\(width)x\(height).mkv"))
            XCTAssertNil(read.error, "\(width)×\(height)")
            XCTAssertEqual(read.frames.count, count, "\(width)×\(height)")
            for (k, frame) in read.frames.enumerated() {
                XCTAssertTrue(frame.pixels == frames[k].pixels, "\(width)×\(height), frame \(k) differs")
                XCTAssertEqual(try FrameHash.sha256(frame), try FrameHash.sha256(frames[k]))
            }
        }
    }

    /// Later frames are mostly earlier ones moved: the video is far smaller than its frames.
    func testAScrollCostsLittleMoreThanItsFirstFrame() throws {
        let frames = scroll(width: 64, height: 48, frames: 12, seed: 9)
        let size = try FileManager.default.attributesOfItem(atPath: try write(frames, to: "scroll.mkv"))[.size] as! Int
        XCTAssertLessThan(size, 3 * 64 * 48 * 3, "12 noisy frames of 64×48 should take about one frame's bytes and the new rows")
    }

    /// A preview MP4 is 4:2:0 YUV, so its colours are not the frames': it is no reference.
    func testALossyVideoIsRefused() throws {
        let read = readAll(try write(scroll(width: 16, height: 16, frames: 2, seed: 3), to: "preview.mp4", kind: .preview(quality: 80)))
        XCTAssertEqual(read.frames.count, 0)
        XCTAssertEqual(read.error as? DecodeError, .video("its frames are not lossless RGB, as recorded references are"))
    }

    func testFramesAboveThePixelLimitAreRefusedBeforeDecoding() throws {
        let path = try write(scroll(width: 40, height: 30, frames: 2, seed: 4), to: "big.mkv")
        XCTAssertEqual(readAll(path, maxPixels: 1199).error as? DecodeError, .tooLarge(width: 40, height: 30, maxPixels: 1199))
    }

    /// A file that is not a video, or is cut short, throws or ends early: it never gives a frame
    /// that is not the one recorded.
    func testBrokenFilesThrowOrEndEarlyButNeverLie() throws {
        let frames = scroll(width: 48, height: 40, frames: 10, seed: 5)
        let whole = try Data(contentsOf: URL(fileURLWithPath: try write(frames, to: "whole.mkv")))
        let garbage = folder.appendingPathComponent("garbage.mkv")
        try Data("not a video at all".utf8).write(to: garbage)
        let error = readAll(garbage.path).error
        XCTAssertTrue("\(error.map { "\($0)" } ?? "no error")".hasPrefix("not a readable lossless video ("), "\(String(describing: error))")
        for fraction in [0.3, 0.6, 0.9] {
            let cut = folder.appendingPathComponent("cut.mkv")
            try whole.prefix(Int(Double(whole.count) * fraction)).write(to: cut)
            let read = readAll(cut.path)
            XCTAssertTrue(read.error != nil || read.frames.count < frames.count, "cut at \(fraction)")
            for (k, frame) in read.frames.enumerated() { XCTAssertTrue(frame.pixels == frames[k].pixels, "cut at \(fraction), frame \(k)") }
        }
    }

    /// A frame whose timestamp is too large to scale (a cluster's timestamp set to 2⁶² in the fuzz
    /// corpus's file) is a missing frame, not an arithmetic overflow.
    func testAHugeTimestampIsAMissingFrame() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/h264/huge-timestamp.mkv")
        let read = readAll(file.standardizedFileURL.path)
        XCTAssertEqual(read.frames.count, 0)
        XCTAssertEqual(read.error as? DecodeError, .video("frame 0 is missing"))
    }

    func testSizesH264CannotStoreAreRefused() {
        XCTAssertThrowsError(try H264Writer(path: folder.appendingPathComponent("x.mkv").path, width: 16385, height: 1, fps: 30,
                                            kind: .lossless) { _ in POSIXError(.EIO) }) { error in
            XCTAssertEqual(error as? EncodeError, .unsupportedSize(width: 16385, height: 1, format: "H.264"))
        }
    }
}
