import Codecs
import Foundation
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

    /// Each pixel's `TextureMasking` weight as documented, computed directly: the luma of the
    /// 3 × 3 pixels around it (coordinates clamped to the image), their variance scaled, in
    /// sixteenths, at most 255.
    func maskingWeights(_ rgb: [UInt32], width: Int, height: Int) -> [Int] {
        func luma(_ x: Int, _ y: Int) -> Int {
            let c = rgb[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
            return (77 * Int(c >> 16 & 0xFF) + 150 * Int(c >> 8 & 0xFF) + 29 * Int(c & 0xFF) + 128) >> 8
        }
        var weights: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let window = [-1, 0, 1].flatMap { dy in [-1, 0, 1].map { dx in luma(x + dx, y + dy) } }
                let sum = window.reduce(0, +), squares = window.map { $0 * $0 }.reduce(0, +)
                weights.append(min(255, 16 + 320_000 * (9 * squares - sum * sum) / (81 * 585_225)))
            }
        }
        return weights
    }

    /// Each pixel's tolerance at `quality`: the documented tolerance scaled by its masking weight.
    func masked(_ quality: Int, _ truth: [UInt32], width: Int, height: Int) -> [Int] {
        let tolerance = documented(quality).tolerance
        return maskingWeights(truth, width: width, height: height).map { tolerance * $0 / 16 }
    }

    /// The trade of a quality as `GIFQuality` documents it, worked out here on its own: a
    /// per-channel error of (100 − Q)/3 levels down to 90, then a level more every 3 points; the
    /// dither's spread from 8 at 100 to 4 at 90, and 4 below; 255 colours throughout.
    func documented(_ quality: Int) -> (tolerance: Int, spread: Int, colors: Int) {
        let perChannel = quality >= 90 ? (100 - quality) / 3 : 3 + (90 - quality) / 3
        let spread = quality >= 90 ? 8 * (quality - 80) / 20 : 4
        return (3 * perChannel * perChannel, spread, 255)
    }

    func testTheQualitysTradeIsTheDocumentedOne() {
        for quality in 1...100 {
            let trade = GIFQuality(quality), expected = documented(quality)
            XCTAssertEqual([trade.tolerance, trade.spread, trade.colors], [expected.tolerance, expected.spread, expected.colors],
                           "quality \(quality)")
        }
        // Points worked out by hand.
        XCTAssertEqual([100, 95, 90, 89, 80, 75, 70, 60, 50, 40, 1].map { GIFQuality($0).colors },
                       [255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255])
        XCTAssertEqual([100, 95, 90, 89, 80, 75, 70, 60, 50, 40, 1].map { GIFQuality($0).spread },
                       [8, 6, 4, 4, 4, 4, 4, 4, 4, 4, 4])
        XCTAssertEqual([100, 95, 90, 89, 80, 75, 70, 60, 50, 49, 40, 1].map { GIFQuality($0).tolerance },
                       [0, 3, 27, 27, 108, 192, 243, 507, 768, 768, 1083, 3072])
        XCTAssertTrue((1...100).allSatisfy { GIFQuality($0).masking }, "every quality masks its tolerance")
        XCTAssertFalse(GIFQuality(tolerance: 27, spread: 4, colors: 255).masking, "a trade set part by part does not")
    }

    /// Weights computed directly over each 3 × 3 window, on images from one pixel up: thin ones
    /// (whose windows repeat edge rows or columns on both sides) and one of 40 × 30 whose left half
    /// is strong noise (weights at their cap), its right half faint noise (weights between), and
    /// a flat band at the top (weight 16).
    func testMaskingWeightsAreTheDocumentedOnes() {
        var state: UInt32 = 11
        func image(_ width: Int, _ height: Int) -> [UInt32] {
            (0..<(width * height)).map { i -> UInt32 in
                state = state &* 1103515245 &+ 12345
                let x = i % width, y = i / width
                if y < 3 && height > 20 { return 0x4080C0 }
                let amplitude: UInt32 = x < width / 2 ? 156 : 12
                let r = (state >> 24) % amplitude, g = (state >> 16 & 0xFF) % amplitude, b = (state >> 8 & 0xFF) % amplitude
                return (100 + r) << 16 | (90 + g) << 8 | (80 + b)
            }
        }
        var seen = Set<Int>()
        for (width, height) in [(1, 1), (2, 2), (2, 7), (7, 2), (3, 1), (1, 5), (5, 4), (17, 3), (40, 30)] {
            let rgb = image(width, height)
            let found = TextureMasking.weights(rgb: rgb, width: width, height: height).map(Int.init)
            let expected = maskingWeights(rgb, width: width, height: height)
            XCTAssertEqual(found, expected, "\(width) × \(height)")
            seen.formUnion(expected)
        }
        XCTAssertTrue(seen.contains(16) && seen.contains(255) && seen.contains { $0 > 16 && $0 < 255 },
                      "flat, capped and in-between weights all checked: \(seen.sorted())")
        XCTAssertEqual(TextureMasking.weights(rgb: [], width: 0, height: 0), [])
    }

    func testEveryPixelStaysWithinTheQualitysBound() throws {
        let frames = (0..<4).map(frame)
        for quality in [100, 90, 75, 40, 1] {
            let (gif, _) = try GIFFile.roundTrip(frames, quality: quality)
            XCTAssertEqual(gif.frames.count, 4)
            let (_, spread, colors) = documented(quality)
            for (decoded, bitmap) in zip(gif.frames, frames) {
                let truth = rgb(bitmap.straightBytes())
                let own = Quantizer.quantize(width: 80, height: 60, rgb: truth, spread: spread, colors: colors).image
                XCTAssertLessThanOrEqual(own.palette.count, colors)
                let tolerances = masked(quality, truth, width: 80, height: 60)
                var worse = 0
                for i in truth.indices {
                    let allowed = max(tolerances[i], distance(own.palette[Int(own.indices[i])], truth[i]))
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
            let (_, spread, colors) = documented(quality)
            for (k, (decoded, bitmap)) in zip(gif.frames, frames).enumerated() {
                let truth = rgb(bitmap.straightBytes())
                let own = Quantizer.quantize(width: 70, height: 50, rgb: truth, spread: spread, colors: colors).image
                let tolerances = masked(quality, truth, width: 70, height: 50)
                let worse = truth.indices.filter { i in
                    distance(decoded.rgb[i], truth[i]) > max(tolerances[i], distance(own.palette[Int(own.indices[i])], truth[i]))
                }
                XCTAssertEqual(worse.count, 0, "quality \(quality), frame \(k): pixels beyond the bound")
            }
        }
    }

    /// Masking spends the tolerance where texture hides it: on a scrolling crop of a sample
    /// picture (flowers in grass below smooth hills), the masked file is smaller than one with
    /// the same tolerance everywhere, and some pixels use error beyond the unmasked tolerance
    /// (which a masking that did nothing would not).
    func testMaskingSpendsErrorOnTextureAndSavesBytes() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../samples/images/meadow.png")
        let meadow = try PNGCodec.decode([UInt8](Data(contentsOf: file)))
        let picture = meadow.straightBytes()
        let frames = (0..<4).map { k -> Bitmap in
            var bytes: [UInt8] = []
            for y in 0..<120 {
                let start = ((440 + 3 * k + y) * meadow.width + 300) * 4
                bytes += picture[start..<start + 160 * 4]
            }
            return Bitmap(width: 160, height: 120, straight: bytes)!
        }
        let plain = GIFQuality(75), unmasked = GIFQuality(tolerance: plain.tolerance, spread: plain.spread, colors: plain.colors)
        var sizes: [Int] = [], strays: [Int] = []
        for quality in [unmasked, plain] {
            var bytes: [UInt8] = []
            let writer = try GIFWriter(width: 160, height: 120, quality: quality) { bytes += $0 }
            for frame in frames { try writer.addFrame(frame, delay: 4) }
            try writer.finish()
            sizes.append(bytes.count)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("masking-\(UUID().uuidString).gif").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let decoded = try DecodedGIF(path: path)
            var stray = 0
            for (shown, bitmap) in zip(decoded.frames, frames) {
                let truth = rgb(bitmap.straightBytes()), own = Quantizer.quantize(width: 160, height: 120, rgb: truth,
                                                                                   spread: plain.spread, colors: plain.colors).image
                for i in truth.indices where distance(shown.rgb[i], truth[i]) > max(plain.tolerance, distance(own.palette[Int(own.indices[i])], truth[i])) {
                    stray += 1
                }
            }
            strays.append(stray)
        }
        XCTAssertLessThan(sizes[1] * 100, sizes[0] * 98, "masked size \(sizes[1]) against \(sizes[0])")
        XCTAssertEqual(strays[0], 0, "unmasked pixels stay within the plain tolerance")
        XCTAssertGreaterThan(strays[1], 0, "masked pixels use the tolerance texture lends them")
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
    /// of `Float`, computed one way only (sizes and checksums recorded from it), with the frame
    /// handed in again stored as `GIFCodedFrame.unchanged(on:)`. (When that came, each new file
    /// was checked to be the old one with only that frame replaced, rebuilt by a separate script.)
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
            // "q70": the trade quality 70 made when the files were recorded (3 × 10², no dither).
            for (quality, trade) in [(100, GIFQuality(100)), (70, GIFQuality(tolerance: 300, spread: 0, colors: 255))] {
                for shared in [nil, samples.palette] {
                    var bytes: [UInt8] = []
                    let writer = try GIFWriter(width: width, height: 9, quality: trade, shared: shared) { bytes += $0 }
                    for frame in frames { try writer.addFrame(frame, delay: 4) }
                    try writer.finish()
                    found.append("\(width) q\(quality)\(shared == nil ? "" : " shared") \(bytes.count) \(checksum(bytes))")
                }
            }
        }
        XCTAssertEqual(found, [
            "1 q100 280 43eaa5a18b57fdaf",
            "1 q100 shared 210 1fa217074bc799e0",
            "1 q70 280 43eaa5a18b57fdaf",
            "1 q70 shared 210 1fa217074bc799e0",
            "2 q100 392 29f7132c4ec348ed",
            "2 q100 shared 280 7b6f62a46072bb59",
            "2 q70 391 ddf6797a2f38841b",
            "2 q70 shared 279 8b81967db47634d1",
            "3 q100 399 3aa530b3a1433f32",
            "3 q100 shared 392 ebb282bd9eab8879",
            "3 q70 399 3aa530b3a1433f32",
            "3 q70 shared 392 ebb282bd9eab8879",
            "4 q100 621 3624356f7154e2a3",
            "4 q100 shared 417 2128d960e8536d79",
            "4 q70 620 5560d2ac790cca0c",
            "4 q70 shared 416 9ead0ce9ad2adbd8",
            "5 q100 636 8a2647e4778a4be1",
            "5 q100 shared 432 2572307fa5e88160",
            "5 q70 635 ce585cad42ba6514",
            "5 q70 shared 431 afa69de1d4a46b41",
            "6 q100 642 9c01be00a7bca2b6",
            "6 q100 shared 645 f41245b57474d80b",
            "6 q70 642 9c01be00a7bca2b6",
            "6 q70 shared 645 f41245b57474d80b",
            "7 q100 665 4cc1fcea2e99aec2",
            "7 q100 shared 672 8cf0f33b1803d00",
            "7 q70 661 ec813dfdf738ed15",
            "7 q70 shared 668 b9726fb901870848",
            "8 q100 1078 f002b77dc69b9cd3",
            "8 q100 shared 690 ec955b4d6ceb3938",
            "8 q70 1078 f002b77dc69b9cd3",
            "8 q70 shared 690 ec955b4d6ceb3938",
            "9 q100 1086 dd57bd85b868cb57",
            "9 q100 shared 698 ee8515a3d8dbc8ec",
            "9 q70 1084 41d06ec68782e0b",
            "9 q70 shared 696 4295b7f4607150f7",
            "10 q100 1111 667063f2635505dc",
            "10 q100 shared 724 8a408d2583f3aee7",
            "10 q70 1108 a31a1d54cb4e2896",
            "10 q70 shared 721 cdeb96b04519a791",
            "11 q100 1129 dcbc22ed1383653e",
            "11 q100 shared 1156 8923e60eb48b32b9",
            "11 q70 1121 33448ba914433675",
            "11 q70 shared 1147 b1cbaebacdf1cc0c",
            "12 q100 1135 525187664af6a8f9",
            "12 q100 shared 1165 e205e3baf27bcc5d",
            "12 q70 1127 abe78fc3c725db0f",
            "12 q70 shared 1156 3b855bf77551a450",
            "13 q100 1161 cf8ad79468e5abb3",
            "13 q100 shared 1194 88b34440cd96c1f7",
            "13 q70 1157 eceb764278b75e09",
            "13 q70 shared 1189 a8d75c25c62c481b",
            "14 q100 1178 cf1c60878b47c135",
            "14 q100 shared 1213 44e4b83fcf705097",
            "14 q70 1171 130abb384952819a",
            "14 q70 shared 1205 330cf1406426894b",
            "15 q100 1981 631bcfad6df88343",
            "15 q100 shared 1222 b21ee29805287c01",
            "15 q70 1972 a04a325fb128fb11",
            "15 q70 shared 1213 2d9780e4849e74d0",
            "16 q100 2010 1f82993f6bc3cdb7",
            "16 q100 shared 1251 fdc189a5d594712d",
            "16 q70 1996 f683512c27a2e18f",
            "16 q70 shared 1237 559fad24e2478d35",
            "17 q100 2028 f6dec82d70b7b3d0",
            "17 q100 shared 1269 15e00b00a1361519",
            "17 q70 2013 a4e68b94a6be88bc",
            "17 q70 shared 1254 85dea2fe258c527c",
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
