import Codecs
import Raster
import Render
import Scene
import XCTest

/// A view's gradient: over its background, under its children, rounded by its corner radius,
/// from its unit square to pixels at the output scale.
final class GradientRenderTests: XCTestCase {
    func testTheGradientSitsBetweenBackgroundAndChildren() throws {
        var view = View(id: "v", frame: Rect(x: 0, y: 0, width: 40, height: 40), background: Color(r: 0, g: 255, b: 0),
                        cornerRadius: 10,
                        children: [View(id: "c", frame: Rect(x: 15, y: 15, width: 10, height: 10), background: Color(r: 0, g: 0, b: 0))])
        view.gradient = LayerGradient(colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255)],
                                      startPoint: (0, 0.5), endPoint: (1, 0.5))
        for scale in [1, 2] {
            let scene = Scene(canvas: Canvas(width: 40, height: 40, scale: scale, background: .white),
                              scroll: ScrollSpec(contentHeight: 40), views: [view])
            let b = try Renderer(scene: scene, images: PNGDecoder()).frame(0)
            let s = scale
            XCTAssertEqual(b.pixel(x: 0, y: 0).straight, StraightColor(r: 255, g: 255, b: 255), "rounded corner @\(s)x")
            XCTAssertEqual(b.pixel(x: 20 * s, y: 20 * s).straight, StraightColor(r: 0, g: 0, b: 0), "child over it @\(s)x")
            // Column x (device) at t = (x + ½) / (40·s): red falls, blue rises; no green shows.
            for x in [1, 10, 30, 38].map({ $0 * s }) {
                let t = (Double(x) + 0.5) / Double(40 * s), p = b.pixel(x: x, y: 20 * s).straight
                XCTAssertEqual(Double(p.r), 255 * (1 - t), accuracy: 1, "x \(x) @\(s)x")
                XCTAssertEqual(Double(p.b), 255 * t, accuracy: 1, "x \(x) @\(s)x")
                XCTAssertEqual(p.g, 0, "x \(x) @\(s)x")
            }
        }
    }
}
