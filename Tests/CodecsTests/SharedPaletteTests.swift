import Codecs
import Raster
import TestSupport
import XCTest

/// One palette for every frame: made from sample frames, stored once as the global colour table,
/// and taken by each frame it serves about as well as a palette of its own.
final class SharedPaletteTests: XCTestCase {
    /// An interface-like frame: a flat background, a card that moves and changes shade, and a
    /// still gradient strip: about 1,730 colours per frame, all but the card's the same in every frame.
    func frame(_ k: Int) -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<96 {
                var c: [Int] = [242, 242, 247]
                if y >= 30 { c = [40 + x * 2, 90 + x, 200 + (y - 30) * 2] }
                if (10 + k * 4..<30 + k * 4).contains(x), (8..<24).contains(y) { c = [200 + k * 8 - x % 5, 200 + k * 8 - x % 5, 210] }
                bytes += c.map { UInt8(min(255, $0)) } + [255]
            }
        }
        return Bitmap(width: 96, height: 48, straight: bytes)!
    }

    func truth(_ bitmap: Bitmap) -> [UInt32] {
        let b = bitmap.straightBytes()
        return (0..<bitmap.width * bitmap.height).map { i -> UInt32 in
            let r = UInt32(b[i * 4]) << 16, g = UInt32(b[i * 4 + 1]) << 8
            return r | g | UInt32(b[i * 4 + 2])
        }
    }

    func squaredError(_ a: [UInt32], _ b: [UInt32]) -> Int {
        zip(a, b).reduce(0) { total, pair in
            let (p, q) = pair
            let dr = Int(p >> 16) - Int(q >> 16), dg = Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF), db = Int(p & 0xFF) - Int(q & 0xFF)
            return total + dr * dr + dg * dg + db * db
        }
    }

    func testFramesTakeTheSharedPaletteAndStayClose() throws {
        let frames = (0..<8).map(frame)
        var sampled = SharedPalette()
        for b in frames { sampled.add(SharedPalette.colours(of: b)) }
        let palette = try XCTUnwrap(sampled.palette)
        XCTAssertLessThanOrEqual(palette.count, 255)
        let (gif, size) = try GIFFile.roundTrip(frames, shared: palette)
        XCTAssertTrue(gif.hasGlobalTable)
        XCTAssertEqual(gif.localTables, Array(repeating: false, count: 8), "every frame on the global table")
        for (decoded, bitmap) in zip(gif.frames, frames) {
            // No worse than 1.1 × the frame's own palette's error, plus 0.1 per pixel (GIFWriter.prepare).
            let rgb = truth(bitmap)
            let own = Quantizer.quantize(width: 96, height: 48, rgb: rgb).image
            let ownError = squaredError(own.indices.map { own.palette[Int($0)] }, rgb)
            XCTAssertLessThanOrEqual(squaredError(decoded.rgb, rgb) * 10, ownError * 11 + rgb.count)
        }
        let (alone, separate) = try GIFFile.roundTrip(frames)
        XCTAssertFalse(alone.hasGlobalTable)
        XCTAssertLessThan(size, separate, "a shared palette saves the tables and keeps still pixels still")
    }

    /// The choice between the shared palette and a frame's own follows the squared errors of
    /// both, as computed here. The shared palette is made worse step by step (its m least used
    /// entries shifted by one level, m growing by a 48th of the palette), so the errors cross the
    /// allowance, 1.1 × the own palette's plus 0.1 a pixel, in small steps.
    func testSharedPaletteIsTakenExactlyWhileItsErrorIsWithinTheAllowance() throws {
        let frames = (0..<4).map(frame)
        var sampled = SharedPalette()
        for b in frames { sampled.add(SharedPalette.colours(of: b)) }
        let palette = try XCTUnwrap(sampled.palette)
        // Least used first, so that each step adds little error.
        var uses = [Int](repeating: 0, count: palette.count)
        for bitmap in frames {
            for index in Quantizer.map(width: 96, height: 48, rgb: truth(bitmap), palette: palette).image.indices { uses[Int(index)] += 1 }
        }
        let order = palette.indices.sorted { (uses[$0], $0) < (uses[$1], $1) }
        var outcomes: [Bool] = []
        for m in stride(from: 0, through: palette.count, by: max(1, palette.count / 48)) {
            let moved = Set(order.prefix(m))
            let shifted = palette.enumerated().map { i, c -> UInt32 in
                guard moved.contains(i) else { return c }
                let move = { (v: UInt32) in UInt32(min(255, Int(v) + 1)) }
                return move(c >> 16) << 16 | move((c >> 8) & 0xFF) << 8 | move(c & 0xFF)
            }
            let (gif, _) = try GIFFile.roundTrip(frames, shared: shifted)
            for (i, bitmap) in frames.enumerated() {
                let rgb = truth(bitmap)
                let own = Quantizer.quantize(width: 96, height: 48, rgb: rgb).image
                let common = Quantizer.map(width: 96, height: 48, rgb: rgb, palette: shifted).image
                let takesShared = squaredError(common.indices.map { shifted[Int($0)] }, rgb) * 10
                    <= squaredError(own.indices.map { own.palette[Int($0)] }, rgb) * 11 + rgb.count
                XCTAssertEqual(gif.localTables[i], !takesShared, "frame \(i), \(m) entries shifted")
                outcomes.append(takesShared)
            }
        }
        XCTAssertTrue(outcomes.contains(true) && outcomes.contains(false), "both choices are made somewhere")
    }

    func testPhotosHaveTooManyColoursToShare() {
        var state: UInt32 = 3
        let bytes = (0..<(300 * 300)).flatMap { _ -> [UInt8] in
            state = state &* 1103515245 &+ 12345
            return [UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), UInt8(truncatingIfNeeded: state >> 24), 255]
        }
        var sampled = SharedPalette()
        sampled.add(SharedPalette.colours(of: Bitmap(width: 300, height: 300, straight: bytes)!))
        XCTAssertNil(sampled.palette)
    }
}
