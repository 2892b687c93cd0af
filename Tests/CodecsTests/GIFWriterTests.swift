import Codecs
import Raster
import TestSupport
import XCTest

final class GIFWriterTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A smooth gradient with far more than 256 colours, shifted per frame.
    func gradient(_ w: Int, _ h: Int, shift: Int) -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let r = (x * 255 / (w - 1) + shift) % 256, g = y * 255 / (h - 1), b = (x + y) * 2 % 256
                bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
            }
        }
        return Bitmap(width: w, height: h, straight: bytes)!
    }

    func testRoundTripThroughGiflibDecoder() throws {
        let path = folder.appendingPathComponent("a.gif").path
        let timing = GIFTiming(frameCount: 6, fps: 30)
        let frames = (0..<6).map { gradient(64, 48, shift: $0 * 10) }
        let writer = try GIFFile(path: path, width: 64, height: 48)
        for e in timing.entries { try writer.addFrame(frames[e.frame], delay: e.delay) }
        try writer.finish()

        let gif = try DecodedGIF(path: path)
        XCTAssertEqual(gif.header, "GIF89a")
        XCTAssertEqual(gif.loopCount, 0, "loops forever")
        XCTAssertEqual(gif.frames.count, 6)
        XCTAssertEqual(gif.frames.map(\.delay), [3, 3, 4, 3, 3, 4])
        for (frame, bitmap) in zip(gif.frames, frames) {
            let source = bitmap.straightBytes()
            var worst = 0, total = 0
            for (i, c) in frame.rgb.enumerated() {
                let dr: Int = abs(Int(c >> 16) - Int(source[i * 4]))
                let dg: Int = abs(Int((c >> 8) & 0xFF) - Int(source[i * 4 + 1]))
                let db: Int = abs(Int(c & 0xFF) - Int(source[i * 4 + 2]))
                let d = max(dr, dg, db)
                worst = max(worst, d); total += d
            }
            // 3072 distinct colours into 256: median cut keeps each within a small box, and the
            // ordered dither moves a pixel by at most a few levels more.
            XCTAssertLessThanOrEqual(worst, 24)
            XCTAssertLessThan(Double(total) / Double(frame.rgb.count), 8)
        }
    }

    func testFewColoursAreReproducedExactly() throws {
        let path = folder.appendingPathComponent("b.gif").path
        var bytes: [UInt8] = []
        for i in 0..<(20 * 10) {
            let r = i % 7 * 30, g = i % 5 * 50, b = i % 3 * 100
            bytes += [UInt8(r), UInt8(g), UInt8(b), 255]
        }
        let bitmap = Bitmap(width: 20, height: 10, straight: bytes)!
        let writer = try GIFFile(path: path, width: 20, height: 10)
        try writer.addFrame(bitmap, delay: 5)
        try writer.finish()
        let gif = try DecodedGIF(path: path)
        XCTAssertEqual(gif.frames.count, 1)
        XCTAssertEqual(gif.frames[0].delay, 5)
        for (i, c) in gif.frames[0].rgb.enumerated() {
            XCTAssertEqual(c, UInt32(bytes[i * 4]) << 16 | UInt32(bytes[i * 4 + 1]) << 8 | UInt32(bytes[i * 4 + 2]))
        }
    }

    func testTranslucentPixelsAreFlattenedOntoWhite() throws {
        let path = folder.appendingPathComponent("c.gif").path
        let bitmap = Bitmap(width: 2, height: 1, premultiplied: [0, 0, 0, 0, 128, 0, 0, 128])!
        let writer = try GIFFile(path: path, width: 2, height: 1)
        try writer.addFrame(bitmap, delay: 2)
        try writer.finish()
        XCTAssertEqual(try DecodedGIF(path: path).frames[0].rgb, [0xFFFFFF, 0xFF7F7F])
    }

    /// Every channel over white is c + 255 − a, whatever the colour and opacity: 240 random
    /// premultiplied pixels, few enough for an exact palette, decoded by giflib.
    func testRandomTranslucentPixelsFlattenChannelByChannel() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(Int(state >> 33) % (bound + 1))
        }
        var bytes: [UInt8] = []
        var expected: [UInt32] = []
        for _ in 0..<240 {
            let a = next(255), r = next(Int(a)), g = next(Int(a)), b = next(Int(a))
            bytes += [r, g, b, a]
            let white = 255 - UInt32(a)
            expected.append((UInt32(r) + white) << 16 | (UInt32(g) + white) << 8 | (UInt32(b) + white))
        }
        let path = folder.appendingPathComponent("d.gif").path
        let writer = try GIFFile(path: path, width: 16, height: 15)
        try writer.addFrame(Bitmap(width: 16, height: 15, premultiplied: bytes)!, delay: 2)
        try writer.finish()
        XCTAssertEqual(try DecodedGIF(path: path).frames[0].rgb, expected)
    }

    /// What the sink throws is what the writer throws: the file's own error, not giflib's
    /// generic "write failed".
    func testSinkErrorsComeThrough() throws {
        struct Full: Error, Equatable {}
        let writer = try GIFWriter(width: 2, height: 2) { _ in }
        try writer.addFrame(Bitmap(width: 2, height: 2, fill: StraightColor(r: 1, g: 2, b: 3).premultiplied), delay: 3)
        XCTAssertThrowsError(try GIFWriter(width: 2, height: 2) { _ in throw Full() }) { XCTAssertEqual($0 as? Full, Full()) }
        var budget = 40
        let failing = try GIFWriter(width: 2, height: 2) { bytes in
            budget -= bytes.count
            if budget < 0 { throw Full() }
        }
        XCTAssertThrowsError(try failing.addFrame(Bitmap(width: 2, height: 2), delay: 3)) { XCTAssertEqual($0 as? Full, Full()) }
        XCTAssertThrowsError(try GIFWriter(width: 0, height: 2) { _ in })
    }
}

