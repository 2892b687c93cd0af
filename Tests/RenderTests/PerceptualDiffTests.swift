import Codecs
import Raster
import Regression
import Render
import Scene
import XCTest

/// The perceptual comparisons on small rendered frames: what each lets pass, what each catches.
final class PerceptualDiffTests: XCTestCase {
    /// A card and a label on a grey background, at @1x. No colour has a channel at 0 or 255, so
    /// every channel can move one level either way.
    func frame(card: String = "20", labelY: String = "66", text: String = "#1C1C1E", fill: String = "#3478F6") throws -> Bitmap {
        let scene = """
        {"canvas": {"width": 160, "height": 100, "scale": 1, "background": "#F2F2F7"},
         "scroll": {"contentHeight": 100},
         "views": [{"id": "card", "frame": [\(card), 20, 100, 40], "background": "\(fill)", "cornerRadius": 8},
                   {"id": "label", "frame": [20, \(labelY), 130, 24], "text": "Hello, ScrollReel", "fontSize": 15,
                    "textColor": "\(text)"}]}
        """
        return try Renderer(scene: SceneDecoder.decode(Array(scene.utf8), file: "scene.json"), images: PNGDecoder()).frame(0)
    }

    func diff(_ expected: Bitmap, _ actual: Bitmap, _ comparison: Tolerance.Comparison) -> PixelDiff {
        PixelDiff(expected: expected, actual: actual, comparison: comparison)
    }

    /// `bitmap` with every channel of every pixel moved one level by `step(pixel, channel)` (±1).
    func nudged(_ bitmap: Bitmap, _ step: (Int, Int) -> Int) -> Bitmap {
        var bytes = bitmap.pixels
        for i in 0..<(bitmap.width * bitmap.height) {
            for c in 0..<3 { bytes[i * 4 + c] = UInt8(Int(bytes[i * 4 + c]) + step(i, c)) }
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, premultiplied: bytes)!
    }

    /// Every pixel one level lighter or darker, in a checkerboard (a dither): every pixel differs
    /// exactly, none by a just noticeable CIEDE2000 difference.
    func testOneLevelDitherPassesCIEDE2000AndFailsExactly() throws {
        let base = try frame()
        let dithered = nudged(base) { i, _ in (i % base.width + i / base.width) % 2 == 0 ? 1 : -1 }
        XCTAssertEqual(diff(base, dithered, .exact).differing, base.width * base.height)
        let perceptual = diff(base, dithered, .ciede2000(maxDeltaE: Tolerance.Comparison.justNoticeable))
        XCTAssertEqual(perceptual.differing, 0)
        XCTAssertEqual(perceptual.antialiased, 0)
        XCTAssertEqual(diff(base, dithered, .ssimCIEDE2000()).differing, 0)
        XCTAssertEqual(diff(base, dithered, .pixelmatch(threshold: 0.1)).differing, 0)
        // The diff image is the reference faded, with nothing marked.
        XCTAssertEqual(perceptual.image, diff(base, base, .ciede2000(maxDeltaE: 1)).image)
    }

    /// Each channel moved one level at random: near dark greys that reaches ΔE00 2.45 (the most
    /// over all 2²⁴ colours), so 2.5 lets any such noise pass.
    func testOneLevelNoisePerChannelPassesDeltaE25() throws {
        let base = try frame()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let noisy = nudged(base) { _, _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 63 == 0 ? 1 : -1
        }
        XCTAssertEqual(diff(base, noisy, .exact).differing, base.width * base.height)
        XCTAssertEqual(diff(base, noisy, .ciede2000(maxDeltaE: 2.5)).differing, 0)
        // SSIM judges only the pixels over its gate: noise in a flat area is a change of structure.
        XCTAssertGreaterThan(diff(base, noisy, .ssimCIEDE2000()).differing, 1000)
        XCTAssertEqual(diff(base, noisy, .ssimCIEDE2000(maxDeltaE: 2.5)).differing, 0)
    }

    /// A label's text colour changed: every comparison but exact's yes/no sees which pixels.
    func testTextColourChangeFailsBothPerceptualComparisons() throws {
        let base = try frame(), red = try frame(text: "#D70015")
        for comparison: Tolerance.Comparison in [.ciede2000(maxDeltaE: 2.3), .ssimCIEDE2000()] {
            let d = diff(base, red, comparison)
            XCTAssertGreaterThan(d.differing, 300, "\(comparison)")
            // Red in the diff only within the label's rows (66 to 90).
            for y in 0..<base.height where !(66..<90).contains(y) {
                for x in 0..<base.width where d.image.pixel(x: x, y: y).straight == StraightColor(r: 255, g: 0, b: 0) {
                    XCTFail("\(comparison): (\(x), \(y)) marked outside the label")
                }
            }
        }
    }

