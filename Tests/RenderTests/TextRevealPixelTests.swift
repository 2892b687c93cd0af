import Codecs
import Raster
import Render
import Scene
import XCTest

/// E3 on the text-reveal sample: the band's colour over a row, and the revealed copy.
final class TextRevealPixelTests: XCTestCase {
    /// The sample held at `offset`. The container is at (45, 70), 300 × 180: rows of 60 pt.
    func frame(offset: Double) throws -> Bitmap {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath("text-reveal"))
        scene.canvas.scale = 1
        scene.scroll.script = [.scrollTo(y: offset, duration: 0, curve: .linear), .wait(duration: 0.1)]
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    let band = StraightColor(r: 51, g: 51, b: 51)     // black at 0.8 over white: 255 × 0.2
    let white = StraightColor(r: 255, g: 255, b: 255)

    func testBandCoversExactlyOneRow() throws {
        for (offset, row) in [(0.0, 0), (60.0, 1), (120.0, 2), (-40.0, 0), (400.0, 2)] {
            let b = try frame(offset: offset)
            for r in 0..<3 {
                // Left margin of each row, clear of the centred text.
                let probe = b.pixel(x: 55, y: 70 + r * 60 + 30).straight
                XCTAssertEqual(probe, r == row ? band : white, "offset \(offset) row \(r)")
            }
        }
    }

    /// The white copy sits exactly over the black original. With c the text coverage of a pixel
    /// (from the plain row: 255·(1 − c)), the covered pixel is the band over the original, then the
    /// white copy: 255·c + 51·(1 − c)², for every pixel of the row.
    func testRevealedTextSitsExactlyOverTheOriginal() throws {
        let plain = try frame(offset: 120), covered = try frame(offset: 0)
        var inked = 0
        for y in 70..<130 {
            for x in 45..<345 {
                let c = 1 - Double(plain.pixel(x: x, y: y).straight.r) / 255
                if c > 0.5 { inked += 1 }
                let expected = 255 * c + 51 * (1 - c) * (1 - c)
                XCTAssertEqual(Double(covered.pixel(x: x, y: y).straight.r), expected, accuracy: 2, "\(x),\(y)")
            }
        }
        XCTAssertGreaterThan(inked, 100, "the first row has text")
    }
}
