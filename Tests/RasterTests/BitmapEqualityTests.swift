import Raster
import XCTest

/// Bitmap equality, which compares bytes eight at a time: every byte counts, wherever it is.
final class BitmapEqualityTests: XCTestCase {
    func testEveryByteAndTheShapeCount() {
        for (width, height) in [(0, 0), (1, 1), (3, 5), (16, 1), (17, 3), (40, 7)] {
            // Opaque, with colours below 200: any colour byte may change by one, and alpha to 254.
            let bytes: [UInt8] = (0..<width * height * 4).map { (i: Int) -> UInt8 in i % 4 == 3 ? 255 : UInt8(i * 37 % 200) }
            let a = Bitmap(width: width, height: height, premultiplied: bytes)!
            XCTAssertEqual(a, Bitmap(width: width, height: height, premultiplied: Array(bytes))!, "equal bytes in another buffer")
            for i in bytes.indices {
                var changed = bytes
                changed[i] = i % 4 == 3 ? 254 : changed[i] ^ 1
                XCTAssertNotEqual(a, Bitmap(width: width, height: height, premultiplied: changed)!, "\(width)×\(height) byte \(i)")
            }
        }
        XCTAssertNotEqual(Bitmap(width: 2, height: 3), Bitmap(width: 3, height: 2), "same bytes, other shape")
    }
}
