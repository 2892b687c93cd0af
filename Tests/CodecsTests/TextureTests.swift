@testable import Codecs
import XCTest

/// `Texture.mark`, four pixels at a time, against its definition pixel by pixel; and what the
/// definition is for: gradients are not texture, noise and edges are.
final class TextureTests: XCTestCase {
    /// The definition, one channel of one pixel at a time.
    static func isTexture(_ rgb: [UInt32], width: Int, height: Int, x: Int, y: Int) -> Bool {
        func level(_ x: Int, _ y: Int, _ shift: UInt32) -> Int { Int((rgb[y * width + x] >> shift) & 0xFF) }
        for shift: UInt32 in [0, 8, 16] {
            let c = level(x, y, shift)
            if x > 0 && x + 1 < width && abs((level(x - 1, y, shift) + level(x + 1, y, shift) + 1) / 2 - c) >= 2 { return true }
            if y > 0 && y + 1 < height && abs((level(x, y - 1, shift) + level(x, y + 1, shift) + 1) / 2 - c) >= 2 { return true }
        }
        return false
    }

    static func marks(_ rgb: [UInt32], width: Int, height: Int) -> [Bool] {
        var mask = [UInt32](repeating: 0xDEAD_BEEF, count: width)
        var marked: [Bool] = []
        rgb.withUnsafeBufferPointer { pixels in
            mask.withUnsafeMutableBufferPointer { mask in
                for y in 0..<height {
                    let row = pixels.baseAddress! + y * width
                    let column = y > 0 && y + 1 < height ? (up: row - width, down: row + width) : nil
                    Texture.mark(row, column: column, width: width, into: mask.baseAddress!)
                    marked += mask.map { $0 != 0 }
                }
            }
        }
        return marked
    }

    /// Random images whose channels differ from their neighbours by 0…3 levels (so that every
    /// departure near the threshold comes up), every width from 0 to 17 and a wide one, rows
    /// at the top, in the middle and at the bottom.
    func testMarksMatchTheDefinition() {
        var state: UInt64 = 11
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for width in Array(0...17) + [61] {
            for height in [1, 2, 3, 5] {
                var levels = (0..<3).map { _ in next() & 0xFF }
                let rgb: [UInt32] = (0..<(width * height)).map { _ in
                    levels = levels.map { max(0, min(255, $0 + next() % 4 - next() % 4)) }
                    return UInt32(levels[0] << 16 | levels[1] << 8 | levels[2])
                }
                let expected = (0..<(width * height)).map {
                    TextureTests.isTexture(rgb, width: width, height: height, x: $0 % width, y: $0 / width)
                }
                XCTAssertEqual(TextureTests.marks(rgb, width: width, height: height), expected, "\(width) × \(height)")
            }
        }
    }

    /// A gradient of any slope, even 8 levels a pixel, is not texture: that is where dither is
    /// needed. Noise and a one-pixel line are.
    func testGradientsAreNotTextureButNoiseAndLinesAre() {
        let width = 32, height = 8
        for slope in [1, 3, 8] {
            let ramp = (0..<(width * height)).map { i in UInt32((i % width * slope) & 0xFF) << 8 | UInt32(i / width * slope) }
            XCTAssertFalse(TextureTests.marks(ramp, width: width, height: height).contains(true), "slope \(slope)")
        }
        let noise = (0..<(width * height)).map { UInt32($0 * 2654435761 & 0xFFFFFF) }
        let marked = TextureTests.marks(noise, width: width, height: height)
        XCTAssertGreaterThan(marked.filter { $0 }.count, width * height * 9 / 10)
        var line = [UInt32](repeating: 0x808080, count: width * height)
        for y in 0..<height { line[y * width + 10] = 0x828080 }
        XCTAssertEqual(TextureTests.marks(line, width: width, height: height).enumerated().filter(\.element).map { $0.offset % width },
                       [Int](repeating: 10, count: height))
    }

    /// Texture is not dithered: a pixel marked so takes a palette entry nearest to its colour.
    /// (With the dither it could be up to 2·√3·4 farther: `testEachPixelMapsNearItsNearestEntry`.)
    func testTextureTakesItsNearestEntry() {
        let width = 80, height = 60
        var state: UInt32 = 5
        let rgb: [UInt32] = (0..<(width * height)).map { i in
            state = state &* 1103515245 &+ 12345
            // Smooth halves and noisy ones, so that both kinds of pixel meet the same palette.
            return i % width < 40 ? UInt32(i % width * 3) << 16 | UInt32(i / width * 4) << 8 | 0x40 : (state >> 8) & 0xFFFFFF
        }
        let image = Quantizer.quantize(width: width, height: height, rgb: rgb).image
        func distance(_ a: UInt32, _ b: UInt32) -> Int {
            [0, 8, 16].reduce(0) { sum, shift in
                let d = Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)
                return sum + d * d
            }
        }
        let marked = TextureTests.marks(rgb, width: width, height: height)
        XCTAssertGreaterThan(marked.filter { $0 }.count, width * height / 3)
        for (i, c) in rgb.enumerated() where marked[i] {
            XCTAssertEqual(distance(image.palette[Int(image.indices[i])], c), image.palette.map { distance($0, c) }.min()!, "pixel \(i)")
        }
    }
}
