@testable import Codecs
import XCTest

/// `TextureMasking.weight` takes a reduced fraction and a cap to stay in 32 bits: it must equal
/// the documented formula, in 64 bits, for every value that nine lumas can give (9·Σy² − (Σy)² is
/// largest, 1,300,500, with four or five of them 0 and the rest 255).
final class TextureMaskingTests: XCTestCase {
    func testWeightIsTheDocumentedFormulaForEveryVariance() {
        var wrong: [UInt32] = []
        for v in 0...1_300_500 {
            let expected = min(255, 16 + 320_000 * Int64(v) / (81 * 585_225))
            if Int64(TextureMasking.weight(UInt32(v))) != expected { wrong.append(UInt32(v)) }
        }
        XCTAssertEqual(wrong.prefix(5), [], "\(wrong.count) values differ")
        XCTAssertEqual([35_403, 35_404, 35_405].map { TextureMasking.weight($0) }, [254, 254, 255])
    }
}
