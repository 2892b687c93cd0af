import Raster
import TestSupport
import XCTest

final class BoxBlurTests: XCTestCase {
    func bitmap(_ w: Int, _ h: Int, _ f: (Int, Int) -> UInt8) -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let v = f(x, y); bytes += [v, v / 2, 255 - v, 255] } }
        return Bitmap(width: w, height: h, straight: bytes)!
    }

    /// Box blur by definition, with edge clamping, in floating point and without rounding between
    /// passes.
    func reference(_ b: Bitmap, radius r: Int, passes: Int) -> [Double] {
        var v = b.pixels.map(Double.init)
        let w = b.width, h = b.height
        for _ in 0..<passes {
            var t = v
            for y in 0..<h { for x in 0..<w { for c in 0..<4 {
                var s = 0.0
                for k in -r...r { s += v[(y * w + min(max(x + k, 0), w - 1)) * 4 + c] }
                t[(y * w + x) * 4 + c] = s / Double(2 * r + 1)
            } } }
            for y in 0..<h { for x in 0..<w { for c in 0..<4 {
                var s = 0.0
                for k in -r...r { s += t[(min(max(y + k, 0), h - 1) * w + x) * 4 + c] }
                v[(y * w + x) * 4 + c] = s / Double(2 * r + 1)
            } } }
        }
        return v
    }

    func testRunningSumsMatchTheDefinition() {
        let b = bitmap(23, 17) { x, y in UInt8((x * 37 + y * 91 + x * y * 13) % 256) }
        for radius in [1, 2, 5, 12, 30] {
            for passes in [1, 3] {
                let blurred = b.boxBlurred(radius: radius, passes: passes).pixels
                let expected = reference(b, radius: radius, passes: passes)
                let worst = zip(blurred, expected).map { abs(Double($0) - $1) }.max()!
                // Each of the 2·passes one-dimensional passes rounds once.
                XCTAssertLessThanOrEqual(worst, Double(passes), "radius \(radius), passes \(passes)")
            }
        }
    }

    func testFlatColourIsUnchangedIncludingAtTheEdges() {
        let c = StraightColor(r: 200, g: 120, b: 40).premultiplied
        let flat = Bitmap(width: 31, height: 9, fill: c)
        XCTAssertEqual(flat.boxBlurred(radius: 20), flat, "clamping leaves no dark halo")
    }

    func testHighFrequencyEnergyDrops() {
        let checker = bitmap(64, 64) { x, y in (x + y) % 2 == 0 ? 255 : 0 }
        func energy(_ b: Bitmap) -> Int {
            var e = 0
            for y in 0..<b.height { for x in 1..<b.width { e += abs(Int(b.pixel(x: x, y: y).r) - Int(b.pixel(x: x - 1, y: y).r)) } }
            return e
        }
        let before = energy(checker), after = energy(checker.boxBlurred(radius: 3))
        XCTAssertLessThan(after * 100, before, "more than 99% of the pixel-to-pixel variation is gone")
    }

    func testPremultipliedInvariantHoldsAndZeroRadiusIsIdentity() {
        var bytes: [UInt8] = []
        for i in 0..<(20 * 20) { let a = UInt8(i * 7 % 256); bytes += [a / 2, a, a / 3, a] }
        let b = Bitmap(width: 20, height: 20, premultiplied: bytes)!
        let blurred = b.boxBlurred(radius: 4)
        XCTAssertNotNil(Bitmap(width: 20, height: 20, premultiplied: blurred.pixels), "c ≤ a everywhere")
        XCTAssertEqual(b.boxBlurred(radius: 0), b)
    }

    /// The vectorized blur against the scalar definition, bit for bit, on random pixels of every
    /// size from 0 to 17 on each side (so every vector tail length occurs) and on wider ones.
    func testVectorKernelMatchesTheScalarDefinition() {
        var seed: UInt64 = 1
        for width in 0...17 {
            for height in 0...17 {
                seed += 1
                let b = noiseBitmap(width: width, height: height, seed: seed)
                // The wide windows only on every third size: the scalar definition is slow for them.
                for radius in [1, 2, 3, 9, 20] + ((width + height) % 3 == 0 ? [130, 300] : []) {
                    XCTAssertEqual(b.boxBlurred(radius: radius).pixels, ScalarReference.boxBlur(b, radius: radius),
                                   "\(width)×\(height) radius \(radius)")
                }
            }
        }
        // Each kind of pass: windows with 16-bit sums (radius up to 127), with 16-bit halves (128
        // to 256), and 32-bit sums beyond.
        for (width, height, radius) in [(131, 29, 7), (64, 70, 31), (250, 3, 100), (5, 300, 120), (300, 9, 127),
                                        (9, 300, 128), (257, 2, 200), (3, 520, 256), (521, 4, 257), (7, 40, 300), (6, 700, 257)] {
            let b = noiseBitmap(width: width, height: height, seed: UInt64(width * height))
            for passes in [1, 3] {
                XCTAssertEqual(b.boxBlurred(radius: radius, passes: passes).pixels,
                               ScalarReference.boxBlur(b, radius: radius, passes: passes), "\(width)×\(height) radius \(radius)")
            }
        }
    }

    /// Windows of 257…513 pixels whose sums pass 2¹⁶ and fall back, across and down: opaque white
    /// quarters among dim noise, which alone never carries. Near the edges, clamping fills a
    /// window with white.
    func testWideWindowSumsCarryingIntoTheSeventeenthBit() {
        let noise = noiseBitmap(width: 600, height: 560, seed: 7)
        var bytes = noise.pixels
        for y in 0..<noise.height {
            for x in 0..<noise.width where (x / 300 + y / 280) % 2 == 0 {
                for c in 0..<4 { bytes[(y * noise.width + x) * 4 + c] = 255 }
            }
        }
        let b = Bitmap(width: noise.width, height: noise.height, premultiplied: bytes)!
        for (radius, passes) in [(128, 1), (160, 1), (160, 3), (256, 1)] {
            let got = b.boxBlurred(radius: radius, passes: passes).pixels
            let expected = ScalarReference.boxBlur(b, radius: radius, passes: passes)
            let first = got.indices.first { got[$0] != expected[$0] }
            XCTAssertNil(first, "radius \(radius), passes \(passes): first differs at pixel \((first ?? 0) / 4) of \(got.count / 4)")
        }
    }
}
