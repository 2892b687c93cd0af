import Foundation
import TestSupport
import XCTest

/// `--out NAME.avif`: read back by ffprobe and decoded by ffmpeg through dav1d (an AV1 decoder
/// independent of libavif and libaom), compared with the same scene's PNG frames, and played in
/// headless Chromium.
final class AVIFCLITests: CLITestCase {
    private struct Probe: Decodable {
        struct Stream: Decodable {
            let codec_name: String
            let profile: String
            let pix_fmt: String
            let width: Int
            let height: Int
            let r_frame_rate: String
            let nb_read_frames: String
        }
        let streams: [Stream]
    }

    private func probe(_ name: String) throws -> Probe.Stream {
        let probe = try JSONDecoder().decode(Probe.self, from: try tool("ffprobe", [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", "-of", "json", path(name)]))
        return try XCTUnwrap(probe.streams.first)
    }

    /// When each frame starts, in seconds, as ffprobe reads the file.
    private func starts(_ name: String) throws -> [Double] {
        let out = try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time",
                                       "-of", "csv=p=0", path(name)])
        return String(decoding: out, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { Double($0) }
    }

    private func size(_ name: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path(name))[.size] as? Int)
    }

    func testEveryFrameAt444AndTheScenesTimesWithinTheQualitysError() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "scene.avif", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("scene.avif"))).prefix(12))
        XCTAssertEqual(String(decoding: head[4..<12], as: UTF8.self), "ftypavis", "an AVIF image sequence")
        let video = try probe("scene.avif")
        XCTAssertEqual(video.codec_name, "av1")
        XCTAssertEqual(video.profile, "High", "4:4:4 needs AV1's High profile")
        XCTAssertEqual(video.pix_fmt, "yuv444p", "full-resolution chroma")
        XCTAssertEqual([video.width, video.height], [120, 160])
        XCTAssertEqual(video.r_frame_rate, "30/1")
        XCTAssertEqual(video.nb_read_frames, "30", "every frame")
        let starts = try starts("scene.avif")
        XCTAssertEqual(starts.count, 30)
        for (i, start) in starts.enumerated() { XCTAssertEqual(start, Double(i) / 30, accuracy: 0.001) }
        // Quality 80 is quantizer 13 of 63: what x264 reaches at its default on the same frames.
        XCTAssertGreaterThan(try decodedPSNR("scene.avif", frames: "frames", width: 120, height: 160, even: false), 38)
    }

    /// Higher qualities are closer to the frames and larger; quality 100, quantizer 0, differs
    /// only by the rounding of the conversion to YUV.
    func testQualityTradesSizeForError() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        var last: (psnr: Double, bytes: Int)?
        for quality in [20, 60, 100] {
            let name = "q\(quality).avif"
            let run = try render(["--scene", "scene.json", "--out", name, "--quality", "\(quality)", "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let psnr = try decodedPSNR(name, frames: "frames", width: 120, height: 160, even: false)
            let bytes = try size(name)
            if let last {
                XCTAssertGreaterThan(psnr, last.psnr + 1, "quality \(quality)")
                XCTAssertGreaterThan(bytes, last.bytes, "quality \(quality)")
            }
            last = (psnr, bytes)
        }
        XCTAssertGreaterThan(last!.psnr, 45, "quality 100")
    }

    /// An odd size is stored as it is: AV1 at 4:4:4 needs no even size.
    func testOddSizeAndAssembledFromFrames() throws {
        try write("odd.json", CLITestCase.scene.replacingOccurrences(of: #""width": 60, "height": 80, "scale": 2"#,
                                                                     with: #""width": 61, "height": 41, "scale": 1"#))
        XCTAssertEqual(try render(["--scene", "odd.json", "--out", "frames/", "--frames", "4-13", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "odd.json", "--out", "part.avif", "--frames", "4-13", "--quiet"]).status, 0)
        let video = try probe("part.avif")
        XCTAssertEqual([video.width, video.height], [61, 41])
        XCTAssertEqual(video.nb_read_frames, "10")
        XCTAssertGreaterThan(try decodedPSNR("part.avif", frames: "frames", width: 61, height: 41, even: false), 35)
        let run = try render(["gif", path("frames"), "--out", path("assembled.avif"), "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("assembled.avif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("part.avif"))))
    }

    /// libavif writes the clock's time into the headers; the same frames a second later make the
    /// same bytes all the same.
    func testTheSameFramesMakeTheSameBytes() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "first.avif", "--frames", "0-4", "--quiet"]).status, 0)
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "second.avif", "--frames", "0-4", "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("first.avif"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("second.avif"))))
    }

    /// An AVIF replaces only an AVIF: not an MP4 (also an ISO media file) nor a user's text.
    func testReplacesOnlyAnAVIF() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "video.mp4", "--quiet"]).status, 0)
        try FileManager.default.copyItem(atPath: path("video.mp4"), toPath: path("clip.avif"))
        try expectError(["--scene", "scene.json", "--out", "clip.avif"], status: 2,
                        contains: ["clip.avif", "is not an AVIF image (it holds an MP4 video)"])
        try write("notes.avif", "my notes\n")
        try expectError(["--scene", "scene.json", "--out", "notes.avif"], status: 2, contains: ["notes.avif", "is not an AVIF image"])
        XCTAssertEqual(try String(contentsOfFile: path("notes.avif"), encoding: .utf8), "my notes\n")
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "scene.avif", "--quiet"]).status, 0)
        try FileManager.default.copyItem(atPath: path("scene.avif"), toPath: path("movie.mp4"))
        try expectError(["--scene", "scene.json", "--out", "movie.mp4"], status: 2,
                        contains: ["movie.mp4", "is not an MP4 video (it holds an AVIF image)"])
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "scene.avif", "--quality", "50", "--quiet"]).status, 0,
                       "an AVIF replaces the AVIF it wrote")
    }
}
