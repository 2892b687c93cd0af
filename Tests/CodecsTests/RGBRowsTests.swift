@testable import Codecs
import Raster
import TestSupport
import XCTest

/// `RGBRows` hands out a bitmap's colours over white, row by row, as the definition gives them.
final class RGBRowsTests: XCTestCase {
    /// The definition, channel by channel: premultiplied c over white is c + 255 − a; as 0xRRGGBB.
    static func onWhite(_ bitmap: Bitmap) -> [UInt32] {
        stride(from: 0, to: bitmap.pixels.count, by: 4).map { i -> UInt32 in
            let p = bitmap.pixels, clear = 255 - UInt32(p[i + 3])
            return (UInt32(p[i]) + clear) << 16 | (UInt32(p[i + 1]) + clear) << 8 | (UInt32(p[i + 2]) + clear)
        }
    }

    /// Widths 1 to 17 and a wide one (every tail of the four-pixel loop), translucent and clear
    /// pixels, rows read in order, three at a time around each row as the dither reads them, and
    /// again out of order: every row read is the definition's, and so is a row still held after
    /// two others were read.
    func testRowsAreTheBitmapOverWhite() {
        for width in Array(1...17) + [301] {
            let height = 7, bitmap = noiseBitmap(width: width, height: height, seed: UInt64(width))
            let expected = RGBRowsTests.onWhite(bitmap)
            func row(_ y: Int) -> [UInt32] { Array(expected[y * width..<(y + 1) * width]) }
            for image in [RGBRows(bitmap), RGBRows(words: expected, width: width, height: height)] {
                image.read { rows in
                    for y in 0..<height {
                        let held = rows.row(y)
                        XCTAssertEqual(Array(UnsafeBufferPointer(start: held, count: width)), row(y), "width \(width), row \(y)")
                        if y > 0 && y + 1 < height {
                            let up = rows.row(y - 1), down = rows.row(y + 1)
                            XCTAssertEqual(Array(UnsafeBufferPointer(start: up, count: width)), row(y - 1))
                            XCTAssertEqual(Array(UnsafeBufferPointer(start: down, count: width)), row(y + 1))
                            XCTAssertEqual(Array(UnsafeBufferPointer(start: held, count: width)), row(y), "row \(y) still held")
                        }
                    }
                    for y in [6, 0, 3, 3, 5, 1] {
                        XCTAssertEqual(Array(UnsafeBufferPointer(start: rows.row(y), count: width)), row(y), "width \(width), row \(y)")
                    }
                }
            }
        }
    }

    /// A frame is quantized from its rows as from its colours flattened whole: the same indices,
    /// palette, errors and masking weights, on its own palette and on a shared one.
    func testAFrameQuantizesAsItsColoursDo() {
        let bitmap = noiseBitmap(width: 61, height: 23, seed: 9), words = RGBRowsTests.onWhite(bitmap)
        for quality in [GIFQuality(100), GIFQuality(60)] {
            let frame = GIFWriter.prepare(bitmap, quality: quality)
            let direct = Quantizer.quantize(width: 61, height: 23, rgb: words, spread: quality.spread, colors: quality.colors)
            XCTAssertEqual(frame.image, direct.image)
            XCTAssertEqual(frame.errors, direct.errors)
            XCTAssertEqual(frame.masking.isEmpty, quality.tolerance == 0)
            if !frame.masking.isEmpty { XCTAssertEqual(frame.masking, TextureMasking.weights(rgb: words, width: 61, height: 23)) }
            let shared = Array(frame.image.palette.prefix(200))
            XCTAssertEqual(Quantizer.map(RGBRows(bitmap), palette: shared, spread: quality.spread, unlessErrorAbove: .max)?.image,
                           Quantizer.map(width: 61, height: 23, rgb: words, palette: shared, spread: quality.spread).image)
        }
    }
}
