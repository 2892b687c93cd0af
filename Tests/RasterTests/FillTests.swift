import Raster
import XCTest

final class FillTests: XCTestCase {
    let red = StraightColor(r: 255, g: 0, b: 0).premultiplied

    func everything(_ b: Bitmap) -> Clip { Clip(pixelWidth: b.width, pixelHeight: b.height) }

    func testWholePixelRectFillsExactlyItsPixels() {
        var b = Bitmap(width: 6, height: 5)
        b.fill(RoundedRect(rect: FixedRect(x: 1, y: 2, width: 3, height: 2), radius: 0), color: red, clip: everything(b))
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (1..<4).contains(x) && (2..<4).contains(y)
                XCTAssertEqual(b.pixel(x: x, y: y), inside ? red : .clear, "(\(x), \(y))")
            }
        }
    }

    func testFractionalEdgesGetAreaCoverage() {
        var b = Bitmap(width: 4, height: 1)
        // Covers half of pixel 0, all of pixel 1, a quarter of pixel 2.
        b.fill(RoundedRect(rect: FixedRect(x: 0.5, y: 0, width: 1.75, height: 1), radius: 0), color: red, clip: everything(b))
        XCTAssertEqual(b.pixel(x: 0, y: 0).a, 128)
        XCTAssertEqual(b.pixel(x: 1, y: 0).a, 255)
        XCTAssertEqual(b.pixel(x: 2, y: 0).a, 64)
        XCTAssertEqual(b.pixel(x: 3, y: 0).a, 0)
    }

    /// A rect drawn at many sub-pixel phases always deposits its area, within rounding.
    func testCoverageSumsToAreaAtEveryPhase() {
        for phase in stride(from: 0.0, to: 1.0, by: 1.0 / 16) {
            var b = Bitmap(width: 12, height: 12)
            b.fill(RoundedRect(rect: FixedRect(x: 2 + phase, y: 3 + phase / 2, width: 5.5, height: 4.25), radius: 0),
                   color: StraightColor(r: 255, g: 255, b: 255).premultiplied, clip: everything(b))
            let total = stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
            XCTAssertEqual(Double(total) / 255, 5.5 * 4.25, accuracy: 0.25, "phase \(phase)")
        }
    }

    func testRoundedRectCornersAreCutAndAntiAliased() {
        var b = Bitmap(width: 40, height: 40)
        b.fill(RoundedRect(rect: FixedRect(x: 0, y: 0, width: 40, height: 40), radius: 12 * fixedOne),
               color: red, clip: everything(b))
        XCTAssertEqual(b.pixel(x: 0, y: 0).a, 0, "corner pixel is outside the arc")
        XCTAssertEqual(b.pixel(x: 39, y: 39).a, 0)
        XCTAssertEqual(b.pixel(x: 20, y: 20), red)
        XCTAssertEqual(b.pixel(x: 20, y: 0), red, "straight edge between corners is full")
        // Along the diagonal the arc crosses r(1 − 1/√2) ≈ 3.5 px from the corner: partial there.
        let edge = b.pixel(x: 3, y: 3).a
        XCTAssertTrue(edge > 0 && edge < 255, "diagonal pixel at the arc is partially covered: \(edge)")
        // Covered area ≈ w·h − (4 − π)·r².
        let total = stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
        XCTAssertEqual(Double(total) / 255, 1600 - (4 - Double.pi) * 144, accuracy: 2)
    }

    func testClipLimitsDrawingAndNestedClipsIntersect() {
        var b = Bitmap(width: 10, height: 10)
        let outer = Clip(rect: FixedRect(x: 2, y: 2, width: 6, height: 6))
        let inner = outer.intersecting(RoundedRect(rect: FixedRect(x: 5, y: 0, width: 10, height: 4), radius: 0))
        b.fill(RoundedRect(rect: FixedRect(pixelWidth: 10, pixelHeight: 10), radius: 0), color: red, clip: inner)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (5..<8).contains(x) && (2..<4).contains(y)
                XCTAssertEqual(b.pixel(x: x, y: y).a, inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    /// Nested rounded clips combine: at each pixel, the coverage is the smaller of the two.
    func testRoundedClipsCombine() {
        let whole = RoundedRect(rect: FixedRect(pixelWidth: 20, pixelHeight: 20), radius: 0)
        // Whole-pixel edges, so only the corners are partly covered.
        let a = RoundedRect(rect: FixedRect(x: 0, y: 0, width: 16, height: 16), radius: 6 * fixedOne)
        let b = RoundedRect(rect: FixedRect(x: 4, y: 3, width: 15, height: 15), radius: 5 * fixedOne)
        func filled(_ clip: Clip) -> Bitmap {
            var bitmap = Bitmap(width: 20, height: 20)
            bitmap.fill(whole, color: red, clip: clip)
            return bitmap
        }
        let everywhere = Clip(pixelWidth: 20, pixelHeight: 20)
        let onlyA = filled(everywhere.intersecting(a)), onlyB = filled(everywhere.intersecting(b))
        let both = filled(everywhere.intersecting(a).intersecting(b))
        for y in 0..<20 {
            for x in 0..<20 {
                XCTAssertEqual(both.pixel(x: x, y: y).a, min(onlyA.pixel(x: x, y: y).a, onlyB.pixel(x: x, y: y).a), "(\(x), \(y))")
            }
        }
        XCTAssertEqual(both.pixel(x: 4, y: 3).a, 0, "outside b's corner")
        XCTAssertEqual(both.pixel(x: 15, y: 15).a, onlyA.pixel(x: 15, y: 15).a, "a's corner, inside b")
        XCTAssertLessThan(both.pixel(x: 15, y: 15).a, 255)
        XCTAssertEqual(both.pixel(x: 10, y: 10).a, 255)
    }

    func testTranslucentFillBlendsOverDestination() {
        var b = Bitmap(width: 1, height: 1, fill: StraightColor(r: 0, g: 0, b: 255).premultiplied)
        let halfRed = StraightColor(r: 255, g: 0, b: 0, a: 128).premultiplied
        b.fill(RoundedRect(rect: FixedRect(pixelWidth: 1, pixelHeight: 1), radius: 0), color: halfRed, clip: everything(b))
        let p = b.pixel(x: 0, y: 0)
        XCTAssertEqual(Int(p.r), 128); XCTAssertEqual(Int(p.b), 127); XCTAssertEqual(p.a, 255)
    }

    func testLayerCompositeAppliesOpacityOnce() {
        var layer = Bitmap(width: 2, height: 2)
        layer.fill(RoundedRect(rect: FixedRect(pixelWidth: 2, pixelHeight: 2), radius: 0), color: red, clip: everything(layer))
        // A second fill over the first inside the layer must not darken or double the alpha.
        layer.fill(RoundedRect(rect: FixedRect(pixelWidth: 1, pixelHeight: 1), radius: 0), color: red, clip: everything(layer))
        var b = Bitmap(width: 4, height: 4, fill: StraightColor(r: 255, g: 255, b: 255).premultiplied)
        b.composite(layer, x: 1, y: 1, opacity: 128, clip: everything(b))
        XCTAssertEqual(b.pixel(x: 1, y: 1), b.pixel(x: 2, y: 2), "group opacity is uniform")
        XCTAssertEqual(b.pixel(x: 1, y: 1).straight, StraightColor(r: 255, g: 127, b: 127))
        XCTAssertEqual(b.pixel(x: 0, y: 0).straight, StraightColor(r: 255, g: 255, b: 255))
    }
}

/// CALayer's `maskedCorners`: only the listed corners are rounded.
final class MaskedCornerTests: XCTestCase {
    func testOnlyTheMaskedCornersAreRounded() {
        let red = StraightColor(r: 255, g: 0, b: 0).premultiplied
        var b = Bitmap(width: 40, height: 40)
        b.fill(RoundedRect(rect: FixedRect(x: 0, y: 0, width: 40, height: 40), radius: 12 * fixedOne, corners: [.topLeft, .bottomRight]),
               color: red, clip: Clip(pixelWidth: 40, pixelHeight: 40))
        XCTAssertEqual(b.pixel(x: 0, y: 0).a, 0, "top left rounded")
        XCTAssertEqual(b.pixel(x: 39, y: 39).a, 0, "bottom right rounded")
        XCTAssertEqual(b.pixel(x: 39, y: 0), red, "top right square")
        XCTAssertEqual(b.pixel(x: 0, y: 39), red, "bottom left square")
        // Two corners cut: w·h − 2 · (1 − π/4) · r².
        let total = stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
        XCTAssertEqual(Double(total) / 255, 1600 - 2 * (4 - Double.pi) / 4 * 144, accuracy: 1)
        var none = Bitmap(width: 40, height: 40), square = Bitmap(width: 40, height: 40)
        none.fill(RoundedRect(rect: FixedRect(x: 0, y: 0, width: 40, height: 40), radius: 12 * fixedOne, corners: []),
                  color: red, clip: Clip(pixelWidth: 40, pixelHeight: 40))
        square.fill(RoundedRect(rect: FixedRect(x: 0, y: 0, width: 40, height: 40), radius: 0), color: red, clip: Clip(pixelWidth: 40, pixelHeight: 40))
        XCTAssertEqual(none, square)
    }
}
