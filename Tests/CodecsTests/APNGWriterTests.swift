import Codecs
import Foundation
import Raster
import TestSupport
import XCTest

/// The APNG writer's own part: the frame count it writes into the animation control chunk as the
/// bytes stream out, and a single frame kept as a plain PNG.
final class APNGWriterTests: XCTestCase {
    private func file(_ frames: [Bitmap]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try APNGWriter(width: frames[0].width, height: frames[0].height, fps: 30, frameCount: frames.count) {
            bytes += $0
        }
        for frame in frames { try writer.addFrame(straight: frame.straightBytes()) }
        try writer.finish()
        return bytes
    }

    /// The chunks of a PNG file: type, data and stored CRC.
    private func chunks(_ file: [UInt8]) -> [(type: String, data: [UInt8], crc: UInt32)] {
        var out: [(String, [UInt8], UInt32)] = [], at = 8
        func word(_ i: Int) -> Int { file[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        while at + 12 <= file.count {
            let length = word(at)
            out.append((String(decoding: file[at + 4..<at + 8], as: UTF8.self), Array(file[at + 8..<at + 8 + length]),
                        UInt32(word(at + 8 + length))))
            at += 12 + length
        }
        return out
    }

    /// CRC-32 as PNG defines it, bit by bit: independent of the writer's table-driven one.
    private func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    func testTheFrameCountIsWrittenWithItsCRC() throws {
        let frames = (0..<3).map { noiseBitmap(width: 24, height: 16, seed: UInt64($0)) }
        let parts = chunks(try file(frames))
        let control = try XCTUnwrap(parts.first { $0.type == "acTL" })
        XCTAssertEqual(Array(control.data[0..<4]), [0, 0, 0, 3], "num_frames")
        XCTAssertEqual(Array(control.data[4..<8]), [0, 0, 0, 0], "num_plays: forever")
        XCTAssertEqual(control.crc, crc(Array("acTL".utf8) + control.data))
        XCTAssertEqual(parts.filter { $0.type == "fcTL" }.count, 3)
        for part in parts { XCTAssertEqual(part.crc, crc(Array(part.type.utf8) + part.data), part.type) }
    }

    func testOneFrameIsAPlainPNGOfItsPixels() throws {
        let frame = noiseBitmap(width: 17, height: 9, seed: 7)
        let bytes = try file([frame])
        XCTAssertFalse(chunks(bytes).contains { $0.type == "acTL" || $0.type == "fcTL" })
        XCTAssertEqual(try PNGCodec.decode(bytes).pixels, try PNGCodec.decode(try PNGCodec.encode(frame)).pixels)
    }

    /// A failure of the byte sink is the error thrown, not FFmpeg's word for it.
    func testAFailingSinkIsTheErrorThrown() throws {
        struct Full: Error {}
        let frame = noiseBitmap(width: 64, height: 64, seed: 1)
        let writer = try APNGWriter(width: 64, height: 64, fps: 30, frameCount: 2) { _ in throw Full() }
        XCTAssertThrowsError(try {
            for _ in 0..<2 { try writer.addFrame(straight: frame.straightBytes()) }
            try writer.finish()
        }()) { XCTAssertTrue($0 is Full, "\($0)") }
    }
}
