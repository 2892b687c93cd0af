import Codecs
import Raster
import Render
import Scene
import XCTest

/// Pixel probes of small rendered scenes.
final class PainterTests: XCTestCase {
    func render(_ views: [View], width: Double = 40, height: Double = 40, scale: Int = 1) throws -> Bitmap {
        let scene = Scene(canvas: Canvas(width: width, height: height, scale: scale, background: .white),
                          scroll: ScrollSpec(contentHeight: height), views: views)
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    func testBackgroundsAtScale() throws {
        let red = Color(r: 255, g: 0, b: 0)
        let b = try render([View(id: "a", frame: Rect(x: 10, y: 10, width: 5, height: 5), background: red)], scale: 2)
        XCTAssertEqual(b.width, 80)
        XCTAssertEqual(b.pixel(x: 20, y: 20).straight, StraightColor(r: 255, g: 0, b: 0))
        XCTAssertEqual(b.pixel(x: 29, y: 29).straight, StraightColor(r: 255, g: 0, b: 0))
        XCTAssertEqual(b.pixel(x: 30, y: 30).straight, StraightColor(r: 255, g: 255, b: 255))
    }

    /// UIKit group opacity: a half-transparent parent with an overlapping child shows one uniform
    /// blend, not the child over a visible parent.
    func testGroupOpacityDoesNotShowOverlaps() throws {
        let child = View(id: "c", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: Color(r: 0, g: 0, b: 255))
        let parent = View(id: "p", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: Color(r: 0, g: 0, b: 255),
                          alpha: 0.5, children: [child])
        let b = try render([parent])
        XCTAssertEqual(b.pixel(x: 5, y: 5), b.pixel(x: 15, y: 15))
        XCTAssertEqual(b.pixel(x: 5, y: 5).straight, StraightColor(r: 127, g: 127, b: 255))
    }

    func testClipsToBoundsWithCornerRadiusRoundsChildren() throws {
        let child = View(id: "c", frame: Rect(x: 0, y: 0, width: 20, height: 20), background: Color(r: 0, g: 0, b: 0))
        let card = View(id: "card", frame: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 8,
                        clipsToBounds: true, children: [child])
        let b = try render([card])
        XCTAssertEqual(b.pixel(x: 10, y: 10).straight, StraightColor(r: 255, g: 255, b: 255), "corner cut")
        XCTAssertEqual(b.pixel(x: 20, y: 20).straight, StraightColor(r: 0, g: 0, b: 0))
        XCTAssertEqual(b.pixel(x: 20, y: 10).straight, StraightColor(r: 0, g: 0, b: 0), "edge between corners")
    }

    /// A rounded clip inside a rounded clip goes through a layer; both sets of corners are cut.
    func testNestedRoundedClips() throws {
        let fill = View(id: "f", frame: Rect(x: -10, y: -10, width: 60, height: 60), background: Color(r: 0, g: 0, b: 0))
        let inner = View(id: "i", frame: Rect(x: 10, y: 0, width: 20, height: 30), cornerRadius: 6, clipsToBounds: true, children: [fill])
        let outer = View(id: "o", frame: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 12, clipsToBounds: true, children: [inner])
        let b = try render([outer])
        let white = StraightColor(r: 255, g: 255, b: 255), black = StraightColor(r: 0, g: 0, b: 0)
        XCTAssertEqual(b.pixel(x: 10, y: 0).straight, white, "inner corner cut")
        XCTAssertEqual(b.pixel(x: 20, y: 15).straight, black)
        XCTAssertEqual(b.pixel(x: 0, y: 0).straight, white)
        XCTAssertEqual(b.pixel(x: 5, y: 5).straight, white, "outside the inner view")
    }
}

/// A sheet rounded at the top only, clipping its child: the child follows the same corners.
final class MaskedCornerRenderTests: XCTestCase {
    func testMaskedCornersRoundTheBackgroundAndTheClip() throws {
        var sheet = View(id: "sheet", frame: Rect(x: 0, y: 10, width: 40, height: 30), cornerRadius: 10, clipsToBounds: true,
                         children: [View(id: "fill", frame: Rect(x: 0, y: 0, width: 40, height: 30), background: Color(r: 0, g: 0, b: 0))])
        sheet.maskedCorners = [.topLeft, .topRight]
        let scene = Scene(canvas: Canvas(width: 40, height: 40, scale: 1, background: .white), scroll: ScrollSpec(contentHeight: 40),
                          views: [sheet])
        let b = try Renderer(scene: scene, images: PNGDecoder()).frame(0)
        XCTAssertEqual(b.pixel(x: 0, y: 10).straight, StraightColor(r: 255, g: 255, b: 255), "top left cut")
        XCTAssertEqual(b.pixel(x: 39, y: 10).straight, StraightColor(r: 255, g: 255, b: 255), "top right cut")
        XCTAssertEqual(b.pixel(x: 0, y: 39).straight, StraightColor(r: 0, g: 0, b: 0), "bottom left square")
        XCTAssertEqual(b.pixel(x: 39, y: 39).straight, StraightColor(r: 0, g: 0, b: 0), "bottom right square")
    }
}