final class GIFTimingTests: XCTestCase {
    func testThirtyFpsRoundsCumulatively() {
        let t = GIFTiming(frameCount: 90, fps: 30)
        XCTAssertEqual(Array(t.entries.prefix(6).map(\.delay)), [3, 3, 4, 3, 3, 4])
        XCTAssertEqual(t.entries.count, 90)
        XCTAssertEqual(t.total, 300)
    }

    func testNoDelayUnderTwoCentisecondsAndTotalStaysExact() {
        for fps in [1, 7, 24, 25, 30, 48, 50, 59, 60, 100, 120] {
            for frames in [1, 2, 3, 10, 61, 240] {
                let t = GIFTiming(frameCount: frames, fps: fps)
                XCTAssertTrue(t.entries.allSatisfy { $0.delay >= 2 }, "fps \(fps) frames \(frames)")
                XCTAssertEqual(t.total, max(2, 100 * frames / fps), "fps \(fps) frames \(frames)")
                XCTAssertEqual(t.entries.first?.frame, 0)
                XCTAssertEqual(t.entries.map(\.frame), t.entries.map(\.frame).sorted())
            }
        }
    }

    /// At 60 fps frames are due at 0, 1, 3, 5, 6, 8 cs (end 10). Frames 1 and 4 come under 2 cs
    /// after the previous shown frame and are dropped; the rest keep their true start times.
    func testSixtyFpsDropsFramesDueTooSoon() {
        let t = GIFTiming(frameCount: 6, fps: 60)
        XCTAssertEqual(t.entries.map(\.frame), [0, 2, 3, 5])
        XCTAssertEqual(t.entries.map(\.delay), [3, 2, 3, 2])
    }
}

