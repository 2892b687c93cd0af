import Raster
import XCTest

final class DrawImageTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> StraightColor) -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let c = f(x, y); bytes += [c.r, c.g, c.b, c.a] } }
        return Bitmap(width: w, height: h, straight: bytes)!
    }

    func testOneToOneDrawCopiesPixelsExactly() {
        let src = image(7, 5) { x, y in StraightColor(r: UInt8(x * 30), g: UInt8(y * 50), b: 9, a: 255) }
        var dst = Bitmap(width: 7, height: 5)
        dst.draw(src, into: FixedRect(x: 0, y: 0, width: 7, height: 5), clip: Clip(pixelWidth: 7, pixelHeight: 5))
        XCTAssertEqual(dst, src)
    }

    func testFlatColourStaysFlatAtAnyScale() {
        let c = StraightColor(r: 10, g: 200, b: 90, a: 255)
        let src = image(13, 9) { _, _ in c }
        for (w, h) in [(40.0, 31.0), (5.0, 3.0), (2.0, 2.0), (13.0, 9.0)] {
            var dst = Bitmap(width: Int(w), height: Int(h))
            dst.draw(src, into: FixedRect(x: 0, y: 0, width: w, height: h), clip: Clip(pixelWidth: Int(w), pixelHeight: Int(h)))
            for y in 0..<Int(h) { for x in 0..<Int(w) { XCTAssertEqual(dst.pixel(x: x, y: y), c.premultiplied, "\(w)×\(h) at \(x),\(y)") } }
        }
    }

    func testBilinearUpscaleInterpolatesBetweenSourcePixels() {
        let src = image(2, 1) { x, _ in x == 0 ? StraightColor(r: 0, g: 0, b: 0) : StraightColor(r: 200, g: 200, b: 200) }
        var dst = Bitmap(width: 8, height: 1)
        dst.draw(src, into: FixedRect(x: 0, y: 0, width: 8, height: 1), clip: Clip(pixelWidth: 8, pixelHeight: 1))
        let reds = (0..<8).map { Int(dst.pixel(x: $0, y: 0).r) }
        // Pixel centres map to source x = (i + ½)/4 − ½; clamped beyond the outer centres.
        let expected = (0..<8).map { i -> Int in
            let u = min(1, max(0, (Double(i) + 0.5) / 4 - 0.5))
            return Int((u * 200).rounded())
        }
        for (a, b) in zip(reds, expected) { XCTAssertLessThanOrEqual(abs(a - b), 1, "\(reds) vs \(expected)") }
        XCTAssertEqual(reds, reds.sorted(), "monotonic ramp")
    }

    /// Shrinking a one-pixel checkerboard 4× must average it to grey; point sampling would give
    /// pure black or white depending on the phase — the shimmer the area filter prevents.
    func testAreaAveragingWhenShrinkingMoreThanTwice() {
        let src = image(64, 64) { x, y in (x + y) % 2 == 0 ? StraightColor(r: 255, g: 255, b: 255) : StraightColor(r: 0, g: 0, b: 0) }
        for phase in [0.0, 0.3, 0.5] {
            var dst = Bitmap(width: 18, height: 18)
            dst.draw(src, into: FixedRect(x: 1 + phase, y: 1, width: 16, height: 16), clip: Clip(pixelWidth: 18, pixelHeight: 18))
            for y in 2..<16 { for x in 3..<16 {
                XCTAssertEqual(Double(dst.pixel(x: x, y: y).r), 127.5, accuracy: 2, "phase \(phase) at \(x),\(y)")
            } }
        }
    }

    func testImageOutsideClipLeavesPixelsUntouchedAndEdgesAreCovered() {
        let src = image(4, 4) { _, _ in StraightColor(r: 255, g: 0, b: 0) }
        var dst = Bitmap(width: 10, height: 10)
        let clip = Clip(rect: FixedRect(x: 0, y: 0, width: 10, height: 5))
        dst.draw(src, into: FixedRect(x: 2.5, y: 2, width: 4, height: 8), clip: clip)
        XCTAssertEqual(dst.pixel(x: 4, y: 6).a, 0, "below the clip")
        XCTAssertEqual(dst.pixel(x: 4, y: 4).a, 255)
        XCTAssertEqual(dst.pixel(x: 2, y: 4).a, 128, "half-covered left edge")
        XCTAssertEqual(dst.pixel(x: 6, y: 4).a, 128, "half-covered right edge")
        XCTAssertEqual(dst.pixel(x: 1, y: 4).a, 0)
    }

    func testTranslucentImagePixelsAreFilteredPremultiplied() {
        // Transparent pixels carry no colour; filtering next to them must not darken the red.
        let src = image(2, 1) { x, _ in x == 0 ? StraightColor(r: 255, g: 0, b: 0) : StraightColor(r: 0, g: 0, b: 0, a: 0) }
        var dst = Bitmap(width: 8, height: 1)
        dst.draw(src, into: FixedRect(x: 0, y: 0, width: 8, height: 1), clip: Clip(pixelWidth: 8, pixelHeight: 1))
        for x in 0..<8 where dst.pixel(x: x, y: 0).a > 8 {
            XCTAssertGreaterThanOrEqual(dst.pixel(x: x, y: 0).straight.r, 250, "x \(x)")
        }
    }
}
