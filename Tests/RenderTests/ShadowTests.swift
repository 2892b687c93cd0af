import Codecs
import Raster
import Render
import Scene
import XCTest

/// Shadows against an independent computation: the shadow of an opaque rectangle is the
/// rectangle's indicator blurred along each axis by three boxes, computed here in doubles.
final class ShadowTests: XCTestCase {
    func render(_ views: [View]) throws -> Bitmap {
        let scene = Scene(canvas: Canvas(width: 80, height: 100, scale: 1, background: .white),
                          scroll: ScrollSpec(contentHeight: 100), views: views)
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    /// An indicator of [lo, hi) blurred by three boxes of radius r, by pixel (from −50).
    func blurred(lo: Int, hi: Int, r: Int) -> [Double] {
        var values = (0..<200).map { Double(($0 >= lo + 50 && $0 < hi + 50) ? 1 : 0) }
        for _ in 0..<3 {
            values = values.indices.map { k in
                (-r...r).reduce(0.0) { $0 + (values.indices.contains(k + $1) ? values[k + $1] : 0) } / Double(2 * r + 1)
            }
        }
        return Array(values[50...])
    }

    /// A black 20 × 10 view at (20, 20) whose shadow (radius 6: σ = 3, boxes of radius 3; offset
    /// 30 down) falls clear of it: every pixel's darkness is the two axes' blurs multiplied, and
    /// the view's own clipsToBounds does not cut it.
    func testTheShadowIsTheBlurredShape() throws {
        var view = View(id: "v", frame: Rect(x: 20, y: 20, width: 20, height: 10), background: Color(r: 0, g: 0, b: 0), clipsToBounds: true)
        view.shadow = Shadow(opacity: 1, offset: (0, 30), radius: 6)
        let b = try render([view])
        var worst = 0.0, sum = 0.0
        let across = blurred(lo: 20, hi: 40, r: 3), down = blurred(lo: 50, hi: 60, r: 3)
        for y in 40..<80 {
            for x in 0..<60 {
                let expected = across[x] * down[y]
                let drawn = 1 - Double(b.pixel(x: x, y: y).straight.r) / 255
                worst = max(worst, abs(drawn - expected))
                sum += drawn
            }
        }
        XCTAssertLessThanOrEqual(worst, 3.0 / 255)
        XCTAssertEqual(sum, 200, accuracy: 1, "the shadow keeps the shape's area")
        XCTAssertEqual(b.pixel(x: 30, y: 25).straight, StraightColor(r: 0, g: 0, b: 0), "the view over it")
        // The blur reaches 3 × 3 = 9 px: from y 41 down to 68.
        XCTAssertEqual(b.pixel(x: 30, y: 35).straight, StraightColor(r: 255, g: 255, b: 255), "between view and shadow")
        XCTAssertEqual(b.pixel(x: 30, y: 69).straight, StraightColor(r: 255, g: 255, b: 255), "below the shadow")
    }

    /// The shadow's colour at its opacity, times the view's alpha; cut by an ancestor's clip.
    func testOpacityColourAndAncestorClips() throws {
        var view = View(id: "v", frame: Rect(x: 10, y: 10, width: 20, height: 20), background: Color(r: 255, g: 255, b: 255))
        view.shadow = Shadow(color: Color(r: 255, g: 0, b: 0), opacity: 0.5, offset: (0, 40), radius: 0)
        let b = try render([view])
        // Radius 0: the shape itself, red at half strength (128 of 255), 40 lower.
        XCTAssertEqual(b.pixel(x: 20, y: 60).straight, StraightColor(r: 255, g: 127, b: 127))
        XCTAssertEqual(b.pixel(x: 20, y: 71).straight, StraightColor(r: 255, g: 255, b: 255))
        view.alpha = 0.5
        let faded = try render([view])
        // Half of that again: 64 of 255.
        XCTAssertEqual(faded.pixel(x: 20, y: 60).straight, StraightColor(r: 255, g: 191, b: 191))
        let parent = View(id: "p", frame: Rect(x: 0, y: 0, width: 80, height: 55), clipsToBounds: true, children: [view])
        let clipped = try render([parent])
        XCTAssertEqual(clipped.pixel(x: 20, y: 60).straight, StraightColor(r: 255, g: 255, b: 255), "the parent clips the shadow")
    }
}
