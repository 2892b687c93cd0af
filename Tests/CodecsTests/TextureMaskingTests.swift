@testable import Codecs
import Raster
import TestSupport
import XCTest

final class TextureMaskingTests: XCTestCase {
    /// `TextureMasking.weights` looks weights up in a table that stops at `capped`, the first
    /// v = 9·Σy² − (Σy)² whose weight is 255: for every value that nine lumas can give (largest,
    /// 1,300,500, with four or five of them 0 and the rest 255), the entry at v, or at `capped`
    /// beyond it, must be the documented formula's, worked out here in 64 bits.
    func testTheTableStopsWhereTheFormulaReachesItsCap() {
        var wrong: [Int64] = []
        for v in Int64(0)...1_300_500 {
            let expected = min(255, 16 + 320_000 * v / (81 * 585_225))
            if Int64(TextureMasking.weightTable[Int(min(v, Int64(TextureMasking.capped)))]) != expected { wrong.append(v) }
        }
        XCTAssertEqual(wrong.prefix(5), [], "\(wrong.count) values differ")
        XCTAssertEqual(TextureMasking.weightTable.count, 35_406)
        XCTAssertEqual(TextureMasking.weightTable[35_404...], [254, 255])
    }

    /// Every pixel's tolerance is ⌊t·w/16⌋ with its weight w, whether read four at a time or
    /// alone (the rest of a row): over a prepared frame whose weights span 16…255, at every
    /// numbered quality's tolerance and at the largest a trade takes.
    func testFourPixelsAndOnePixelGiveTheDocumentedTolerance() {
        let bitmap = noiseBitmap(width: 37, height: 11, seed: 5)
        let frame = GIFWriter.prepare(bitmap, quality: GIFQuality(75))
        let weights = frame.masking.map(Int.init)
        XCTAssertEqual(weights, TextureMasking.weights(rgb: RGBRowsTests.onWhite(bitmap), width: 37, height: 11).map(Int.init))
        XCTAssertTrue(weights.contains(255) && weights.contains { $0 < 100 }, "weights \(Set(weights).sorted())")
        var wrong = 0
        frame.withPixels { pixels in
            for tolerance in [3, 12, 27, 108, 1083, GIFQuality.largestTolerance] {
                for i in 0..<(weights.count - 3) {
                    let four = pixels.tolerances(i, tolerance)
                    for k in 0..<4 {
                        let expected = Float(weights[i + k] * tolerance / 16)
                        if four[k] != expected || pixels.tolerance(i + k, tolerance) != expected { wrong += 1 }
                    }
                }
            }
        }
        XCTAssertEqual(wrong, 0)
        XCTAssertEqual(GIFQuality(tolerance: 10_000_000, spread: 0, colors: 255, masking: true).tolerance, 3 * 255 * 255)
    }
}
