import Raster
import TestSupport
import XCTest

/// Occluders promise pixels that later drawing covers fully; drawing leaves exactly those out.
final class OccludersTests: XCTestCase {
    /// Every pixel of a shape's interior rectangles has full coverage, for random rounded shapes in
    /// random rounded clips; and a plain rectangle's interior is all of its whole pixels.
    func testInteriorIsFullyCovered() {
        var random = KernelIdentityTests.Random(state: 23)
        var checked = 0
        for round in 0..<400 {
            let width = random.next(1...40), height = random.next(1...40)
            let shape = RoundedRect(rect: random.rect(in: width, height), radius: random.next(0...3000))
            let clip = random.clip(width, height)
            let coverage = Coverage(shape: shape, clip: clip, targetWidth: width, targetHeight: height)
            let rows = ScalarReference.coverageRows(coverage), area = coverage.bounds
            for rect in Occluders.interior(of: shape, clip: clip).rects {
                for y in rect.y..<rect.maxY where y >= 0 && y < height {
                    for x in rect.x..<rect.maxX where x >= 0 && x < width {
                        XCTAssertEqual(rows[y - area.y][x - area.x], 255, "round \(round) pixel \(x), \(y)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 2_000, "the interiors are not trivially empty")
        let square = RoundedRect(rect: FixedRect(minX: 100, minY: 256, maxX: 1100, maxY: 1024), radius: 0)
        XCTAssertEqual(Occluders.interior(of: square, clip: Clip(pixelWidth: 10, pixelHeight: 10)).rects,
                       [PixelRect(x: 1, y: 1, width: 3, height: 3)])
    }

    /// A fill that leaves out hidden pixels is the full fill everywhere else, and leaves the hidden
    /// ones as they were; the same for a filled bitmap.
    func testFillLeavesOutExactlyTheHiddenPixels() {
        var random = KernelIdentityTests.Random(state: 29)
        for round in 0..<200 {
            let width = random.next(1...24), height = random.next(1...12)
            let target = noiseBitmap(width: width, height: height, seed: UInt64(round))
            let shape = RoundedRect(rect: random.rect(in: width, height), radius: random.next(0...900))
            let clip = random.clip(width, height), color = random.color()
            let hidden = Occluders((0..<random.next(0...4)).map { _ in
                PixelRect(x: random.next(-3...width), y: random.next(-3...height), width: random.next(0...width), height: random.next(0...height))
            })
            var full = target, partial = target
            full.fill(shape, color: color, clip: clip)
            partial.fill(shape, color: color, clip: clip, hidden: hidden)
            let canvas = Bitmap(width: width, height: height, fill: color, hidden: hidden)
            for y in 0..<height {
                for x in 0..<width {
                    let isHidden = hidden.rects.contains { $0.x <= x && x < $0.maxX && $0.y <= y && y < $0.maxY }
                    XCTAssertEqual(partial.pixel(x: x, y: y), (isHidden ? target : full).pixel(x: x, y: y), "round \(round) \(x), \(y)")
                    if !isHidden { XCTAssertEqual(canvas.pixel(x: x, y: y), color, "round \(round) \(x), \(y)") }
                }
            }
        }
    }
}
