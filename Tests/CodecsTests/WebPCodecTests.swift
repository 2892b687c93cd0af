import Codecs
import Raster
import TestSupport
import XCTest

/// Single lossless WebPs, the compact reference frames.
final class WebPCodecTests: XCTestCase {
    /// Straight RGBA survives byte for byte, translucent and clear pixels included, so the frame
    /// hash of the decoded image is the frame's own.
    func testLosslessRoundTripIsExact() throws {
        for (width, height, seed) in [(1, 1, 1), (37, 23, 2), (256, 3, 3), (5, 300, 4)] as [(Int, Int, UInt64)] {
            let bitmap = noiseBitmap(width: width, height: height, seed: seed)
            let decoded = try WebPCodec.decode(try WebPCodec.encodeLossless(bitmap))
            XCTAssertEqual(decoded.straightBytes(), bitmap.straightBytes(), "\(width)×\(height)")
            XCTAssertEqual(try FrameHash.sha256(decoded), try FrameHash.sha256(bitmap))
        }
    }

    func testFlatFramesAreSmallerThanTheirPNG() throws {
        let bitmap = Bitmap(width: 390, height: 844, premultiplied: [UInt8](repeating: 255, count: 390 * 844 * 4))!
        XCTAssertLessThan(try WebPCodec.encodeLossless(bitmap).count, try PNGCodec.encode(bitmap).count)
    }

    func testSizesWebPCannotStoreAreRefused() {
        let wide = Bitmap(width: 16384, height: 1, premultiplied: [UInt8](repeating: 0, count: 16384 * 4))!
        XCTAssertThrowsError(try WebPCodec.encodeLossless(wide)) { error in
            XCTAssertEqual(error as? EncodeError, .unsupportedSize(width: 16384, height: 1, format: "WebP"))
        }
    }

    func testBrokenFilesAreRefusedWithAMessage() throws {
        let good = try WebPCodec.encodeLossless(noiseBitmap(width: 20, height: 10, seed: 7))
        let cases: [([UInt8], String)] = [
            ([], "the file is empty"),
            (Array("not a webp at all".utf8), "cannot read the header"),
            (Array(good.prefix(40)), "damaged or truncated"),
        ]
        for (data, message) in cases {
            XCTAssertThrowsError(try WebPCodec.decode(data)) { error in
                XCTAssertTrue("\(error)".hasPrefix("not a readable WebP image (libwebp: "), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        XCTAssertThrowsError(try WebPCodec.decode(good, maxPixels: 199)) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 20, height: 10, maxPixels: 199))
        }
    }

    func testAnAnimationIsNotTakenForAFrame() throws {
        var file: [UInt8] = []
        let writer = try WebPWriter(width: 2, height: 2) { file = Array($0) }
        try writer.addFrame(straight: [UInt8](repeating: 255, count: 16), start: 0)
        try writer.addFrame(straight: [UInt8](repeating: 0, count: 16), start: 40)
        try writer.finish(end: 80)
        XCTAssertThrowsError(try WebPCodec.decode(file)) { XCTAssertTrue("\($0)".contains("an animation"), "\($0)") }
    }

    /// Damaged files of every kind either decode or throw; none may crash.
    func testMutatedFilesNeverCrash() throws {
        let good = try WebPCodec.encodeLossless(noiseBitmap(width: 24, height: 16, seed: 11))
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var refused = 0
        for _ in 0..<2000 {
            var data = good
            for _ in 0...(next() % 4) { data[next() % data.count] = UInt8(truncatingIfNeeded: next()) }
            if next() % 3 == 0 { data.removeLast(next() % data.count) }
            if (try? WebPCodec.decode(data)) == nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 0)
    }
}
