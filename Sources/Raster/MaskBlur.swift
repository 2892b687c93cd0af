extension CoverageMask {
    /// The box blur of `Bitmap.boxBlurred`, of one channel: the coverage a bitmap whose every
    /// channel is this coverage would have after the same blur, byte for byte, at a quarter of
    /// the work and memory.
    ///
    /// Each horizontal pass sees the rows four at a time as the bytes of one pixel (`MaskQuads`),
    /// so the four-channel kernels blur four rows at once with each row's own neighbours; each
    /// vertical pass sees the rows as they are, one byte a column.
    public func boxBlurred(radius: Int, passes: Int = 3) -> CoverageMask {
        guard radius > 0, width > 0, height > 0 else { return self }
        var plain = coverage
        let quadRows = (height + 3) / 4
        var quads = [UInt8](repeating: 0, count: width * quadRows * 4)
        var blur = BoxBlurPasses(radius: radius, lanes: width, height: height)
        for _ in 0..<passes {
            MaskQuads.pack(plain, into: &quads, width: width, height: height)
            blur.rows(&quads, width: width, height: quadRows)
            MaskQuads.unpack(quads, into: &plain, width: width, height: height)
            blur.columns(&plain, lanes: width, height: height)
        }
        return CoverageMask(width: width, height: height, coverage: plain)
    }
}

/// A mask's rows four at a time as the bytes of one four-byte pixel: byte c of pixel (x, q) is
/// byte x of row 4q + c, and rows past the last are zero. Sixteen columns of four rows at a time
/// are a 4 × 16 byte transpose, done by interleaving vectors (`punpckl`/`punpckh`), the rest of a
/// row byte by byte.
enum MaskQuads {
    static func pack(_ plain: [UInt8], into quads: inout [UInt8], width: Int, height: Int) {
        let zeros = [UInt8](repeating: 0, count: width)
        plain.withUnsafeBytes { src in
            zeros.withUnsafeBytes { zero in
                quads.withUnsafeMutableBytes { dst in
                    for q in 0..<(height + 3) / 4 {
                        @inline(__always) func row(_ c: Int) -> UnsafeRawPointer {
                            4 * q + c < height ? src.baseAddress! + (4 * q + c) * width : zero.baseAddress!
                        }
                        let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3)
                        let out = dst.baseAddress! + q * width * 4
                        var x = 0
                        while x + 16 <= width {
                            let (ab0, ab1) = interleaved(r0.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self),
                                                         r1.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self), unit: 1)
                            let (cd0, cd1) = interleaved(r2.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self),
                                                         r3.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self), unit: 1)
                            let (p0, p1) = interleaved(ab0, cd0, unit: 2), (p2, p3) = interleaved(ab1, cd1, unit: 2)
                            out.storeBytes(of: p0, toByteOffset: x * 4, as: SIMD16<UInt8>.self)
                            out.storeBytes(of: p1, toByteOffset: x * 4 + 16, as: SIMD16<UInt8>.self)
                            out.storeBytes(of: p2, toByteOffset: x * 4 + 32, as: SIMD16<UInt8>.self)
                            out.storeBytes(of: p3, toByteOffset: x * 4 + 48, as: SIMD16<UInt8>.self)
                            x += 16
                        }
                        while x < width {
                            @inline(__always) func byte(_ r: UnsafeRawPointer) -> UInt32 {
                                UInt32(r.load(fromByteOffset: x, as: UInt8.self))
                            }
                            let column = byte(r0) | byte(r1) << 8 | byte(r2) << 16 | byte(r3) << 24
                            out.storeBytes(of: column, toByteOffset: x * 4, as: UInt32.self)
                            x += 1
                        }
                    }
                }
            }
        }
    }

    static func unpack(_ quads: [UInt8], into plain: inout [UInt8], width: Int, height: Int) {
        quads.withUnsafeBytes { src in
            plain.withUnsafeMutableBytes { dst in
                for q in 0..<(height + 3) / 4 {
                    let pixels = src.baseAddress! + q * width * 4, rows = min(4, height - 4 * q)
                    let out = dst.baseAddress! + 4 * q * width
                    var x = 0
                    while x + 16 <= width {
                        var v0 = pixels.loadUnaligned(fromByteOffset: x * 4, as: SIMD16<UInt8>.self)
                        var v1 = pixels.loadUnaligned(fromByteOffset: x * 4 + 16, as: SIMD16<UInt8>.self)
                        var v2 = pixels.loadUnaligned(fromByteOffset: x * 4 + 32, as: SIMD16<UInt8>.self)
                        var v3 = pixels.loadUnaligned(fromByteOffset: x * 4 + 48, as: SIMD16<UInt8>.self)
                        // Three byte interleaves of pairs, then one of halves, leave rows 0, 2, 1, 3 in
                        // v0…v3 (a network found by search over interleaves, checked by the tests).
                        for _ in 0..<3 {
                            (v0, v1) = interleaved(v0, v1, unit: 1)
                            (v2, v3) = interleaved(v2, v3, unit: 1)
                        }
                        (v0, v2) = interleaved(v0, v2, unit: 8)
                        (v1, v3) = interleaved(v1, v3, unit: 8)
                        out.storeBytes(of: v0, toByteOffset: x, as: SIMD16<UInt8>.self)
                        if rows > 1 { out.storeBytes(of: v2, toByteOffset: width + x, as: SIMD16<UInt8>.self) }
                        if rows > 2 { out.storeBytes(of: v1, toByteOffset: 2 * width + x, as: SIMD16<UInt8>.self) }
                        if rows > 3 { out.storeBytes(of: v3, toByteOffset: 3 * width + x, as: SIMD16<UInt8>.self) }
                        x += 16
                    }
                    while x < width {
                        for c in 0..<rows {
                            out.storeBytes(of: pixels.load(fromByteOffset: x * 4 + c, as: UInt8.self), toByteOffset: c * width + x,
                                           as: UInt8.self)
                        }
                        x += 1
                    }
                }
            }
        }
    }

    /// The low halves of `a` and `b` interleaved in `unit`s of 1, 2 or 8 bytes, then the high
    /// halves: what `punpckl`/`punpckh` give, to which the compiler turns these.
    @inline(__always)
    static func interleaved(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, unit: Int) -> (SIMD16<UInt8>, SIMD16<UInt8>) {
        switch unit {
        case 1:
            return (SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]),
                    SIMD16(a[8], b[8], a[9], b[9], a[10], b[10], a[11], b[11], a[12], b[12], a[13], b[13], a[14], b[14], a[15], b[15]))
        case 2:
            let a = unsafeBitCast(a, to: SIMD8<UInt16>.self), b = unsafeBitCast(b, to: SIMD8<UInt16>.self)
            return (unsafeBitCast(SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]), to: SIMD16<UInt8>.self),
                    unsafeBitCast(SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]), to: SIMD16<UInt8>.self))
        default:
            let a = unsafeBitCast(a, to: SIMD2<UInt64>.self), b = unsafeBitCast(b, to: SIMD2<UInt64>.self)
            return (unsafeBitCast(SIMD2(a[0], b[0]), to: SIMD16<UInt8>.self), unsafeBitCast(SIMD2(a[1], b[1]), to: SIMD16<UInt8>.self))
        }
    }
}
