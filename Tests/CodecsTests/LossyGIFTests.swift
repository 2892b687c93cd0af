import Codecs
import Raster
import TestSupport
import XCTest

/// `--quality` for GIF: lossy LZW may give a pixel another index than the quantizer's, but only
/// one whose colour is within the quality's tolerance of the pixel's true colour, or no farther
/// from it than the quantizer's own choice. Checked through giflib's decoder, pixel by pixel.
final class LossyGIFTests: XCTestCase {
    /// Gradients with a little noise: far more than 255 colours, so every frame is quantized and
    /// dithered; each frame shifts the picture and changes its noise.
    func frame(_ k: Int) -> Bitmap {
        var state = UInt32(k + 1)
        var bytes: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<80 {
                state = state &* 1103515245 &+ 12345
                let noise = Int(state >> 28) - 8
                let r = (x * 3 + k * 4) % 256, g = min(255, max(0, y * 4 + noise)), b = (x + y * 2) % 256
                bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
            }
        }
        return Bitmap(width: 80, height: 60, straight: bytes)!
    }

    func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16), dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF), db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }

    /// 0xRRGGBB per pixel of opaque RGBA bytes.
    func rgb(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count, by: 4).map { i -> UInt32 in
            let r = UInt32(bytes[i]) << 16, g = UInt32(bytes[i + 1]) << 8
            return r | g | UInt32(bytes[i + 2])
        }
    }

    func testEveryPixelStaysWithinTheQualitysBound() throws {
        let frames = (0..<4).map(frame)
        for quality in [100, 90, 75, 40, 1] {
            let (gif, _) = try GIFFile.roundTrip(frames, quality: quality)
            XCTAssertEqual(gif.frames.count, 4)
            // As documented in GIFQuality: a per-channel error of (100 − Q)/3 levels, and the
            // dither's spread falling from 8 at 100 to none at 80.
            let perChannel = (100 - quality) / 3, tolerance = 3 * perChannel * perChannel
            let spread = 8 * max(0, quality - 80) / 20
            for (decoded, bitmap) in zip(gif.frames, frames) {
                let truth = rgb(bitmap.straightBytes())
                let own = Quantizer.quantize(width: 80, height: 60, rgb: truth, spread: spread)
                var worse = 0
                for i in truth.indices {
                    let allowed = max(tolerance, distance(own.palette[Int(own.indices[i])], truth[i]))
                    if distance(decoded.rgb[i], truth[i]) > allowed { worse += 1 }
                }
                XCTAssertEqual(worse, 0, "quality \(quality): pixels beyond the bound")
            }
        }
    }

    /// Colours that drift a level or two a frame, beside still ones and a band that scrolls, for
    /// many frames: a pixel may keep what the screen shows only while the bound on what that is
    /// (`GIFPlanner`) stays within its limit, so no pixel of any frame passes its limit however
    /// long it was kept.
    func testEveryPixelStaysWithinTheBoundWhileColoursDrift() throws {
        func drifting(_ k: Int) -> Bitmap {
            var state: UInt32 = 7
            var bytes: [UInt8] = []
            for y in 0..<50 {
                for x in 0..<70 {
                    state = state &* 1103515245 &+ 12345
                    let noise = Int(state >> 29)
                    let r: Int, g: Int, b: Int
                    if y < 20 {                      // drifting: one level a frame, two in blue
                        (r, g, b) = ((x * 3 + k) % 256, (y * 9 + noise) % 256, (x + y + 2 * k) % 256)
                    } else if y < 35 {               // still
                        (r, g, b) = (x * 3, y * 5 + noise, 200 - x)
                    } else {                         // scrolling sideways
                        (r, g, b) = ((x + 2 * k) * 5 % 256, noise * 20, (x + k) * 3 % 256)
                    }
                    bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
                }
            }
            return Bitmap(width: 70, height: 50, straight: bytes)!
        }
        let frames = (0..<12).map(drifting)
        for quality in [100, 70] {
            let (gif, _) = try GIFFile.roundTrip(frames, quality: quality)
            XCTAssertEqual(gif.frames.count, frames.count)
            let perChannel = (100 - quality) / 3, tolerance = 3 * perChannel * perChannel
            let spread = 8 * max(0, quality - 80) / 20
            for (k, (decoded, bitmap)) in zip(gif.frames, frames).enumerated() {
                let truth = rgb(bitmap.straightBytes())
                let own = Quantizer.quantize(width: 70, height: 50, rgb: truth, spread: spread)
                let worse = truth.indices.filter { i in
                    distance(decoded.rgb[i], truth[i]) > max(tolerance, distance(own.palette[Int(own.indices[i])], truth[i]))
                }
                XCTAssertEqual(worse.count, 0, "quality \(quality), frame \(k): pixels beyond the bound")
            }
        }
    }

    func testLowerQualityMakesSmallerFiles() throws {
        let frames = (0..<4).map(frame)
        let sizes = try [100, 75, 40].map { try GIFFile.roundTrip(frames, quality: $0).1 }
        XCTAssertEqual(sizes, sizes.sorted(by: >), "sizes \(sizes)")
        XCTAssertLessThan(sizes[2], sizes[0] * 3 / 4, "sizes \(sizes)")
    }

    /// Frames of 360 × 240 pixels, more than LZW's input window holds (`LZWWindow`: 65,536 pixels
    /// and 4,096 ahead), so the window slides on in each: one colour but for a corner (its strings
    /// grow by a pixel a code, to some 360 pixels where the window first slides, so a window that
    /// looked too short a way ahead would cut them), then broad stripes of six colours. The files
    /// must be byte for byte what the coder wrote when it held every pixel at once: sizes and
    /// FNV-1a checksums recorded from that coder (the commit before the window), at the default
    /// and at a lossy quality.
    func testFramesLargerThanTheCodersWindowCodeAsAWhole() throws {
        let colours: [[UInt8]] = [[250, 60, 40], [30, 200, 90], [20, 40, 220], [240, 240, 230], [90, 20, 120], [10, 10, 10]]
        let frames = (0..<2).map { k -> Bitmap in
            var bytes: [UInt8] = []
            for y in 0..<240 {
                for x in 0..<360 { bytes += colours[k == 0 ? (x < 10 && y < 10 ? 1 : 0) : (x + 2 * y) / 53 % 6] + [255] }
            }
            return Bitmap(width: 360, height: 240, straight: bytes)!
        }
        var found: [String] = []
        for quality in [100, 60] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("window-\(UUID().uuidString).gif").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let writer = try GIFFile(path: path, width: 360, height: 240, quality: quality)
            for frame in frames { try writer.addFrame(frame, delay: 3) }
            try writer.finish()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let checksum = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            found.append("q\(quality) \(bytes.count) \(String(checksum, radix: 16))")
            let decoded = try DecodedGIF(path: path)
            XCTAssertEqual(decoded.frames.count, 2)
            for (shown, frame) in zip(decoded.frames, frames) { XCTAssertEqual(shown.rgb, rgb(frame.straightBytes())) }
        }
        XCTAssertEqual(found, ["q100 3288 a6ce0c684bf42f19", "q60 3288 a6ce0c684bf42f19"])
    }

    /// At the default, a frame with few colours (each its own palette entry) is kept exactly.
    func testFewColoursStayExactAtTheDefault() throws {
        var bytes: [UInt8] = []
        for i in 0..<(80 * 60) { bytes += [UInt8(i % 7 * 30), UInt8(i / 80 % 5 * 50), 90, 255] }
        let bitmap = try XCTUnwrap(Bitmap(width: 80, height: 60, straight: bytes))
        let (gif, _) = try GIFFile.roundTrip([bitmap, bitmap])
        for decoded in gif.frames { XCTAssertEqual(decoded.rgb, rgb(bytes)) }
    }
}
