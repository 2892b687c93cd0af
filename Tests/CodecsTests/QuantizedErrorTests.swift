@testable import Codecs
import XCTest

/// The errors the quantizer measures as it maps pixels, against the distances computed afresh
/// from the palette colour each pixel took; and a mapping given up when they pass a limit.
final class QuantizedErrorTests: XCTestCase {
    func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift: UInt32 in [16, 8, 0] {
            let d = Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)
            sum += d * d
        }
        return sum
    }

    func check(_ quantized: Quantized, _ rgb: [UInt32], _ label: String) {
        let image = quantized.image
        let distances = rgb.indices.map { distance(image.palette[Int(image.indices[$0])], rgb[$0]) }
        XCTAssertEqual(quantized.errors, distances.map { UInt8(min($0, 255)) }, label)
        XCTAssertEqual(quantized.errorSum, distances.reduce(0, +), label)
    }

    func testErrorsAreTheDistancesToThePaletteColours() {
        var state: UInt64 = 7
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let width = 61, height = 29
        let images: [(String, [UInt32])] = [
            ("noise", (0..<(width * height)).map { _ in next() & 0xFFFFFF }),
            ("gradient", (0..<(width * height)).map { i -> UInt32 in
                let red = UInt32(i % width * 4), green = UInt32(i / width * 8)
                return red << 16 | green << 8 | 0x40
            }),
            ("flat runs and noise", (0..<(width * height)).map { _ in next() % 3 == 0 ? 0x336699 : next() & 0xFFFFFF }),
            ("few colours", (0..<(width * height)).map { _ in [0xF2F2F7, 0xFFFFFF, 0xFF9500][Int(next() % 3)] }),
        ]
        let shared: [UInt32] = (0..<40).map { _ in next() & 0xFFFFFF } + [0x336699]
        for (label, rgb) in images {
            for spread in [8, 0] {
                check(Quantizer.quantize(width: width, height: height, rgb: rgb, spread: spread), rgb, "\(label), spread \(spread)")
                let whole = Quantizer.map(width: width, height: height, rgb: rgb, palette: shared, spread: spread)
                check(whole, rgb, "\(label) on a shared palette, spread \(spread)")
                // With a limit: nil exactly when the errors add up to more, else the same mapping.
                let sum = whole.errorSum
                for limit in [0, sum / 2, sum - 1, sum, sum + 1] where limit >= 0 {
                    let limited = Quantizer.map(width: width, height: height, rgb: rgb, palette: shared, spread: spread,
                                                unlessErrorAbove: limit)
                    XCTAssertEqual(limited == nil, sum > limit, "\(label), limit \(limit)")
                    XCTAssertEqual(limited?.image ?? whole.image, whole.image, "\(label), limit \(limit)")
                    XCTAssertEqual(limited?.errors ?? whole.errors, whole.errors, "\(label), limit \(limit)")
                }
            }
        }
    }
}
