extension Bitmap {
    /// The passes of `boxBlurred` in 16-bit lanes, for windows whose sums fit 16 bits (radius up to
    /// 127). Same bytes as the 32-bit passes: `WindowDivisor` checked its 16-bit division against
    /// the 24-bit one for every possible sum. Half the lane width doubles the work per instruction,
    /// and the division becomes one multiply-high (`pmulhuw`) instead of an emulated 32-bit multiply.
    ///
    /// Vectors are `SIMD8`, one 128-bit register: the compiler inlines their conversions, where it
    /// calls out of line for `SIMD16<UInt16>` ones, which cost more than the arithmetic.
    static func blurNarrow(_ a: inout [UInt8], scratch b: inout [UInt8], width: Int, height: Int, radius: Int,
                           passes: Int, divisor: WindowDivisor.Narrow) {
        var sums = [UInt16](repeating: 0, count: width * 4)
        for _ in 0..<passes {
            blurRowsNarrow(from: a, into: &b, width: width, height: height, radius: radius, divisor: divisor)
            blurColumnsNarrow(from: b, into: &a, width: width, height: height, radius: radius, divisor: divisor, sums: &sums)
        }
    }

    /// One horizontal pass, as a difference of prefix sums: with P[j] the sum of the edge-clamped
    /// pixels −r…j − r − 1, pixel x's window is P[x + 2r + 1] − P[x]. Only the prefix is a serial
    /// chain (one add a pixel); the windows are independent, two pixels to a vector. The prefix
    /// wraps modulo 2¹⁶, and the difference is still exact because every window sum fits 16 bits.
    private static func blurRowsNarrow(from source: [UInt8], into destination: inout [UInt8], width: Int, height: Int,
                                       radius r: Int, divisor: WindowDivisor.Narrow) {
        forEachRowPair(from: source, into: &destination, width: width, height: height, radius: r) { s0, s1, d0, d1, prefix in
            blurTwoRowsNarrow(s0, s1, into: d0, d1, prefix: prefix, width: width, radius: r,
                              bias: divisor.bias, multiplier: divisor.multiplier, shift: divisor.shift)
        } single: { s, d, prefix in
            blurRowNarrow(s, into: d, prefix: prefix, width: width, radius: r,
                          bias: divisor.bias, multiplier: divisor.multiplier, shift: divisor.shift)
        }
    }