final class QuantizerTests: XCTestCase {
    /// With more than 255 colours each pixel goes to the nearest entry of its colour nudged by at
    /// most ±4 per channel (the ordered dither). By the triangle inequality the chosen entry is
    /// then at most 2·|nudge| ≤ 2·√3·4 farther from the pixel than the nearest entry is.
    func testEachPixelMapsNearItsNearestEntry() {
        var state: UInt32 = 12345
        func next() -> UInt32 { state = state &* 1103515245 &+ 12345; return (state >> 8) & 0xFFFFFF }
        let rgb = (0..<5000).map { _ in next() }
        let image = Quantizer.quantize(width: 100, height: 50, rgb: rgb).image
        XCTAssertEqual(image.palette.count, 255)
        for (i, c) in rgb.enumerated() {
            func d(_ p: UInt32) -> Double {
                let dr = Int(p >> 16) - Int(c >> 16), dg = Int((p >> 8) & 0xFF) - Int((c >> 8) & 0xFF)
                let db = Int(p & 0xFF) - Int(c & 0xFF)
                return Double(dr * dr + dg * dg + db * db).squareRoot()
            }
            let best = image.palette.map(d).min()!
            XCTAssertLessThanOrEqual(d(image.palette[Int(image.indices[i])]), best + 2 * 3.0.squareRoot() * 4 + 1e-9)
        }
    }

    /// What the dither is for: on a two-dimensional gradient of 16384 colours, 4 × 4 block averages
    /// come back within 1.39 levels on average; plain nearest-entry mapping gives 1.75 (measured).
    func testDitherKeepsGradientAveragesCloser() {
        let w = 256, h = 64
        var rgb: [UInt32] = []
        for y in 0..<h { for x in 0..<w { rgb.append(UInt32(x) << 16 | UInt32(y * 4) << 8 | 128) } }
        let image = Quantizer.quantize(width: w, height: h, rgb: rgb).image
        var error = 0.0, count = 0
        for by in stride(from: 0, to: h, by: 4) {
            for bx in stride(from: 0, to: w, by: 4) {
                for shift: UInt32 in [16, 8] {
                    var got = 0, want = 0
                    for y in by..<by + 4 {
                        for x in bx..<bx + 4 {
                            got += Int((image.palette[Int(image.indices[y * w + x])] >> shift) & 0xFF)
                            want += Int((rgb[y * w + x] >> shift) & 0xFF)
                        }
                    }
                    error += Double(abs(got - want)) / 16
                    count += 1
                }
            }
        }
        XCTAssertLessThan(error / Double(count), 1.5)
    }

    /// Colours that are palette entries are never dithered: a flat area stays one index.
    func testExactColoursStayFlat() {
        var rgb = [UInt32](repeating: 0xF2F2F7, count: 64 * 64)
        for i in 0..<2048 { rgb[i] = UInt32(i * 2654435761 & 0xFFFFFF) }   // noise in the top half
        let image = Quantizer.quantize(width: 64, height: 64, rgb: rgb).image
        let flat = Set(image.indices[2048...])
        XCTAssertEqual(flat.count, 1)
        XCTAssertTrue(image.palette.contains(0xF2F2F7))
    }

    func testQuantizationIsDeterministic() {
        let rgb = (0..<4096).map { UInt32($0 * 2654435761 & 0xFFFFFF) }
        XCTAssertEqual(Quantizer.quantize(width: 64, height: 64, rgb: rgb).image, Quantizer.quantize(width: 64, height: 64, rgb: rgb).image)
    }
}

