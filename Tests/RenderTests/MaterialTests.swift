import Codecs
import Raster
import Render
import Scene
import XCTest

/// Materials against a definition computed here independently, in floating point and with naive
/// loops: each of three box passes a plain average over 2r + 1 pixels, with pixels beyond the
/// canvas repeating its edge; saturation as CSS `saturate()` with Rec. 709's luma weights; the tint
/// laid over source-over. The renderer works in integers with running sums, and rounds after every
/// pass, so the two may differ by a few levels: the tolerance is 3 of 255.
final class MaterialTests: XCTestCase {
    /// Stripes of three colours across a white canvas, and a view at (x, 10) with `material`.
    func scene(material: String?, x: Int, appearance: Appearance = .light) throws -> Scene {
        let stripes = (0..<12).map { i in
            let colour = ["#D0021B", "#000000", "#4A90E2"][i % 3]
            return #"{"id": "s\#(i)", "frame": [0, \#(i * 7), 64, 3], "background": "\#(colour)"}"#
        }.joined(separator: ", ")
        let glass = material.map { #", {"id": "glass", "frame": [\#(x), 10, 30, 24], "fixed": true, "material": "\#($0)"}"# } ?? ""
        return try SceneDecoder.decode(Array("""
        {"canvas": {"width": 64, "height": 80, "scale": 1, "background": "#FFFFFF"}, "fps": 10,
         "scroll": {"contentHeight": 80, "showsVerticalScrollIndicator": false, "script": [{"wait": 0.1}]},
         "views": [\(stripes)\(glass)]}
        """.utf8), file: "material.json", appearance: appearance)
    }

    /// The definition: `backdrop` (straight RGB rows) blurred, saturated and tinted.
    func expected(_ backdrop: [[SIMD3<Double>]], radius r: Int, _ material: Material) -> [[SIMD3<Double>]] {
        let h = backdrop.count, w = backdrop[0].count
        var image = backdrop
        for _ in 0..<3 {
            image = (0..<h).map { y in (0..<w).map { x in
                (-r...r).reduce(SIMD3<Double>()) { $0 + image[y][min(w - 1, max(0, x + $1))] } / Double(2 * r + 1)
            } }
            image = (0..<h).map { y in (0..<w).map { x in
                (-r...r).reduce(SIMD3<Double>()) { $0 + image[min(h - 1, max(0, y + $1))][x] } / Double(2 * r + 1)
            } }
        }
        let tint = material.tint, alpha = Double(tint.a) / 255
        let tintRGB = SIMD3<Double>(Double(tint.r), Double(tint.g), Double(tint.b))
        return image.map { row in row.map { c in
            let grey = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
            var s = SIMD3(repeating: grey) + material.saturation * (c - SIMD3(repeating: grey))
            s = s.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
            return tintRGB * alpha + s * (1 - alpha)
        } }
    }

    func rgb(_ bitmap: Bitmap) -> [[SIMD3<Double>]] {
        (0..<bitmap.height).map { y in (0..<bitmap.width).map { x in
            let p = bitmap.pixel(x: x, y: y)
            return SIMD3(Double(p.r), Double(p.g), Double(p.b))
        } }
    }

    /// Every style, in both appearances, in the middle of the canvas and against its edge.
    func testEveryStyleMatchesTheDefinition() throws {
        for appearance in [Appearance.light, .dark] {
            let backdrop = rgb(try Renderer(scene: try scene(material: nil, x: 0, appearance: appearance), images: PNGDecoder()).frame(0))
            for style in Material.Style.allCases {
                let material = Material(style, dark: appearance == .dark)
                let reference = expected(backdrop, radius: Int(material.blurRadius), material)
                for x in [0, 20, 34] {
                    let frame = rgb(try Renderer(scene: try scene(material: style.rawValue, x: x, appearance: appearance), images: PNGDecoder()).frame(0))
                    var worst = 0.0
                    for py in 0..<80 {
                        for px in 0..<64 {
                            let inside = (x..<x + 30).contains(px) && (10..<34).contains(py)
                            let want = inside ? reference[py][px] : backdrop[py][px]
                            let difference = frame[py][px] - want
                            worst = max(worst, abs(difference.x), abs(difference.y), abs(difference.z))
                        }
                    }
                    XCTAssertLessThanOrEqual(worst, 3, "\(style) \(appearance) at x \(x)")
                }
            }
        }
    }

    /// A scene whose content is black and white stripes 2 points tall, under a navigation bar,
    /// scrolled past the large title so that the stripes run under the bar.
    func barScene(transparent: Bool) throws -> Scene {
        let stripes = (0..<200).map { ##"{"id": "line\##($0)", "frame": [0, \##($0 * 4), 393, 2], "background": "#000000"}"## }
            .joined(separator: ", ")
        return try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro", "scale": 1, "background": "#FFFFFF"}, "fps": 10,
         "statusBar": true, "navigationBar": {"title": "Stripes", "transparent": \(transparent)},
         "scroll": {"contentHeight": 800, "script": [{"scrollTo": 100, "duration": 0.2}]},
         "views": [\(stripes)]}
        """.utf8), file: "stripes.json")
    }

    /// Detail as the mean absolute difference of luma between vertically adjacent pixels, in a
    /// band 40 points wide at the left of `rows`, clear of the title and the items.
    func detail(_ bitmap: Bitmap, rows: Range<Int>) -> Double {
        func luma(_ x: Int, _ y: Int) -> Double {
            let p = bitmap.pixel(x: x, y: y)
            return 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
        }
        var total = 0.0
        for y in rows.dropLast() { for x in 0..<40 { total += abs(luma(x, y + 1) - luma(x, y)) } }
        return total / Double(40 * (rows.count - 1))
    }

    /// Under the material the stripes lose their detail: what is left under the bar is less than
    /// 2 % of what the same stripes show below it. Through a transparent bar they stay sharp, which
    /// is what the measure would find under a bar that does not blur.
    func testTheBarBlursWhatScrollsUnderIt() throws {
        let renderer = try Renderer(scene: try barScene(transparent: false), images: PNGDecoder())
        let last = renderer.frameCount - 1
        XCTAssertEqual(try renderer.items(frame: last).first { $0.id == "navigationBar" }?.alpha, 1, "material once the title is gone")
        let frame = try renderer.frame(last)
        let underBar = detail(frame, rows: 60..<102), below = detail(frame, rows: 300..<400)
        XCTAssertGreaterThan(below, 100, "the stripes themselves are sharp")
        XCTAssertLessThan(underBar, below * 0.02, "under the bar: \(underBar), below it: \(below)")

        let clear = try Renderer(scene: try barScene(transparent: true), images: PNGDecoder())
        let seeThrough = detail(try clear.frame(last), rows: 60..<102)
        XCTAssertGreaterThan(seeThrough, below * 0.9, "a transparent bar shows the stripes as they are")
    }

    /// At the scroll edge the bars are clear: a navigation bar without a large title over content
    /// at rest, and a tab bar once the content's end rests above it, leave the pixels under them as
    /// the content draws them. Scrolled, both are material.
    func testBarsAreClearAtTheScrollEdge() throws {
        let s = try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro", "scale": 1, "background": "#FFFFFF"}, "fps": 10,
         "navigationBar": {"title": "Inbox", "largeTitle": false},
         "tabBar": {"items": [{"title": "A"}, {"title": "B"}]},
         "scroll": {"contentHeight": 1200, "showsVerticalScrollIndicator": false,
                    "script": [{"scrollTo": 100, "duration": 0.2}, {"scrollTo": 2000, "duration": 0.3}]},
         "views": [{"id": "page", "frame": [0, -200, 393, 1600], "background": "#FFCC00"}]}
        """.utf8), file: "edges.json")
        let renderer = try Renderer(scene: s, images: PNGDecoder())
        func alpha(_ id: String, _ frame: Int) throws -> Double {
            try XCTUnwrap(try renderer.items(frame: frame).first { $0.id == id }?.alpha, id)
        }
        let rest = 0, middle = try XCTUnwrap(renderer.offsets.firstIndex { $0 >= 100 - 103 }), end = renderer.frameCount - 1
        XCTAssertEqual(try alpha("navigationBar", rest), 0, "clear at the top edge")
        XCTAssertEqual(try alpha("navigationBar", middle), 1)
        XCTAssertEqual(try alpha("tabBar.background", rest), 1, "content runs under the tab bar")
        XCTAssertEqual(try alpha("tabBar.background", end), 0, "clear at the bottom edge")
        let top = try renderer.frame(rest)
        XCTAssertEqual(top.pixel(x: 8, y: 70), StraightColor(r: 255, g: 204, b: 0).premultiplied, "the page's own yellow")
        XCTAssertNotEqual(try renderer.frame(middle).pixel(x: 8, y: 70), top.pixel(x: 8, y: 70), "tinted by the material")
    }
}
