import Codecs
import Raster
import Render
import Scene
import XCTest

/// CALayer borders: inside the bounds, over the view's content and its children, following the
/// corner radius, and part of the view's group opacity.
final class BorderTests: XCTestCase {
    let blue = Color(r: 0, g: 0, b: 255), green = Color(r: 0, g: 200, b: 0), black = Color(r: 0, g: 0, b: 0)

    func render(_ views: [View], scale: Int = 1) throws -> Bitmap {
        let scene = Scene(canvas: Canvas(width: 40, height: 40, scale: scale, background: .white),
                          scroll: ScrollSpec(contentHeight: 40), views: views)
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    func bordered(alpha: Double = 1, radius: Double = 0) -> View {
        var view = View(id: "v", frame: Rect(x: 5, y: 5, width: 30, height: 30), background: blue, cornerRadius: radius,
                        clipsToBounds: radius > 0, alpha: alpha,
                        children: [View(id: "child", frame: Rect(x: 0, y: 0, width: 30, height: 30), background: green)])
        view.borderWidth = 4
        view.borderColor = black
        return view
    }

    /// A child filling the view is under the border: the 4 pt band is the border's colour at both
    /// scales, and inside it the child shows.
    func testTheBorderIsInsideTheBoundsOverTheChildren() throws {
        for scale in [1, 2] {
            let b = try render([bordered()], scale: scale)
            let s = scale
            XCTAssertEqual(b.pixel(x: 4 * s, y: 20 * s).straight, StraightColor(r: 255, g: 255, b: 255), "outside, @\(s)x")
            for x in [5, 6, 8] { XCTAssertEqual(b.pixel(x: x * s, y: 20 * s).straight, StraightColor(r: 0, g: 0, b: 0), "band x \(x), @\(s)x") }
            XCTAssertEqual(b.pixel(x: 9 * s, y: 20 * s).straight, StraightColor(r: 0, g: 200, b: 0), "inside, @\(s)x")
            XCTAssertEqual(b.pixel(x: 34 * s, y: 34 * s).straight, StraightColor(r: 0, g: 0, b: 0), "corner band, @\(s)x")
        }
    }

    /// With a corner radius of 12 (and clipping, so the child is rounded too) the band follows the
    /// arc: the bounds' corner pixel is not drawn, and on the diagonal the border sits where the
    /// arc is, 12·(1 − 1/√2) ≈ 3.5 pt in.
    func testTheBorderFollowsTheCornerRadius() throws {
        let b = try render([bordered(radius: 12)])
        XCTAssertEqual(b.pixel(x: 5, y: 5).straight, StraightColor(r: 255, g: 255, b: 255))
        XCTAssertEqual(b.pixel(x: 10, y: 10).straight, StraightColor(r: 0, g: 0, b: 0))
        XCTAssertEqual(b.pixel(x: 20, y: 20).straight, StraightColor(r: 0, g: 200, b: 0))
    }

    /// Half transparent, the view is one layer: the border over the child shows as one blend of
    /// black, not as black over a visible child.
    func testTheBorderIsPartOfTheGroup() throws {
        let b = try render([bordered(alpha: 0.5)])
        XCTAssertEqual(b.pixel(x: 6, y: 20).straight, StraightColor(r: 127, g: 127, b: 127))
        XCTAssertEqual(b.pixel(x: 20, y: 20).straight, StraightColor(r: 127, g: 227, b: 127))
    }
}
