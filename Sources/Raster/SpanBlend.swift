/// Source-over along one row of pixels: the inner loop of every compositing operation.
///
/// Each kernel gives exactly what `blendPixel` gives pixel by pixel; it only goes faster where
/// the arithmetic is known. A pixel fully covered by an opaque source is a copy, because
/// div255(c × 255) = c; a fully covered translucent one is s + div255(d × (255 − sa)), four
/// pixels at a time in 16-bit lanes (every intermediate stays below 65,536). Partly covered
/// pixels of a layer, at the edges of shapes, take the scalar path; those of a colour (edges,
/// glyphs, shadows) go four at a time too.
enum SpanBlend {
    /// `src` over `dst` for `count` pixels, each scaled by div255(coverage × opacity).
    @inline(__always)
    static func over(_ dst: UnsafeMutableBufferPointer<UInt8>, at i: Int, _ src: UnsafeBufferPointer<UInt8>, at j: Int,
                     coverage: UnsafeBufferPointer<UInt8>, count: Int, opacity: Int) {
        var x = 0
        while x < count {
            if opacity == 255 && coverage[x] == 255 {
                let end = fullRunEnd(coverage, from: x, count: count)
                overCovered(dst, at: i + x * 4, src, at: j + x * 4, count: end - x)
                x = end
            } else {
                let m = opacity == 255 ? Int(coverage[x]) : div255(Int(coverage[x]) * opacity)
                blendPixel(dst, i + x * 4, src, j + x * 4, m)
                x += 1
            }
        }
    }

    /// The end of the run of full coverage that starts at `x`: the interior of a shape's row is one
    /// such run, as wide as the shape, so it is scanned eight bytes at a time.
    @inline(__always)
    private static func fullRunEnd(_ coverage: UnsafeBufferPointer<UInt8>, from x: Int, count: Int) -> Int {
        let raw = UnsafeRawPointer(coverage.baseAddress!)
        var end = x + 1
        while end + 8 <= count && raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == .max { end += 8 }
        while end < count && coverage[end] == 255 { end += 1 }
        return end
    }

    /// `src` over `dst`, fully covered, for `count` pixels.
    @inline(__always)
    private static func overCovered(_ dst: UnsafeMutableBufferPointer<UInt8>, at i: Int, _ src: UnsafeBufferPointer<UInt8>,
                                    at j: Int, count: Int) {
        let d = UnsafeMutableRawPointer(dst.baseAddress! + i), s = UnsafeRawPointer(src.baseAddress! + j)
        let opaque = SIMD4<UInt32>(repeating: 255)
        var k = 0
        while k + 4 <= count {
            let pixels = s.loadUnaligned(fromByteOffset: k * 4, as: SIMD4<UInt32>.self)
            let alpha = pixels &>> 24
            if alpha == opaque {
                d.storeBytes(of: pixels, toByteOffset: k * 4, as: SIMD4<UInt32>.self)
            } else if alpha != .zero {
                let keep = (opaque &- alpha) &* 0x0101_0101
                let blended = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(pixels, to: SIMD16<UInt8>.self))
                    &+ scaled(d.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<UInt8>.self), by: keep)
                d.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: blended), toByteOffset: k * 4, as: SIMD16<UInt8>.self)
            }
            k += 4
        }
        while k < count { blendPixel(dst, i + k * 4, src, j + k * 4, 255); k += 1 }
    }

    /// `color` over `dst` for `count` pixels, each scaled by its coverage.
    @inline(__always)
    static func fill(_ dst: UnsafeMutableBufferPointer<UInt8>, at i: Int, color: PremultipliedColor,
                     coverage: UnsafeBufferPointer<UInt8>, count: Int) {
        let source = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        let keep = SIMD4<UInt32>(repeating: UInt32(255 - color.a) &* 0x0101_0101)
        let colour = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD16<UInt8>.self))
        withUnsafeBytes(of: source) { one in
            let src = one.bindMemory(to: UInt8.self)
            var x = 0
            while x < count {
                guard coverage[x] == 255 else {
                    if x + 4 <= count {
                        let weights = SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(coverage.baseAddress! + x)
                            .loadUnaligned(as: SIMD4<UInt8>.self))
                        fillFour(UnsafeMutableRawPointer(dst.baseAddress! + i + x * 4), colour: colour, weights: weights)
                        x += 4
                    } else {
                        blendPixel(dst, i + x * 4, src, 0, Int(coverage[x]))
                        x += 1
                    }
                    continue
                }
                let end = fullRunEnd(coverage, from: x, count: count)
                let d = UnsafeMutableRawPointer(dst.baseAddress! + i + x * 4), n = end - x
                var k = 0
                if color.a == 255 {
                    let four = SIMD4<UInt32>(repeating: source)
                    while k + 4 <= n { d.storeBytes(of: four, toByteOffset: k * 4, as: SIMD4<UInt32>.self); k += 4 }
                    while k < n { d.storeBytes(of: source, toByteOffset: k * 4, as: UInt32.self); k += 1 }
                } else {
                    while k + 4 <= n {
                        let blended = colour &+ scaled(d.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<UInt8>.self), by: keep)
                        d.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: blended), toByteOffset: k * 4, as: SIMD16<UInt8>.self)
                        k += 4
                    }
                    while k < n { blendPixel(dst, i + (x + k) * 4, src, 0, 255); k += 1 }
                }
                x = end
            }
        }
    }

    /// `blendPixel` of a colour (`colour`: its four channels, in 16-bit lanes, for each of four
    /// pixels) onto the four pixels at `d`, each with its weight in `weights` (0…255). With
    /// s = div255(c × m) per channel, each is s + div255(d × (255 − sa)); a weight or source alpha
    /// of 0, which `blendPixel` skips, gives the same: s is 0 (c ≤ a) and div255(d × 255) = d.
    @inline(__always)
    private static func fillFour(_ d: UnsafeMutableRawPointer, colour: SIMD16<UInt16>, weights: SIMD4<UInt32>) {
        let source = SIMD16<UInt8>(truncatingIfNeeded: div255(
            colour &* SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(weights &* 0x0101_0101, to: SIMD16<UInt8>.self))))
        let keep = (SIMD4<UInt32>(repeating: 255) &- unsafeBitCast(source, to: SIMD4<UInt32>.self) &>> 24) &* 0x0101_0101
        let blended = SIMD16<UInt16>(truncatingIfNeeded: source) &+ scaled(d.loadUnaligned(as: SIMD16<UInt8>.self), by: keep)
        d.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: blended), as: SIMD16<UInt8>.self)
    }

    /// div255(d × keep) per byte, in 16-bit lanes: d × keep + 128 ≤ 65,153, plus its high byte
    /// stays below 65,536.
    @inline(__always)
    private static func scaled(_ d: SIMD16<UInt8>, by keep: SIMD4<UInt32>) -> SIMD16<UInt16> {
        div255(SIMD16<UInt16>(truncatingIfNeeded: d) &* SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(keep, to: SIMD16<UInt8>.self)))
    }
}
