import Raster
import TestSupport
import XCTest

/// A shadow's mask: the alpha of a layer with a clear margin, blurred in one channel exactly as a
/// bitmap whose every channel is that alpha blurs.
final class MaskBlurTests: XCTestCase {
    func testMaskIsTheAlphaInsideAClearMargin() {
        for width in 0...17 {
            for (height, margin) in [(1, 0), (3, 1), (2, 5)] {
                let layer = noiseBitmap(width: width, height: height, seed: UInt64(width * 7 + margin))
                let mask = CoverageMask(alphaOf: layer, margin: margin)
                XCTAssertEqual(mask.width, width + 2 * margin)
                XCTAssertEqual(mask.height, height + 2 * margin)
                for y in 0..<mask.height {
                    for x in 0..<mask.width {
                        let inside = (margin..<margin + width).contains(x) && (margin..<margin + height).contains(y)
                        XCTAssertEqual(mask.coverage[y * mask.width + x], inside ? layer.pixel(x: x - margin, y: y - margin).a : 0,
                                       "\(width)×\(height) margin \(margin) at \(x), \(y)")
                    }
                }
            }
        }
    }

    /// Every width from 0 to 17 and two of several vectors, heights that are not whole groups of
    /// four rows, at radii for each form of the division (16-bit, halves, 32-bit), against the
    /// four-channel blur.
    func testBlurEqualsTheBitmapsBlurOfEveryChannel() {
        for width in Array(0...17) + [33, 48] {
            for height in [1, 2, 3, 4, 5, 9, 23] {
                let coverage = noiseBitmap(width: width, height: height, seed: UInt64(width * 31 + height)).pixels
                    .enumerated().filter { $0.offset % 4 == 1 }.map(\.element)
                let mask = CoverageMask(width: width, height: height, coverage: coverage)
                let spread = coverage.flatMap { [$0, $0, $0, $0] }
                let bitmap = Bitmap(width: width, height: height, premultiplied: spread)!
                for radius in [0, 1, 2, 7, 130, 300] {
                    let expected = bitmap.boxBlurred(radius: radius).pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
                    XCTAssertEqual(mask.boxBlurred(radius: radius).coverage, expected, "\(width)×\(height) radius \(radius)")
                }
            }
        }
    }
}
