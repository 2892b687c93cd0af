import Foundation
import Raster
import TestSupport
import XCTest

/// Continuous corners against the published outline (PaintCode's reverse-engineering of
/// `UIBezierPath(roundedRect:cornerRadius:)`), drawn independently: Pillow fills the outline's
/// polygon, flattened from its Béziers, at 64 × 64 samples per pixel, and averages them. (Pillow
/// fills one extra sample along right and bottom edges: up to 1/64 of a pixel, 4 levels.)
final class ContinuousCornerTests: XCTestCase {
    /// Pillow's coverage (0…255) of a continuous rounded rectangle over a width × height bitmap.
    func reference(x: Double, y: Double, w: Double, h: Double, r: Double, width: Int, height: Int) throws -> [UInt8] {
        let script = #"""
import sys
from PIL import Image, ImageDraw
x, y, w, h, r = map(float, sys.argv[1:6]); W, H = int(sys.argv[6]), int(sys.argv[7]); S = 64
corner = [[(1.52866483, 0)],
          [(1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
          [(0.63149399, 0.07491100)],
          [(0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)],
          [(0.06549600, 0.66993427)],
          [(0, 0.86840689), (0, 1.08849323), (0, 1.52866483)]]
# Each corner maps (along the edge it is entered by, into the shape) to pixels, clockwise from top right.
frames = [lambda a, b: (x + w - a * r, y + b * r), lambda a, b: (x + w - b * r, y + h - a * r),
          lambda a, b: (x + a * r, y + h - b * r), lambda a, b: (x + b * r, y + a * r)]
points = []
for f in frames:
    last = None
    for piece in corner:
        if len(piece) == 1:
            last = piece[0]; points.append(f(*last)); continue
        (a0, b0), (a1, b1), (a2, b2), (a3, b3) = last, piece[0], piece[1], piece[2]
        for i in range(1, 65):
            t = i / 64; u = 1 - t
            points.append(f(u**3*a0 + 3*u*u*t*a1 + 3*u*t*t*a2 + t**3*a3, u**3*b0 + 3*u*u*t*b1 + 3*u*t*t*b2 + t**3*b3))
        last = piece[2]
image = Image.new("L", (W * S, H * S), 0)
ImageDraw.Draw(image).polygon([(px * S, py * S) for px, py in points], fill=255)
sys.stdout.buffer.write(image.reduce(S).tobytes())
"""#
        let run = try SystemPython.run(script, [x, y, w, h, r].map { String($0) } + [String(width), String(height)])
        XCTAssertEqual(run.status, 0, run.errors)
        return [UInt8](run.output)
    }

    func coverage(_ shape: RoundedRect, width: Int, height: Int) -> [UInt8] {
        var bitmap = Bitmap(width: width, height: height)
        bitmap.fill(shape, color: StraightColor(r: 255, g: 255, b: 255).premultiplied, clip: Clip(pixelWidth: width, pixelHeight: height))
        return stride(from: 3, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }
    }

    /// Every pixel within 8 levels (of 255) of Pillow's, on a card at a fractional position;
    /// a circular corner of the same radius is far off, so the test tells the two curves apart.
    func testCoverageMatchesThePublishedOutline() throws {
        let (x, y, w, h, r) = (5.25, 3.5, 150.0, 90.0, 24.0)
        let width = 162, height = 100
        let expected = try reference(x: x, y: y, w: w, h: h, r: r, width: width, height: height)
        let rect = FixedRect(x: x, y: y, width: w, height: h)
        let continuous = coverage(RoundedRect(rect: rect, radius: Int(r * 256), continuous: true), width: width, height: height)
        let circular = coverage(RoundedRect(rect: rect, radius: Int(r * 256)), width: width, height: height)
        func worst(_ a: [UInt8]) -> Int { zip(a, expected).map { abs(Int($0) - Int($1)) }.max()! }
        XCTAssertEqual(expected.count, width * height)
        XCTAssertLessThanOrEqual(worst(continuous), 8, "continuous against the published outline")
        XCTAssertGreaterThan(worst(circular), 60, "a circular corner is another shape")
        print("continuous corner: worst pixel \(worst(continuous)), circular \(worst(circular)) from the published outline")
    }

    /// A radius of half the shorter side still makes round ends: the corner blends to a circle.
    func testCapsuleStaysACapsule() {
        let rect = FixedRect(x: 2, y: 2, width: 120, height: 40)
        let continuous = coverage(RoundedRect(rect: rect, radius: 20 * 256, continuous: true), width: 124, height: 44)
        let circular = coverage(RoundedRect(rect: rect, radius: 20 * 256), width: 124, height: 44)
        XCTAssertLessThanOrEqual(zip(continuous, circular).map { abs(Int($0) - Int($1)) }.max()!, 16)
    }

    /// Between the two, the corner reaches further as the room grows, and never past half a side.
    func testReachGrowsWithRoomAndStaysInside() {
        var last = 0
        for height in stride(from: 40, through: 80, by: 5) {
            let shape = RoundedRect(rect: FixedRect(x: 0, y: 0, width: 200, height: Double(height)), radius: 20 * 256, continuous: true)
            XCTAssertGreaterThanOrEqual(shape.reach, last)
            XCTAssertLessThanOrEqual(shape.reach, height * 256 / 2)
            last = shape.reach
        }
        XCTAssertEqual(Double(last) / 256, 20 * 1.52866483, accuracy: 1.0 / 128, "the full curve once it fits")
    }
}
