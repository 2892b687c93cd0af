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
                let own = Quantizer.quantize(width: 80, height: 60, rgb: truth, spread: spread).image
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
                let own = Quantizer.quantize(width: 70, height: 50, rgb: truth, spread: spread).image
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
            found.append("q\(quality) \(bytes.count) \(checksum(bytes))")
            let decoded = try DecodedGIF(path: path)
            XCTAssertEqual(decoded.frames.count, 2)
            for (shown, frame) in zip(decoded.frames, frames) { XCTAssertEqual(shown.rgb, rgb(frame.straightBytes())) }
        }
        XCTAssertEqual(found, ["q100 3288 a6ce0c684bf42f19", "q60 3288 a6ce0c684bf42f19"])
    }

    /// The planner and the coder compute true colours and errors where they read them, four pixels
    /// at a time and then the rest of a row. Every width from 1 to 17 (every tail), translucent
    /// noise and flat colours, a frame handed in again, with and without a shared palette: the
    /// files must be those of the coder that kept true colours and errors in whole-frame arrays
    /// of `Float`, computed one way only (sizes and checksums recorded from it).
    func testEveryRowTailCodesAsWithWholeFrameArrays() throws {
        var found: [String] = []
        for width in 1...17 {
            let noise = noiseBitmap(width: width, height: 9, seed: UInt64(width))
            let other = noiseBitmap(width: width, height: 9, seed: UInt64(width) + 100)
            var mixed = noise.pixels
            for i in stride(from: 0, to: mixed.count, by: 12) { mixed.replaceSubrange(i..<i + 4, with: other.pixels[i..<i + 4]) }
            var flat: [UInt8] = []
            for i in 0..<(width * 9) { flat += i % 5 == 0 ? [40, 80, 120, 255] : [0, 0, 0, 0] }
            // Two pixels far apart change to an exact palette colour: most of the area between
            // them may keep what is on screen, and they must not.
            var touched = flat
            touched.replaceSubrange(0..<4, with: [200, 10, 10, 255])
            touched.replaceSubrange(touched.count - 4..<touched.count, with: [200, 10, 10, 255])
            let changed = Bitmap(width: width, height: 9, premultiplied: mixed)!
            let frames = [noise, changed, changed, Bitmap(width: width, height: 9, premultiplied: flat)!,
                          Bitmap(width: width, height: 9, premultiplied: touched)!]
            var samples = SharedPalette()
            for frame in frames { samples.add(SharedPalette.colours(of: frame)) }
            for quality in [100, 70] {
                for shared in [nil, samples.palette] {
                    var bytes: [UInt8] = []
                    let writer = try GIFWriter(width: width, height: 9, quality: quality, shared: shared) { bytes += $0 }
                    for frame in frames { try writer.addFrame(frame, delay: 4) }
                    try writer.finish()
                    found.append("\(width) q\(quality)\(shared == nil ? "" : " shared") \(bytes.count) \(checksum(bytes))")
                }
            }
        }
        XCTAssertEqual(found, [
            "1 q100 322 7607d32b0142d67a",
            "1 q100 shared 210 b1aa46c535173690",
            "1 q70 322 7607d32b0142d67a",
            "1 q70 shared 210 b1aa46c535173690",
            "2 q100 483 382af48522d1f7c5",
            "2 q100 shared 280 6546a92e9176a393",
            "2 q70 482 3088c9cba212a547",
            "2 q70 shared 279 f5c9150a5389baab",
            "3 q100 490 448d1c5eda8c679c",
            "3 q100 shared 392 46ab62f9de84c520",
            "3 q70 490 448d1c5eda8c679c",
            "3 q70 shared 392 46ab62f9de84c520",
            "4 q100 808 8e08d6c7bd69c8ea",
            "4 q100 shared 417 9989cf8e05bb7992",
            "4 q70 807 79981af7921f6443",
            "4 q70 shared 416 2e8494c73d651f2b",
            "5 q100 823 cc6bf7355edd838c",
            "5 q100 shared 432 be852dceb7c64fe8",
            "5 q70 822 e67bddbf5c824faf",
            "5 q70 shared 431 9acc360d350be59d",
            "6 q100 829 b703796b466e90e0",
            "6 q100 shared 645 813991618dc9de4",
            "6 q70 829 b703796b466e90e0",
            "6 q70 shared 645 813991618dc9de4",
            "7 q100 852 876c582453a33b93",
            "7 q100 shared 672 93ab1dc8f84f63f4",
            "7 q70 848 8cc82abdf515a3aa",
            "7 q70 shared 668 382bbf0de3e2fdec",
            "8 q100 1457 e0d86c4c7f73f52b",
            "8 q100 shared 690 fbb7aa77e4c96855",
            "8 q70 1457 e0d86c4c7f73f52b",
            "8 q70 shared 690 fbb7aa77e4c96855",
            "9 q100 1465 74cf621fde6cda1d",
            "9 q100 shared 698 a8f91646761e4d7f",
            "9 q70 1463 cc2287ecd5f1b81",
            "9 q70 shared 696 b5a1b6c7918f5fe4",
            "10 q100 1490 f98522e24ed2e69",
            "10 q100 shared 724 720346d863083c6b",
            "10 q70 1487 2beab01d0548f9ab",
            "10 q70 shared 721 2017016dc700099d",
            "11 q100 1508 4d629e53e8a4e8c2",
            "11 q100 shared 1156 dc7569c515b6dcd6",
            "11 q70 1500 f3704fb7a23dc4b3",
            "11 q70 shared 1147 d05d24af13202f9f",
            "12 q100 1514 56b7c0d70f361279",
            "12 q100 shared 1165 db6d33ca17e7f56",
            "12 q70 1506 960301bfab951263",
            "12 q70 shared 1156 18975e71a4b7c6ef",
            "13 q100 1540 3fae15bb9d29f951",
            "13 q100 shared 1194 40e84eae861115c8",
            "13 q70 1536 60b1d74c0ceb44d3",
            "13 q70 shared 1189 9ef95ced5d2d902c",
            "14 q100 1557 64379a7baada4e9f",
            "14 q100 shared 1213 2a638bef7d50b1ad",
            "14 q70 1550 1f306a3470e842ea",
            "14 q70 shared 1205 b398df4a2eccd231",
            "15 q100 2745 d2d46c3382404054",
            "15 q100 shared 1222 9eb4711fbe4f2104",
            "15 q70 2736 baea8d8cee03d76e",
            "15 q70 shared 1213 2aa98549328a429d",
            "16 q100 2774 a2c12241ef79a2ad",
            "16 q100 shared 1251 51e5ed812e4ddee4",
            "16 q70 2760 e90f824a2311da05",
            "16 q70 shared 1237 8cc502195b6d669c",
            "17 q100 2792 9b394cd140babb01",
            "17 q100 shared 1269 56437d47c8598f91",
            "17 q70 2777 fbaee186b3155b75",
            "17 q70 shared 1254 3dd053a2e500c284",
        ])
    }

    /// FNV-1a of a file's bytes, in hexadecimal.
    private func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        String(bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
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
