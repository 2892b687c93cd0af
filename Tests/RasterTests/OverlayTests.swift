import Raster
import XCTest

/// E4's overlay: the mix by fraction, the tint and the shape, seen through a composite onto a
/// clear pixel (which leaves the made pixel as it is).
final class OverlayTests: XCTestCase {
    let black = Bitmap(width: 1, height: 1, fill: StraightColor(r: 0, g: 0, b: 0).premultiplied)
    let white = Bitmap(width: 1, height: 1, fill: StraightColor(r: 255, g: 255, b: 255).premultiplied)
    let whole = RoundedRect(rect: FixedRect(pixelWidth: 1, pixelHeight: 1), radius: 0)

    func made(_ layer: Bitmap, _ over: Bitmap, tint: PremultipliedColor? = nil, shape: RoundedRect? = nil,
              keepsLayerOutline: Bool = false, fraction: Int) -> Bitmap {
        var target = Bitmap(width: layer.width, height: layer.height)
        target.composite(layer, overlay: Overlay(bitmap: over, tint: tint, shape: shape ?? whole,
                                                 keepsLayerOutline: keepsLayerOutline, fraction65536: fraction),
                         x: 0, y: 0, opacity: 255, clip: Clip(pixelWidth: layer.width, pixelHeight: layer.height))
        return target
    }

    func testMixByFraction() {
        XCTAssertEqual(made(black, white, fraction: 0), black)
        XCTAssertEqual(made(black, white, fraction: 65536), white)
        XCTAssertEqual(made(black, white, fraction: 16384).pixel(x: 0, y: 0).r, 64, "255 / 4 = 63.75")
    }

    func testTintIsSourceAtop() {
        let tint = StraightColor(r: 255, g: 255, b: 255, a: 51).premultiplied   // white at 20 %
        XCTAssertEqual(made(black, black, tint: tint, fraction: 65536).pixel(x: 0, y: 0).straight, StraightColor(r: 51, g: 51, b: 51))
        let clear = Bitmap(width: 1, height: 1)
        XCTAssertEqual(made(clear, clear, tint: tint, fraction: 65536), clear, "no tint where there is no content")
    }

    func testShapeCutsTheOverlayAndTheLayerOutlineIsAFloor() {
        // A 4×1 layer: the shape covers the first pixel and half of the second.
        let layer = Bitmap(width: 4, height: 1, fill: StraightColor(r: 0, g: 0, b: 0).premultiplied)
        let over = Bitmap(width: 4, height: 1, fill: StraightColor(r: 255, g: 255, b: 255).premultiplied)
        let shape = RoundedRect(rect: FixedRect(minX: 0, minY: 0, maxX: 384, maxY: 256), radius: 0)
        let cut = made(layer, over, shape: shape, fraction: 65536)
        XCTAssertEqual((0..<4).map { cut.pixel(x: $0, y: 0).a }, [255, 128, 0, 0])
        let kept = made(layer, over, shape: shape, keepsLayerOutline: true, fraction: 65536)
        XCTAssertEqual(kept, over, "the opaque layer keeps the whole overlay")
    }
}
