import Codecs
import Raster
import TestSupport
import XCTest

final class PNGCodecTests: XCTestCase {
    func testEncodeDecodeReturnsTheSamePixels() throws {
        for (w, h) in [(1, 1), (17, 5), (64, 33)] {
            let bitmap = noiseBitmap(width: w, height: h, seed: UInt64(w * 31 + h))
            let png = try PNGCodec.encode(bitmap)
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(try PNGCodec.decode(png), bitmap)
        }
    }

    func testGarbageAndTruncationAreThrownNotCrashed() throws {
        XCTAssertThrowsError(try PNGCodec.decode([])) { XCTAssertEqual($0 as? DecodeError, .empty) }
        XCTAssertThrowsError(try PNGCodec.decode(Array("not a png at all".utf8)))
        let png = try PNGCodec.encode(noiseBitmap(width: 20, height: 20, seed: 7))
        XCTAssertThrowsError(try PNGCodec.decode(Array(png.prefix(png.count / 2))))
    }

    func testEmptyBitmapIsRefused() {
        XCTAssertThrowsError(try PNGCodec.encode(Bitmap(width: 0, height: 3)))
    }
}

final class FrameHashTests: XCTestCase {
    /// Expected digests computed independently with Python's hashlib over the documented layout:
    /// width and height as big-endian UInt32, then straight RGBA rows.
    func testHashCoversSizeThenStraightPixels() throws {
        let red = Bitmap(width: 1, height: 1, fill: StraightColor(r: 255, g: 0, b: 0).premultiplied)
        XCTAssertEqual(try FrameHash.sha256(red), "da420d7a025048c90f1fe150812650e4dd31d43cff10edbb73f2de3addb4f044")
        // Premultiplied (0, 0, 128, 128) is straight (0, 0, 255, 128); clear is all zeros.
        let two = Bitmap(width: 2, height: 1, premultiplied: [0, 0, 128, 128, 0, 0, 0, 0])!
        XCTAssertEqual(try FrameHash.sha256(two), "5cd3165167a805c95fd25bd7dfc505eabe66dfed567f6c3a3d08845e1220b3f0")
    }

    func testHashEqualsHashOfDecodedPNG() throws {
        let bitmap = noiseBitmap(width: 23, height: 11, seed: 3)
        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))
        XCTAssertEqual(try FrameHash.sha256(decoded), try FrameHash.sha256(bitmap))
        XCTAssertEqual(try FrameHash.sha256(width: 23, height: 11, straightRGBA: bitmap.straightBytes()),
                       try FrameHash.sha256(bitmap))
    }

    func testSizeIsPartOfTheHash() throws {
        let a = Bitmap(width: 2, height: 1), b = Bitmap(width: 1, height: 2)
        XCTAssertNotEqual(try FrameHash.sha256(a), try FrameHash.sha256(b))
    }
}
