import Raster
import TestSupport
import XCTest

/// A shadow's shape and mask against their definitions, for every width from 0 to 17 (every
/// vector tail) and several margins.
final class AlphaShapeTests: XCTestCase {
    func testShapeIsWhiteAtTheAlphaInsideAClearMargin() {
        for width in 0...17 {
            for (height, margin) in [(1, 0), (3, 1), (2, 5)] {
                let layer = noiseBitmap(width: width, height: height, seed: UInt64(width * 7 + margin))
                let shape = layer.alphaShape(margin: margin)
                XCTAssertEqual(shape.width, width + 2 * margin)
                XCTAssertEqual(shape.height, height + 2 * margin)
                for y in 0..<shape.height {
                    for x in 0..<shape.width {
                        let inside = (margin..<margin + width).contains(x) && (margin..<margin + height).contains(y)
                        let a = inside ? layer.pixel(x: x - margin, y: y - margin).a : 0
                        XCTAssertEqual(shape.pixel(x: x, y: y), PremultipliedColor(r: a, g: a, b: a, a: a), "\(width) at \(x), \(y)")
                    }
                }
            }
        }
    }

    func testMaskIsTheAlpha() {
        for width in 0...17 {
            let bitmap = noiseBitmap(width: width, height: 3, seed: UInt64(width))
            let mask = CoverageMask(alphaOf: bitmap)
            XCTAssertEqual(mask.width, width)
            XCTAssertEqual(mask.height, 3)
            XCTAssertEqual(mask.coverage, stride(from: 3, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] })
        }
    }
}
