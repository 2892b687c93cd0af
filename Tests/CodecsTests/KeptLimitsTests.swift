@testable import Codecs
import Raster
import XCTest

/// The limits a frame that keeps codes from: its bounds rounded down and capped, or "must code"
/// where the sign is set, four at a time and one by one alike.
final class KeptLimitsTests: XCTestCase {
    func testLimitsAreTheBoundsRoundedDown() {
        let special: [Float] = [0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 3.5, 2.999_999_8, 7, 254.5, 255, 65_533.5, 65_534, 65_534.5,
                                65_535, 70_000, 195_075, -0.0, -3, -65_535, -195_075]
        var state: UInt64 = 3
        var bounds = special
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let whole = Float((state >> 40) % 200_000), eighths = Float((state >> 20) % 8) / 8
            bounds.append((state >> 10) % 5 == 0 ? -(whole + eighths) : whole + eighths)
        }
        let width = 23, height = bounds.count / width
        bounds = Array(bounds.prefix(width * height))
        for area in [PixelRect(x: 0, y: 0, width: width, height: height), PixelRect(x: 3, y: 1, width: 17, height: height - 2),
                     PixelRect(x: 5, y: 0, width: 3, height: 4), PixelRect(x: 0, y: 2, width: 0, height: 1)] {
            let limits = bounds.withUnsafeBufferPointer { GIFPlanner.keptLimits($0.baseAddress!, width: width, area: area) }
            var expected: [UInt16] = []
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let b = bounds[y * width + x]
                    expected.append(b.sign == .minus ? GIFPlan.mustCode : UInt16(min(b, 65_534).rounded(.down)))
                }
            }
            XCTAssertEqual(limits, expected, "\(area)")
        }
    }
}