/// Frames after the first store only what changed; decoders still see every frame whole.
final class GIFFrameAreaTests: XCTestCase {
    /// The planner takes a frame handed in again (the very bitmap, as the render's sink does for
    /// a resting scroll) without comparing its pixels: the plan must be the one an equal frame
    /// made afresh, from a bitmap of its own, gets.
    func testAFrameHandedInAgainIsPlannedAsAnEqualOne() {
        var state: UInt32 = 3
        let noisy = (0..<(37 * 23)).flatMap { _ -> [UInt8] in
            state = state &* 1103515245 &+ 12345
            return [UInt8(state >> 24), UInt8((state >> 16) & 0xFF), UInt8((state >> 8) & 0xFF), 255]
        }
        let first = Bitmap(width: 37, height: 23, straight: noisy)!
        let changed = noisy.enumerated().map { $0.offset % 7 == 0 ? $0.element / 2 : $0.element }
        let second = Bitmap(width: 37, height: 23, straight: changed)!
        // Equal to `second`, with storage of its own: the planner cannot know it for the same.
        let secondAfresh = Bitmap(width: 37, height: 23, straight: changed)!
        for quality in [GIFQuality(100), GIFQuality(70)] {
            let a = GIFWriter.prepare(second, quality: quality), b = GIFWriter.prepare(secondAfresh, quality: quality)
            var plans: [[GIFCodedFrame]] = []
            for again in [a, b] {
                let planner = GIFPlanner(width: 37, height: 23, quality: quality)
                plans.append([first, second].map { planner.plan(GIFWriter.prepare($0, quality: quality)).coded() }
                             + [planner.plan(a).coded(), planner.plan(again).coded()])
            }
            for (handedAgain, afresh) in zip(plans[0], plans[1]) {
                XCTAssertEqual(handedAgain.codes, afresh.codes, "quality \(quality)")
                XCTAssertEqual(handedAgain.area, afresh.area, "quality \(quality)")
                XCTAssertEqual(handedAgain.transparent, afresh.transparent, "quality \(quality)")
            }
        }
    }

