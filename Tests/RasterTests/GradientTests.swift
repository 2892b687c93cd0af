import Raster
import XCTest

/// Gradients against their definition computed here: a location per pixel centre, colours
/// interpolated between stops, ±½ level of ordered dither that averages out over 4 × 4 pixels.
final class GradientTests: XCTestCase {
    let red = StraightColor(r: 255, g: 0, b: 0), blue = StraightColor(r: 0, g: 0, b: 255), white = StraightColor(r: 255, g: 255, b: 255)

    func draw(_ g: Gradient, width: Int = 100, height: Int = 8) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        b.fill(RoundedRect(rect: FixedRect(x: 0, y: 0, width: Double(width), height: Double(height)), radius: 0), gradient: g,
               opacity: 255, clip: Clip(pixelWidth: width, pixelHeight: height))
        return b
    }

    /// Red to blue across 100 pixels: pixel x shows 255·(1 − t) red and 255·t blue at t = (x + ½) / 100,
    /// within a level, and a 4 × 4 block's mean within a third of a level (undithered rounding is off by up to ½).
    func testLinearRampsBetweenTheEndColours() {
        let b = draw(Gradient(kind: .linear, stops: [(0, red), (1, blue)], start: (0, 0), end: (100, 0)))
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100
            for y in 0..<8 {
                let p = b.pixel(x: x, y: y)
                XCTAssertEqual(Double(p.r), 255 * (1 - t), accuracy: 1, "(\(x), \(y))")
                XCTAssertEqual(Double(p.b), 255 * t, accuracy: 1, "(\(x), \(y))")
                XCTAssertEqual(p.a, 255)
            }
        }
        for bx in stride(from: 0, to: 100, by: 4) {
            var sum = 0.0, expected = 0.0
            for y in 0..<4 {
                for x in bx..<bx + 4 { sum += Double(b.pixel(x: x, y: y).r); expected += 255 * (1 - (Double(x) + 0.5) / 100) }
            }
            XCTAssertEqual(sum / 16, expected / 16, accuracy: 0.3, "block at \(bx)")
        }
    }

    /// Three stops at 0, 0.25 and 1: the middle colour exactly at a quarter, the end colours
    /// extended past the ends (the line runs from x 20 to x 80).
    func testStopsAndExtension() {
        let b = draw(Gradient(kind: .linear, stops: [(0, red), (0.25, white), (1, blue)], start: (20, 0), end: (80, 0)))
        XCTAssertEqual(b.pixel(x: 5, y: 0).straight, red)
        XCTAssertEqual(b.pixel(x: 95, y: 0).straight, blue)
        // Pixel 34's centre is at t = 14.5 / 60, short of the white stop: 255 · (14.5 / 60) / 0.25 green.
        XCTAssertEqual(Double(b.pixel(x: 34, y: 0).g), 255 * (14.5 / 60) / 0.25, accuracy: 1)
        // Pixel 35's is past it, on the way to blue: red and green 255 · (1 − (15.5 / 60 − 0.25) / 0.75).
        let past = b.pixel(x: 35, y: 0)
        XCTAssertEqual(Double(past.r), 255 * (1 - (15.5 / 60 - 0.25) / 0.75), accuracy: 1)
        XCTAssertEqual(past.b, 255)
    }

    /// Radial, centred at (49.5, 49.5), the centre of pixel (49, 49), with radii 40 across and 20
    /// down: location is the elliptical distance, so the first colour at the centre, the last on
    /// and past the ellipse, and halfway at 20 pixels across or 10 down.
    func testRadialFollowsTheEllipse() {
        let g = Gradient(kind: .radial, stops: [(0, white), (1, blue)], start: (49.5, 49.5), end: (89.5, 69.5))
        XCTAssertEqual(g.location(x: 69, y: 49), 0.5, accuracy: 1e-12)
        XCTAssertEqual(g.location(x: 49, y: 59), 0.5, accuracy: 1e-12)
        let b = draw(g, width: 100, height: 100)
        XCTAssertEqual(b.pixel(x: 95, y: 50).straight, blue)
        XCTAssertEqual(b.pixel(x: 50, y: 75).straight, blue)
        let middle = b.pixel(x: 69, y: 49)
        XCTAssertEqual(Double(middle.r), 127.5, accuracy: 1)
        XCTAssertEqual(middle.b, 255)
    }
}
