import Codecs
import Raster
import Render
import Scene
import XCTest

/// E4 on the stretchy-blur sample, probed in pixels at @1x.
final class BlurPullTests: XCTestCase {
    func sample() throws -> Scene {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy-blur"))
        scene.canvas.scale = 1
        return scene
    }

    /// The sample with the header's blur replaced (nil removes it), held still at `offset`.
    func render(_ scene: Scene, blur: BlurByPull?, offset: Double) throws -> Bitmap {
        var scene = scene
        scene.views[0].effects = scene.views[0].effects.filter {
            if case .blurByPull = $0 { return false } else { return true }
        } + (blur.map { [.blurByPull($0)] } ?? [])
        scene.scroll.script = [.scrollTo(y: offset, duration: 0, curve: .linear), .wait(duration: 0.1)]
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    /// Sum of absolute differences between horizontal neighbours in the header (green channel).
    func energy(_ b: Bitmap, rows: Range<Int>) -> Int {
        var e = 0
        for y in rows { for x in 1..<b.width { e += abs(Int(b.pixel(x: x, y: y).g) - Int(b.pixel(x: x - 1, y: y).g)) } }
        return e
    }

    func testFrameZeroIsIdenticalWithoutTheBlur() throws {
        let scene = try sample()
        let withBlur = try Renderer(scene: scene, images: PNGDecoder()).frame(0)
        var plain = scene
        plain.views[0].effects = [.stretchy(StretchyHeader())]
        XCTAssertEqual(try Renderer(scene: scene, images: PNGDecoder()).offsets[0], 0)
        XCTAssertEqual(withBlur, try Renderer(scene: plain, images: PNGDecoder()).frame(0))
    }

    func testFullPullBlursTheHeader() throws {
        let scene = try sample()
        let sharp = try render(scene, blur: nil, offset: -150)
        let blurred = try render(scene, blur: BlurByPull(), offset: -150)
        let header = 0..<450   // H − offset
        let before = energy(sharp, rows: header), after = energy(blurred, rows: header)
        XCTAssertLessThan(Double(after), Double(before) * 0.2, "high-frequency energy \(before) → \(after)")
        XCTAssertEqual(energy(sharp, rows: 460..<844), energy(blurred, rows: 460..<844), "content below is untouched")
    }

    /// At offset −50 with fullAt 100 the fraction is exactly ½; with fullAt 50 it is 1.
    func testExactFractionMixesSharpAndBlurred() throws {
        let scene = try sample()
        let sharp = try render(scene, blur: nil, offset: -50)
        let full = try render(scene, blur: BlurByPull(fullAt: 50, tint: nil), offset: -50)
        for (fullAt, f) in [(100.0, 0.5), (200.0, 0.25), (62.5, 0.8)] {
            let mixed = try render(scene, blur: BlurByPull(fullAt: fullAt, tint: nil), offset: -50)
            for (x, y) in [(20, 40), (195, 170), (300, 250), (100, 330), (389, 349)] {
                let s = sharp.pixel(x: x, y: y), b = full.pixel(x: x, y: y), m = mixed.pixel(x: x, y: y)
                for (sc, bc, mc) in [(s.r, b.r, m.r), (s.g, b.g, m.g), (s.b, b.b, m.b)] {
                    let expected = Double(sc) * (1 - f) + Double(bc) * f
                    XCTAssertLessThanOrEqual(abs(Double(mc) - expected), 1, "f \(f) at \(x),\(y)")
                }
            }
            XCTAssertNotEqual(sharp, full)
        }
    }

    /// In `.radius` mode at fraction ½ a 20 pt blur is a full-strength 10 pt blur.
    func testRadiusModeScalesTheRadius() throws {
        let scene = try sample()
        let halfway = try render(scene, blur: BlurByPull(radius: 20, mode: .radius), offset: -50)
        let tenPoints = try render(scene, blur: BlurByPull(radius: 10, fullAt: 50), offset: -50)
        XCTAssertEqual(halfway, tenPoints)
        XCTAssertLessThan(energy(halfway, rows: 0..<350), energy(try render(scene, blur: nil, offset: -50), rows: 0..<350))
    }
}