    func testUnchangedAndPartlyChangedFramesAreSmallAndExact() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("area-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bitmaps: [Bitmap] = []
        for k in 0..<4 {
            var b = Bitmap(width: 40, height: 30, fill: StraightColor(r: 240, g: 240, b: 240).premultiplied)
            // A square that moves on frame 2 and stays on frames 1 and 3.
            let x = k == 2 ? 20.0 : 5.0
            b.fill(RoundedRect(rect: FixedRect(x: x, y: 8, width: 10, height: 10), radius: 0),
                   color: StraightColor(r: 200, g: 30, b: 30).premultiplied, clip: Clip(pixelWidth: 40, pixelHeight: 30))
            bitmaps.append(b)
        }
        let writer = try GIFFile(path: path, width: 40, height: 30)
        for b in bitmaps { try writer.addFrame(b, delay: 3) }
        try writer.finish()
        let gif = try DecodedGIF(path: path)
        XCTAssertEqual(gif.frames.count, 4, "an unchanged frame is still a frame")
        for (frame, bitmap) in zip(gif.frames, bitmaps) {
            let expected = bitmap.straightBytes()
            for (i, c) in frame.rgb.enumerated() {
                XCTAssertEqual(c, UInt32(expected[i * 4]) << 16 | UInt32(expected[i * 4 + 1]) << 8 | UInt32(expected[i * 4 + 2]))
            }
        }
        // Frame 1 repeats frame 0: one pixel. Frame 2 moves the square: x 5…29, y 8…17.
        XCTAssertEqual(gif.areas[1], PixelRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(gif.areas[2], PixelRect(x: 5, y: 8, width: 25, height: 10))
        XCTAssertEqual(gif.areas[0], PixelRect(x: 0, y: 0, width: 40, height: 30))
    }

    /// A frame that changes nothing, handed in again or equal to the last, is one transparent
    /// pixel with no colour table of its own (on the shared palette) or one of two entries: a few
    /// bytes, where a table of its own palette would take 768. Both LZW code sizes decode.
    func testUnchangedFramesCostAFewBytes() throws {
        var state: UInt32 = 9
        let noise = (0..<(50 * 20)).flatMap { _ -> [UInt8] in
            state = state &* 1103515245 &+ 12345
            let k = UInt8(truncatingIfNeeded: state >> 16)
            return [k, 255 &- k, k &* 3, 255]
        }
        let first = try XCTUnwrap(Bitmap(width: 50, height: 20, straight: noise))
        let equal = try XCTUnwrap(Bitmap(width: 50, height: 20, straight: noise))
        let prepared = GIFWriter.prepare(first).image
        let colours = Array(Set(prepared.indices.map { prepared.palette[Int($0)] })).sorted()
        for shared in [nil, colours] {
            let (one, oneSize) = try GIFFile.roundTrip([first], shared: shared)
            let (three, threeSize) = try GIFFile.roundTrip([first, first, equal], shared: shared)
            XCTAssertEqual(three.frames.count, 3)
            for frame in three.frames { XCTAssertEqual(frame.rgb, one.frames[0].rgb) }
            XCTAssertEqual(three.areas[1...], [PixelRect(x: 0, y: 0, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 1, height: 1)])
            XCTAssertEqual(three.localTables[1...], shared == nil ? [true, true] : [false, false])
            XCTAssertLessThan(threeSize - oneSize, 2 * 40, "shared palette: \(shared != nil)")
        }
    }

    /// Two changed pixels in opposite corners make the changed rectangle the whole frame; every
    /// other pixel of a noisy frame is still, so the transparent index stores them as one long run.
    /// (Noise of 64 colours, so that each frame's palette is exact and still pixels keep their colour.)
    func testStillPixelsInsideTheChangedAreaBecomeTransparent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("still-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state: UInt32 = 7
        let noise = (0..<64 * 48).flatMap { _ -> [UInt8] in
            state = state &* 1103515245 &+ 12345
            let k = UInt8(truncatingIfNeeded: state >> 16) & 63
            return [k &* 4, 255 &- k &* 3, k &* 2, 255]
        }
        let first = try XCTUnwrap(Bitmap(width: 64, height: 48, straight: noise))
        var changed = noise
        changed.replaceSubrange(0..<4, with: [1, 2, 3, 255])
        changed.replaceSubrange(changed.count - 4..<changed.count, with: [250, 251, 252, 255])
        let second = try XCTUnwrap(Bitmap(width: 64, height: 48, straight: changed))
        var sizes: [Int] = []
        for frames in [[first], [first, second]] {
            let writer = try GIFFile(path: path, width: 64, height: 48)
            for b in frames { try writer.addFrame(b, delay: 3) }
            try writer.finish()
            sizes.append(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
        }
        let gif = try DecodedGIF(path: path)
        XCTAssertEqual(gif.areas[1], PixelRect(x: 0, y: 0, width: 64, height: 48))
        XCTAssertNotNil(gif.transparentIndices[1], "the second image keeps the still pixels through transparency")
        XCTAssertNil(gif.transparentIndices[0], "the first has nothing to keep")
        XCTAssertLessThan(sizes[1] - sizes[0], sizes[0] / 4, "the second image costs a fraction of the first")
        for (frame, bitmap) in zip(gif.frames, [first, second]) {
            let expected = GIFWriter.prepare(bitmap).image
            XCTAssertEqual(frame.rgb, expected.indices.map { expected.palette[Int($0)] })
        }
    }

    /// The changed rectangle is exact wherever the changed pixels are: first and last column of
    /// odd and even widths, one pixel or two, the pixels compared two at a time from each end.
    func testChangedAreaAtEveryColumn() throws {
        for width in [1, 2, 7, 8] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("cols-\(UUID().uuidString).gif").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let grey = StraightColor(r: 240, g: 240, b: 240).premultiplied, red = StraightColor(r: 200, g: 30, b: 30).premultiplied
            let plain = Bitmap(width: width, height: 3, fill: grey)
            var expected: [PixelRect] = []
            let writer = try GIFFile(path: path, width: width, height: 3)
            try writer.addFrame(plain, delay: 3)
            for first in 0..<width {
                for last in first..<width {
                    var b = plain
                    for x in Set([first, last]) {
                        b.fill(RoundedRect(rect: FixedRect(x: Double(x), y: 1, width: 1, height: 1), radius: 0), color: red,
                               clip: Clip(pixelWidth: width, pixelHeight: 3))
                    }
                    try writer.addFrame(b, delay: 3)
                    try writer.addFrame(plain, delay: 3)
                    expected.append(PixelRect(x: first, y: 1, width: last - first + 1, height: 1))
                }
            }
            try writer.finish()
            let areas = try DecodedGIF(path: path).areas
            for (k, area) in expected.enumerated() {
                XCTAssertEqual(areas[1 + 2 * k], area, "width \(width)")
                XCTAssertEqual(areas[2 + 2 * k], area, "width \(width): back to plain")
            }
        }
    }
}