    /// Two rows of `blurRowsNarrow` at once, pixel x of both in one vector (the first row's
    /// channels in the low four lanes): the prefix's serial chain is one add for two pixels.
    @inline(never)
    private static func blurTwoRowsNarrow(_ s0: UnsafeRawPointer, _ s1: UnsafeRawPointer, into d0: UnsafeMutableRawPointer,
                                          _ d1: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                          width: Int, radius r: Int, bias: UInt16, multiplier: UInt16, shift: UInt16) {
        fillPairPrefix(s0, s1, prefix: prefix, width: width, radius: r)
        let biasLanes = SIMD8<UInt16>(repeating: bias), multiplierLanes = SIMD8<UInt32>(repeating: UInt32(multiplier))
        let span = (2 &* r &+ 1) &* 16
        for x in 0..<width {
            let sum = prefix.loadUnaligned(fromByteOffset: x &* 16 &+ span, as: SIMD8<UInt16>.self)
                &- prefix.loadUnaligned(fromByteOffset: x &* 16, as: SIMD8<UInt16>.self)
            let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: sum &+ biasLanes) &* multiplierLanes) &>> 16)
            storePair(high &>> shift, d0, d1, x: x)
        }
    }

    /// One row of `blurRowsNarrow`. Kept out of line with plain arguments: inlined into the loop
    /// over rows, the compiler lost the multiply-high and spilled the vectors.
    @inline(never)
    private static func blurRowNarrow(_ s: UnsafeRawPointer, into d: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                      width: Int, radius r: Int, bias: UInt16, multiplier: UInt16, shift: UInt16) {
        fillPrefix(s, prefix: prefix, width: width, radius: r, lanes: UInt16.self)
        let biasLanes = SIMD8<UInt16>(repeating: bias), multiplierLanes = SIMD8<UInt32>(repeating: UInt32(multiplier))
        let span = (2 &* r &+ 1) &* 8
        var x = 0
        while x &+ 2 <= width {
            let sum = prefix.loadUnaligned(fromByteOffset: x &* 8 &+ span, as: SIMD8<UInt16>.self)
                &- prefix.loadUnaligned(fromByteOffset: x &* 8, as: SIMD8<UInt16>.self)
            let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: sum &+ biasLanes) &* multiplierLanes) &>> 16)
            d.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: high &>> shift), toByteOffset: x &* 4, as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < width {
            let sum = prefix.loadUnaligned(fromByteOffset: x &* 8 &+ span, as: SIMD4<UInt16>.self)
                &- prefix.loadUnaligned(fromByteOffset: x &* 8, as: SIMD4<UInt16>.self)
            let wide = (SIMD4<UInt32>(truncatingIfNeeded: sum) &+ UInt32(bias)) &* UInt32(multiplier)
            d.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: wide &>> (16 &+ UInt32(shift))), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
        }
    }

    /// One vertical pass, a row at a time, as `blurColumns`: `sums` holds every column's window.
    private static func blurColumnsNarrow(from source: [UInt8], into destination: inout [UInt8], width: Int, height: Int,
                                          radius r: Int, divisor: WindowDivisor.Narrow, sums: inout [UInt16]) {
        let lanes = width * 4, last = height - 1
        source.withUnsafeBufferPointer { src in
            destination.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { sum in
                    let s = src.baseAddress!, d = dst.baseAddress!
                    for i in 0..<lanes { sum[i] = UInt16(s[i]) &* UInt16(r + 1) }
                    for k in 1...r { addRowNarrow(s + min(k, last) * lanes, to: sum, lanes: lanes) }
                    for y in 0..<height {
                        emitNarrow(sum, into: d + y * lanes, divisor: divisor, lanes: lanes,
                                   entering: s + min(y + r + 1, last) * lanes, leaving: s + max(y - r, 0) * lanes)
                    }
                }
            }
        }
    }

    /// sum[i] += row[i], 8 lanes at a time.
    @inline(__always)
    static func addRowNarrow(_ row: UnsafePointer<UInt8>, to sum: UnsafeMutableBufferPointer<UInt16>, lanes: Int) {
        let sums = UnsafeMutableRawPointer(sum.baseAddress!), raw = UnsafeRawPointer(row)
        var i = 0
        while i + 8 <= lanes {
            let v = sums.loadUnaligned(fromByteOffset: i * 2, as: SIMD8<UInt16>.self)
                &+ SIMD8<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
            sums.storeBytes(of: v, toByteOffset: i * 2, as: SIMD8<UInt16>.self)
            i += 8
        }
        while i < lanes { sum[i] &+= UInt16(row[i]); i += 1 }
    }

    /// out[i] = ((sum[i] + bias) × multiplier) >> (16 + shift), then the window slides on:
    /// sum[i] += entering[i] − leaving[i]; 8 lanes at a time, each sum loaded once for both.
    @inline(__always)
    private static func emitNarrow(_ sum: UnsafeMutableBufferPointer<UInt16>, into out: UnsafeMutablePointer<UInt8>,
                                   divisor: WindowDivisor.Narrow, lanes: Int,
                                   entering: UnsafePointer<UInt8>, leaving: UnsafePointer<UInt8>) {
        let sums = UnsafeMutableRawPointer(sum.baseAddress!), o = UnsafeMutableRawPointer(out)
        let e = UnsafeRawPointer(entering), l = UnsafeRawPointer(leaving)
        let bias = SIMD8<UInt16>(repeating: divisor.bias), multiplier = SIMD8<UInt32>(repeating: UInt32(divisor.multiplier))
        var i = 0
        while i &+ 8 <= lanes {
            let v = sums.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: v &+ bias) &* multiplier) &>> 16)
            o.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: high &>> divisor.shift), toByteOffset: i, as: SIMD8<UInt8>.self)
            let slid = v &+ SIMD8<UInt16>(truncatingIfNeeded: e.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
                &- SIMD8<UInt16>(truncatingIfNeeded: l.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
            sums.storeBytes(of: slid, toByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        let m = UInt32(divisor.multiplier), b = UInt32(divisor.bias), shiftBy = 16 + UInt32(divisor.shift)
        while i < lanes {
            out[i] = UInt8(truncatingIfNeeded: ((UInt32(sum[i]) + b) * m) >> shiftBy)
            sum[i] = sum[i] &+ UInt16(entering[i]) &- UInt16(leaving[i])
            i += 1
        }
    }
}