    /// The card's edge drawn a quarter point to the right: its anti-aliasing changes well beyond
    /// ΔE00 1, but the neighbourhoods keep their structure, so SSIM lets it pass (yellow).
    func testSubpixelShiftPassesSSIMOnly() throws {
        let base = try frame(), shifted = try frame(card: "20.25")
        XCTAssertGreaterThan(diff(base, shifted, .ciede2000(maxDeltaE: 1)).differing, 50)
        XCTAssertEqual(diff(base, shifted, .pixelmatch(threshold: 0.1)).differing, 0)
        let structural = diff(base, shifted, .ssimCIEDE2000())
        XCTAssertEqual(structural.differing, 0)
        XCTAssertGreaterThan(structural.antialiased, 50)
        // The card's left edge, column 20, is yellow.
        XCTAssertEqual(structural.image.pixel(x: 20, y: 40).straight, StraightColor(r: 255, g: 255, b: 0))
    }

    /// SSIM lets shifts of anti-aliasing pass, not moves: the label one point lower fails.
    func testOnePointMoveFailsSSIM() throws {
        let base = try frame(), moved = try frame(labelY: "67")
        XCTAssertGreaterThan(diff(base, moved, .ssimCIEDE2000()).differing, 300)
    }

    /// A filled area that changed colour visibly (ΔE00 about 3.5) fails SSIM through the flat
    /// neighbourhood rule, where pixelmatch's 0.1 lets the whole card pass.
    func testFlatAreaColourChangeFailsSSIM() throws {
        let base = try frame(fill: "#007AFF"), other = try frame(fill: "#0A84FF")
        XCTAssertEqual(diff(base, other, .pixelmatch(threshold: 0.1)).differing, 0)
        let structural = diff(base, other, .ssimCIEDE2000())
        XCTAssertGreaterThan(structural.differing, 3000)
        XCTAssertEqual(structural.image.pixel(x: 70, y: 40).straight, StraightColor(r: 255, g: 0, b: 0))
        // Every pixel over the gate is either red or yellow.
        XCTAssertEqual(diff(base, other, .ciede2000(maxDeltaE: 1)).differing, structural.differing + structural.antialiased)
    }

    /// Windows are clipped at the frame's edges: a frame of one colour changed to another is flat
    /// everywhere, its corners included, and every pixel differs.
    func testFlatFrameDiffersToItsCorners() {
        let grey = Bitmap(width: 5, height: 4, fill: PremultipliedColor(r: 120, g: 120, b: 120, a: 255)!)
        let darker = Bitmap(width: 5, height: 4, fill: PremultipliedColor(r: 110, g: 110, b: 110, a: 255)!)
        XCTAssertEqual(diff(grey, darker, .ssimCIEDE2000()).differing, 20)
    }

    /// Translucent pixels are compared as they show over white: clear and opaque white are equal.
    func testTranslucentPixelsAreComparedOverWhite() {
        let clear = Bitmap(width: 2, height: 1, premultiplied: [0, 0, 0, 0, 64, 0, 0, 128])!
        let white = Bitmap(width: 2, height: 1, premultiplied: [255, 255, 255, 255, 191, 127, 127, 255])!
        XCTAssertNotEqual(clear.straightBytes(), white.straightBytes())
        XCTAssertEqual(diff(clear, white, .ciede2000(maxDeltaE: 0)).differing, 0)
        XCTAssertEqual(diff(clear, white, .ssimCIEDE2000(maxDeltaE: 0)).differing, 0)
    }

    /// Existing code keeps compiling and meaning what it meant; the suite and command line choose
    /// a comparison from their keys.
    func testToleranceChoosesComparisons() {
        let old = Tolerance(threshold: 0.1, maxDiffPixels: 20)
        XCTAssertEqual(old.comparison, .pixelmatch(threshold: 0.1))
        XCTAssertEqual(old.threshold, 0.1)
        XCTAssertEqual(old.maxDiffPixels, 20)
        XCTAssertTrue(Tolerance().isExact)
        XCTAssertFalse(Tolerance(comparison: .ciede2000(maxDeltaE: 2.3)).isExact)
        XCTAssertNil(Tolerance(comparison: .ciede2000(maxDeltaE: 2.3)).threshold)
        XCTAssertEqual(Tolerance.Comparison(threshold: nil, deltaE: nil, ssim: false), .exact)
        XCTAssertEqual(Tolerance.Comparison(threshold: 0.2, deltaE: nil, ssim: false), .pixelmatch(threshold: 0.2))
        XCTAssertEqual(Tolerance.Comparison(threshold: nil, deltaE: 2, ssim: false), .ciede2000(maxDeltaE: 2))
        XCTAssertEqual(Tolerance.Comparison(threshold: nil, deltaE: nil, ssim: true), .ssimCIEDE2000(maxDeltaE: 1))
        XCTAssertEqual(Tolerance.Comparison(threshold: nil, deltaE: 3, ssim: true), .ssimCIEDE2000(maxDeltaE: 3))
    }
}
