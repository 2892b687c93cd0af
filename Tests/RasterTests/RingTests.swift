import Raster
import XCTest

/// Borders: a ring's coverage against the area between its two shapes, measured independently by
/// sampling each pixel on a 64 × 64 grid.
final class RingTests: XCTestCase {
    let white = StraightColor(r: 255, g: 255, b: 255).premultiplied

    /// Whether (x, y) lies in the rounded rectangle (pixels; corners quarter circles).
    func inside(_ x: Double, _ y: Double, _ r: (x: Double, y: Double, w: Double, h: Double), radius: Double) -> Bool {
        guard x >= r.x, x < r.x + r.w, y >= r.y, y < r.y + r.h else { return false }
        let cx = min(max(x, r.x + radius), r.x + r.w - radius), cy = min(max(y, r.y + radius), r.y + r.h - radius)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
    }

    /// A border 3.3 px wide inside a rectangle at a fractional position with a 10 px radius: every
    /// pixel's alpha is the sampled area between the outer shape and the inner one (inset 3.3,
    /// radius 6.7), within 1/255 on straight edges and within the corner estimate's error on arcs;
    /// the total is the ring's area.
    func testRingCoverageIsTheAreaBetweenItsShapes() {
        let rect = (x: 4.4, y: 3.7, w: 30.5, h: 24.25), width = 3.3, radius = 10.0
        var b = Bitmap(width: 40, height: 32)
        let outer = RoundedRect(rect: FixedRect(x: rect.x, y: rect.y, width: rect.w, height: rect.h), radius: Int(radius * 256))
        b.fill(Ring(outer: outer, width: Int((width * 256).rounded())), color: white, clip: Clip(pixelWidth: 40, pixelHeight: 32))
        let inner = (x: rect.x + width, y: rect.y + width, w: rect.w - 2 * width, h: rect.h - 2 * width)
        var worstEdge = 0.0, worstArc = 0.0, total = 0.0, sampledTotal = 0.0
        for py in 0..<32 {
            for px in 0..<40 {
                var hits = 0
                for sy in 0..<64 {
                    for sx in 0..<64 {
                        let x = Double(px) + (Double(sx) + 0.5) / 64, y = Double(py) + (Double(sy) + 0.5) / 64
                        if inside(x, y, rect, radius: radius) && !inside(x, y, inner, radius: radius - width) { hits += 1 }
                    }
                }
                let sampled = Double(hits) / 4096, drawn = Double(b.pixel(x: px, y: py).a) / 255
                total += drawn; sampledTotal += sampled
                let nearCorner = [rect.x + radius, rect.x + rect.w - radius].contains { abs(Double(px) + 0.5 - $0) < radius + 1 }
                    && [rect.y + radius, rect.y + rect.h - radius].contains { abs(Double(py) + 0.5 - $0) < radius + 1 }
                let onArc = nearCorner && (Double(px) + 0.5 < rect.x + radius || Double(px) + 0.5 > rect.x + rect.w - radius)
                    && (Double(py) + 0.5 < rect.y + radius || Double(py) + 0.5 > rect.y + rect.h - radius)
                if onArc { worstArc = max(worstArc, abs(drawn - sampled)) } else { worstEdge = max(worstEdge, abs(drawn - sampled)) }
            }
        }
        // Sampling on a 64 × 64 grid is off by up to 1/128 where an edge crosses a pixel.
        XCTAssertLessThanOrEqual(worstEdge, 1.5 / 255 + 1.0 / 128, "straight edges")
        XCTAssertLessThanOrEqual(worstArc, 0.13, "corners")
        XCTAssertEqual(total, sampledTotal, accuracy: 1.5)
        // The middle of the left edge's band is fully covered, the centre of the view not at all.
        XCTAssertEqual(b.pixel(x: 6, y: 15).a, 255)
        XCTAssertEqual(b.pixel(x: 20, y: 15).a, 0)
    }

    /// A border wider than half the shorter side fills the whole shape.
    func testAWideBorderFillsTheShape() {
        var ring = Bitmap(width: 20, height: 10), filled = Bitmap(width: 20, height: 10)
        let shape = RoundedRect(rect: FixedRect(x: 1.25, y: 1.5, width: 16, height: 7), radius: 2 * 256)
        ring.fill(Ring(outer: shape, width: 9 * 256), color: white, clip: Clip(pixelWidth: 20, pixelHeight: 10))
        filled.fill(shape, color: white, clip: Clip(pixelWidth: 20, pixelHeight: 10))
        XCTAssertEqual(ring, filled)
    }
}
