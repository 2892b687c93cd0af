@testable import Codecs
import XCTest

/// `TextureMasking.weights` looks weights up in a table that stops at `capped`: for every value
/// that nine lumas can give (9·Σy² − (Σy)² is largest, 1,300,500, with four or five of them 0 and
/// the rest 255), the entry at v, or at `capped` beyond it, must be the documented formula's.
final class TextureMaskingTests: XCTestCase {
    func testTheTableHoldsTheDocumentedFormulaForEveryVariance() {
        var wrong: [Int64] = []
        for v in Int64(0)...1_300_500 {
            let expected = min(255, 16 + 320_000 * v / (81 * 585_225))
            if Int64(TextureMasking.weightTable[Int(min(v, Int64(TextureMasking.capped)))]) != expected { wrong.append(v) }
        }
        XCTAssertEqual(wrong.prefix(5), [], "\(wrong.count) values differ")
        XCTAssertEqual(TextureMasking.weightTable[35_404...], [254, 255])
    }
}
