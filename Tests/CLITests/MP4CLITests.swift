import Codecs
import Foundation
import XCTest

/// `--out NAME.mp4`, read back by ffprobe and decoded by ffmpeg (independent readers of the file)
/// and compared with the frames of the same scene written as PNG.
final class MP4CLITests: CLITestCase {
    private struct Probe: Decodable {
        struct Stream: Decodable {
            let codec_name: String
            let pix_fmt: String
            let width: Int
            let height: Int
            let avg_frame_rate: String
            let r_frame_rate: String
            let nb_read_frames: String
        }
        struct Format: Decodable { let duration: String }
        let streams: [Stream]
        let format: Format
    }

    private func probe(_ name: String) throws -> Probe {
        try JSONDecoder().decode(Probe.self, from: try tool("ffprobe", ["-v", "error", "-count_frames", "-show_streams",
                                                                         "-show_format", "-of", "json", path(name)]))
    }

    /// The top-level boxes of an MP4 file, in order.
    private func boxes(_ name: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
        var names: [String] = [], at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            names.append(String(decoding: bytes[at + 4..<at + 8], as: UTF8.self))
            guard size >= 8 else { break }
            at += size
        }
        return names
    }

    func testMP4IsH264AtTheScenesFrameRateWithItsIndexFirst() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "scene.mp4", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let probe = try probe("scene.mp4")
        let video = try XCTUnwrap(probe.streams.first)
        XCTAssertEqual(video.codec_name, "h264")
        XCTAssertEqual(video.pix_fmt, "yuv420p")
        XCTAssertEqual([video.width, video.height], [120, 160])
        XCTAssertEqual(video.avg_frame_rate, "30/1")
        XCTAssertEqual(video.r_frame_rate, "30/1")
        XCTAssertEqual(video.nb_read_frames, "30", "every frame, none merged")
        XCTAssertEqual(Double(probe.format.duration) ?? 0, 1.0, accuracy: 0.001)
        let order = try boxes("scene.mp4")
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: "moov")), try XCTUnwrap(order.firstIndex(of: "mdat")),
                          "faststart: the index before the media, \(order)")
        XCTAssertGreaterThan(try decodedPSNR("scene.mp4", frames: "frames", width: 120, height: 160, even: true), 35)
    }

    /// An odd size is padded to even, never cropped: every pixel of the frame is in the video.
    func testOddSizesArePadded() throws {
        try write("odd.json", CLITestCase.scene.replacingOccurrences(of: "\"width\": 60, \"height\": 80, \"scale\": 2",
                                                                   with: "\"width\": 61, \"height\": 41, \"scale\": 1"))
        XCTAssertEqual(try render(["--scene", "odd.json", "--out", "frames/", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "odd.json", "--out", "odd.mp4", "--quiet"]).status, 0)
        let video = try XCTUnwrap(try probe("odd.mp4").streams.first)
        XCTAssertEqual([video.width, video.height], [62, 42])
        // Lower than at @2x: 4:2:0 halves the chroma of this small, saturated picture.
        XCTAssertGreaterThan(try decodedPSNR("odd.mp4", frames: "frames", width: 61, height: 41, even: true), 25)
    }

    func testQualityTradesSizeForFidelity() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "low.mp4", "--quality", "10", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "high.mp4", "--quality", "100", "--quiet"]).status, 0)
        let size = { (name: String) in try FileManager.default.attributesOfItem(atPath: self.path(name))[.size] as! Int }
        XCTAssertLessThan(try size("low.mp4"), try size("high.mp4"))
        XCTAssertLessThan(try decodedPSNR("low.mp4", frames: "frames", width: 120, height: 160, even: true),
                          try decodedPSNR("high.mp4", frames: "frames", width: 120, height: 160, even: true))
    }

    /// FFmpeg's libraries, with all they pull in some 27 MB of memory, are opened only to write
    /// an MP4 (`scrollreel_ffmpeg_load`): the executable does not need them to start. The other
    /// tests here show that an MP4 still finds them.
    func testTheProgramStartsWithoutFFmpeg() throws {
        let dynamic = String(decoding: try tool("readelf", ["--dynamic", try executable().path]), as: UTF8.self)
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertFalse(needed.isEmpty, "readelf listed no libraries (scripts/test installs binutils)")
        for library in ["libavformat", "libavcodec", "libswscale", "libavutil"] {
            XCTAssertFalse(needed.contains { $0.contains(library) }, "render needs \(library) to start")
        }
    }

    /// The file does not depend on what the heap held before x264 had it: glibc fills new and
    /// freed blocks with MALLOC_PERTURB_'s byte, and two different bytes give the same file.
    /// (x264's AVX-512 code reads memory it has not written; where the CPU has AVX-512, this
    /// fails unless `scrollreel_x264_flags_without_avx512` leaves it out.)
    func testOutputDoesNotDependOnTheHeapsHistory() throws {
        // 390 × 844 pixels: at the usual 120 × 160, x264 happened not to read such memory.
        try write("tall.json", CLITestCase.scene.replacingOccurrences(of: "\"width\": 60, \"height\": 80, \"scale\": 2",
                                                                      with: "\"width\": 195, \"height\": 422, \"scale\": 2"))
        for (name, filler) in [("a.mp4", "85"), ("b.mp4", "170")] {
            let process = Process()
            process.executableURL = try executable()
            process.arguments = ["--scene", "tall.json", "--out", name, "--quiet"]
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(["MALLOC_PERTURB_": filler]) { $1 }
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "render failed with MALLOC_PERTURB_=\(filler)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("a.mp4"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("b.mp4"))))
    }

    /// Same frames, same bytes: the encoder's output does not depend on the run or on --jobs.
    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "a.mp4", "--jobs", "1", "--quiet"]).status, 0)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "b.mp4", "--jobs", "3", "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("a.mp4"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("b.mp4"))))
    }
}
