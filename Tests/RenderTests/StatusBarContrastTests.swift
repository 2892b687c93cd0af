import Codecs
import Raster
import Render
import Scene
import XCTest

/// `"statusBar": {"style": "auto"}`: white content over a dark header, black once light content
/// has scrolled under the bar, decided from the pixels drawn under it.
final class StatusBarContrastTests: XCTestCase {
    func testMeanLumaIsRec709InIntegers() {
        func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
            Bitmap(width: 4, height: 3, fill: StraightColor(r: r, g: g, b: b).premultiplied).meanLuma(in: PixelRect(x: 0, y: 0, width: 4, height: 3))
        }
        XCTAssertEqual(luma(255, 255, 255), 255)
        XCTAssertEqual(luma(0, 0, 0), 0)
        XCTAssertEqual(luma(0, 255, 0), 182, "green carries most of the luma: 183 × 255 / 256")
        XCTAssertEqual(luma(0, 0, 255), 18)
        let half = Bitmap(width: 2, height: 1, premultiplied: [255, 255, 255, 255, 0, 0, 0, 255])!
        XCTAssertEqual(half.meanLuma(in: PixelRect(x: -5, y: 0, width: 50, height: 9)), 127, "clamped to the bitmap")
        XCTAssertEqual(half.meanLuma(in: PixelRect(x: 5, y: 0, width: 2, height: 1)), 0, "empty")
    }

    func scene(_ style: String) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {"device": "iPhone 15 Pro", "scale": 1, "background": "#FFFFFF"}, "fps": 10,
         "statusBar": {"style": "\(style)"},
         "scroll": {"contentHeight": 3000, "script": [{"wait": 0.1}, {"scrollTo": 600, "duration": 0.5}]},
         "views": [{"id": "header", "frame": [-10, -100, 413, 400], "background": "#1C2A3A"}]}
        """.utf8), file: "auto.json")
    }

    /// The time's pixels: how many are near white and how many near black.
    func time(_ renderer: Renderer, frame index: Int) throws -> (white: Int, black: Int) {
        let item = try XCTUnwrap(try renderer.items(frame: index).flatMap(\.flattened).first { $0.id == "statusBar.time" })
        let bitmap = try renderer.frame(index)
        var white = 0, black = 0
        for y in Int(item.frame.y)..<Int(item.frame.maxY) {
            for x in Int(item.frame.x)..<Int(item.frame.maxX) {
                let p = bitmap.pixel(x: x, y: y)
                if p.r > 240 && p.g > 240 && p.b > 240 { white += 1 }
                if p.r < 15 && p.g < 15 && p.b < 15 { black += 1 }
            }
        }
        return (white, black)
    }

    func testAutoFollowsWhatIsUnderTheBar() throws {
        let s = try scene("auto")
        XCTAssertTrue(s.adaptiveStatusBar)
        let renderer = try Renderer(scene: s, images: PNGDecoder())
        let overHeader = try time(renderer, frame: 0), overWhite = try time(renderer, frame: renderer.frameCount - 1)
        XCTAssertGreaterThan(overHeader.white, 20, "white time over the dark header")
        XCTAssertEqual(overHeader.black, 0)
        XCTAssertGreaterThan(overWhite.black, 20, "black time once the header has scrolled away")
        // The display list is the same: only the colours of the drawn pixels change.
        let fixed = try Renderer(scene: try scene("dark"), images: PNGDecoder())
        XCTAssertEqual(try fixed.items(frame: 0), try renderer.items(frame: 0))
        XCTAssertEqual(try fixed.frame(renderer.frameCount - 1), try renderer.frame(renderer.frameCount - 1),
                       "over white, auto draws exactly what dark does")
        XCTAssertEqual(try renderer.frame(0), try Renderer(scene: s, images: PNGDecoder()).frame(0), "the same on every run")
    }

    func testFixedStylesIgnoreWhatIsUnder() throws {
        let light = try Renderer(scene: try scene("light"), images: PNGDecoder())
        XCTAssertFalse(light.scene.adaptiveStatusBar)
        XCTAssertEqual(try time(light, frame: light.frameCount - 1).black, 0, "white stays white over white")
        let dark = try Renderer(scene: try scene("dark"), images: PNGDecoder())
        XCTAssertEqual(try time(dark, frame: 0).white, 0, "black stays black over the header")
    }
}
