@testable import Raster
import XCTest

final class DrawMaskTests: XCTestCase {
    let white = StraightColor(r: 255, g: 255, b: 255).premultiplied
    let black = StraightColor(r: 0, g: 0, b: 0).premultiplied

    func mask(_ w: Int, _ h: Int, _ value: UInt8) -> CoverageMask {
        CoverageMask(width: w, height: h, coverage: [UInt8](repeating: value, count: w * h))
    }

    /// A row's weights, eight at a time and one by one, are div255(mask × clip) for every pair of
    /// bytes.
    func testWeightsOfEveryProduct() {
        let mask = (0..<256 * 256).map { UInt8($0 % 256) }, clip = (0..<256 * 256).map { UInt8($0 / 256) }
        // 65,533 pixels: the last five take the one-by-one path.
        let count = 256 * 256 - 3
        var weights = [UInt8](repeating: 0, count: count)
        mask.withUnsafeBufferPointer { m in
            clip.withUnsafeBufferPointer { c in
                weights.withUnsafeMutableBufferPointer { DrawMaskRow.weights(m.baseAddress!, c.baseAddress!, into: $0.baseAddress!, count: count) }
            }
        }
        XCTAssertEqual(weights, (0..<count).map { UInt8(div255(Int(mask[$0]) * Int(clip[$0]))) })
    }

    /// Coverage 128, opaque black over white: sa = 128, colour = 0 + 255 × 127 / 255 = 127,
    /// alpha = 128 + 255 × 127 / 255 = 255.
    func testHalfCoverageOverWhite() {
        var b = Bitmap(width: 3, height: 3, fill: white)
        b.draw(mask(1, 1, 128), x: 1, y: 1, color: black, clip: Clip(pixelWidth: 3, pixelHeight: 3))
        XCTAssertEqual(b.pixel(x: 1, y: 1), PremultipliedColor(r: 127, g: 127, b: 127, a: 255))
        XCTAssertEqual(b.pixel(x: 0, y: 0), white)
        XCTAssertEqual(b.pixel(x: 2, y: 1), white)
    }

    func testFullAndZeroCoverage() {
        var b = Bitmap(width: 2, height: 1, fill: white)
        b.draw(CoverageMask(width: 2, height: 1, coverage: [255, 0]), x: 0, y: 0, color: black,
               clip: Clip(pixelWidth: 2, pixelHeight: 1))
        XCTAssertEqual(b.pixel(x: 0, y: 0), black)
        XCTAssertEqual(b.pixel(x: 1, y: 0), white)
    }

    /// Half-transparent red (128, 0, 0, 128 premultiplied), full coverage, over white:
    /// r = 128 + 127 = 255, g = b = 0 + 127, a = 255.
    func testTranslucentColour() {
        var b = Bitmap(width: 1, height: 1, fill: white)
        let halfRed = StraightColor(r: 255, g: 0, b: 0, a: 128).premultiplied
        b.draw(mask(1, 1, 255), x: 0, y: 0, color: halfRed, clip: Clip(pixelWidth: 1, pixelHeight: 1))
        XCTAssertEqual(b.pixel(x: 0, y: 0), PremultipliedColor(r: 255, g: 127, b: 127, a: 255))
    }

    /// Mask coverage times clip coverage: a clip edge halfway through a column leaves weight 128.
    func testClipCutsAndScalesCoverage() {
        var b = Bitmap(width: 4, height: 2, fill: white)
        let clip = Clip(rect: FixedRect(x: 0, y: 0, width: 2.5, height: 1))
        b.draw(mask(4, 2, 255), x: 0, y: 0, color: black, clip: clip)
        XCTAssertEqual(b.pixel(x: 1, y: 0), black)
        XCTAssertEqual(b.pixel(x: 2, y: 0), PremultipliedColor(r: 127, g: 127, b: 127, a: 255))
        XCTAssertEqual(b.pixel(x: 3, y: 0), white)
        XCTAssertEqual(b.pixel(x: 0, y: 1), white, "below the clip")
        // 128 × 128 / 255 = 64 → 255 − 64 = 191.
        var c = Bitmap(width: 4, height: 1, fill: white)
        c.draw(mask(4, 1, 128), x: 0, y: 0, color: black, clip: clip)
        XCTAssertEqual(c.pixel(x: 2, y: 0).r, 191)
    }

    func testRoundedClipCutsTheCorner() {
        var b = Bitmap(width: 20, height: 20, fill: white)
        let r = FixedRect(pixelWidth: 20, pixelHeight: 20)
        b.draw(mask(20, 20, 255), x: 0, y: 0, color: black,
               clip: Clip(rect: r, rounded: [RoundedRect(rect: r, radius: 8 * fixedOne)]))
        XCTAssertEqual(b.pixel(x: 0, y: 0), white)
        XCTAssertEqual(b.pixel(x: 10, y: 10), black)
        XCTAssertEqual(b.pixel(x: 10, y: 0), black)
    }

    /// The mask's pixel (i, j) lands on (x + i, y + j), also when part of it is off the bitmap.
    func testPlacementAndPartlyOffBitmap() {
        let ramp = CoverageMask(width: 3, height: 2, coverage: [10, 20, 30, 40, 50, 60])
        var b = Bitmap(width: 4, height: 3)
        b.draw(ramp, x: -1, y: 1, color: black, clip: Clip(pixelWidth: 4, pixelHeight: 3))
        XCTAssertEqual((0..<4).map { b.pixel(x: $0, y: 1).a }, [20, 30, 0, 0])
        XCTAssertEqual((0..<4).map { b.pixel(x: $0, y: 2).a }, [50, 60, 0, 0])
        XCTAssertEqual((0..<4).map { b.pixel(x: $0, y: 0).a }, [0, 0, 0, 0])
    }
}
