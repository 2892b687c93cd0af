import Raster
import XCTest

/// The 8-bit blend maths against exact rational or floating-point references.
final class CompositingMathTests: XCTestCase {
    func testDiv255RoundsExactlyOverItsWholeDomain() {
        for x in 0...(255 * 255) {
            // Round half up of x / 255; x / 255 is never exactly half-way for integers.
            let expected = (2 * x + 255) / 510
            XCTAssertEqual(div255(x), expected, "x = \(x)")
        }
    }

    func testPremultiplyIsRoundedProduct() {
        for a in 0...255 {
            for c in 0...255 {
                let p = StraightColor(r: UInt8(c), g: UInt8(c), b: UInt8(c), a: UInt8(a)).premultiplied
                let exact = Double(c * a) / 255
                XCTAssertEqual(Double(p.r), exact.rounded(), accuracy: 0, "c \(c) a \(a)")
                XCTAssertEqual(p.a, UInt8(a))
            }
        }
    }

    /// Every valid premultiplied colour survives un-premultiply then premultiply unchanged: the
    /// encoder's conversion loses nothing the raster produced.
    func testPremultipliedRoundTripIsExactForEveryValue() {
        for a in 0...255 {
            for c in 0...a {
                let p = PremultipliedColor(r: UInt8(c), g: UInt8(c / 2), b: 0, a: UInt8(a))!
                XCTAssertEqual(p.straight.premultiplied, p, "c \(c) a \(a)")
            }
        }
    }

    /// Straight → premultiplied → straight is lossy only where alpha cannot hold the precision:
    /// the error is at most 255 / (2a) + ½ (rounded), and zero when opaque.
    func testStraightRoundTripErrorIsBoundedByAlpha() {
        for a in 1...255 {
            let bound = Int((255.0 / (2.0 * Double(a)) + 0.5).rounded(.up))
            for c in 0...255 {
                let back = StraightColor(r: UInt8(c), g: 0, b: 0, a: UInt8(a)).premultiplied.straight
                XCTAssertLessThanOrEqual(abs(Int(back.r) - c), bound, "c \(c) a \(a)")
                if a == 255 { XCTAssertEqual(Int(back.r), c) }
            }
        }
    }

    func testPremultipliedRejectsColourAboveAlpha() {
        XCTAssertNil(PremultipliedColor(r: 10, g: 0, b: 0, a: 9))
        XCTAssertNotNil(PremultipliedColor(r: 9, g: 9, b: 9, a: 9))
    }

    /// Source-over in 8 bits against the same formula in floating point, over every source alpha
    /// and a grid of colours and destinations; within one step, with the result still valid.
    func testSourceOverAgainstFloatReference() {
        for sa in 0...255 {
            for sc in stride(from: 0, through: sa, by: max(1, sa / 7)) {
                for da in stride(from: 0, through: 255, by: 15) {
                    for dc in stride(from: 0, through: da, by: max(1, da / 5)) {
                        let outA = sourceOver(sa, da, sa), outC = sourceOver(sc, dc, sa)
                        let refA = Double(sa) + Double(da) * (1 - Double(sa) / 255)
                        let refC = Double(sc) + Double(dc) * (1 - Double(sa) / 255)
                        XCTAssertLessThanOrEqual(abs(Double(outA) - refA), 1, "sa \(sa) da \(da)")
                        XCTAssertLessThanOrEqual(abs(Double(outC) - refC), 1, "sc \(sc) dc \(dc)")
                        XCTAssertLessThanOrEqual(outC, outA)
                        XCTAssertLessThanOrEqual(outA, 255)
                    }
                }
            }
        }
    }

    func testOpaqueSourceReplacesAndClearSourceKeeps() {
        for d in [0, 77, 255] {
            XCTAssertEqual(sourceOver(200, d, 255), 200)
            XCTAssertEqual(sourceOver(0, d, 0), d)
        }
    }

    func testBitmapStraightBytesUnpremultiply() {
        let bitmap = Bitmap(width: 2, height: 1, premultiplied: [0, 0, 128, 128, 0, 0, 0, 0])!
        XCTAssertEqual(bitmap.straightBytes(), [0, 0, 255, 128, 0, 0, 0, 0])
        XCTAssertNil(Bitmap(width: 1, height: 1, premultiplied: [200, 0, 0, 100]))
        XCTAssertNil(Bitmap(width: 2, height: 1, premultiplied: [0, 0, 0, 0]))
    }
}
