extension Bitmap {
    // The passes of `boxBlurred` in 16-bit lanes, for windows whose sums fit 16 bits (radius up to
    // 127). Same bytes as the 32-bit passes: `WindowDivisor` checked its 16-bit division against
    // the 24-bit one for every possible sum. Half the lane width doubles the work per instruction,
    // and the division becomes one multiply-high (`pmulhuw`) instead of an emulated 32-bit multiply.
    //
    // Vectors are `SIMD8`, one 128-bit register: the compiler inlines their conversions, where it
    // calls out of line for `SIMD16<UInt16>` ones, which cost more than the arithmetic.

    /// One horizontal pass, as a difference of prefix sums: with P[j] the sum of the edge-clamped
    /// pixels −r…j − r − 1, pixel x's window is P[x + 2r + 1] − P[x]. Only the prefix is a serial
    /// chain (one add a pixel); the windows are independent, two pixels to a vector. The prefix
    /// wraps modulo 2¹⁶, and the difference is still exact because every window sum fits 16 bits.
    static func blurRowsNarrow(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int,
                                       divisor: WindowDivisor.Narrow) {
        forEachRowPair(&pixels, width: width, height: height, radius: r) { s0, s1, d0, d1, prefix in
            blurTwoRowsNarrow(s0, s1, into: d0, d1, prefix: prefix, width: width, radius: r,
                              bias: divisor.bias, multiplier: divisor.multiplier, shift: divisor.shift)
        } single: { s, d, prefix in
            blurRowNarrow(s, into: d, prefix: prefix, width: width, radius: r,
                          bias: divisor.bias, multiplier: divisor.multiplier, shift: divisor.shift)
        }
    }

    /// Two rows of `blurRowsNarrow` at once, pixel x of both in one vector (the first row's
    /// channels in the low four lanes): the prefix's serial chain is one add for two pixels.
    ///
    /// Two pixels a step (see `storePairs`); for an odd width the step past the end reads prefix
    /// entry width + 2r + 1, the last of the buffer, and drops what it makes.
    @inline(never)
    private static func blurTwoRowsNarrow(_ s0: UnsafeRawPointer, _ s1: UnsafeRawPointer, into d0: UnsafeMutableRawPointer,
                                          _ d1: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                          width: Int, radius r: Int, bias: UInt16, multiplier: UInt16, shift: UInt16) {
        fillPairPrefix(s0, s1, prefix: prefix, width: width, radius: r)
        let biasLanes = SIMD8<UInt16>(repeating: bias), multiplierLanes = SIMD8<UInt32>(repeating: UInt32(multiplier))
        let span = (2 &* r &+ 1) &* 16
        var x = 0
        while x < width {
            // The two pixels in a loop: written out twice, the compiler called the conversions out
            // of line.
            var rows = SIMD4<UInt32>(), k = 0
            while k < 2 {
                let at = (x &+ k) &* 16
                let sum = prefix.loadUnaligned(fromByteOffset: at &+ span, as: SIMD8<UInt16>.self)
                    &- prefix.loadUnaligned(fromByteOffset: at, as: SIMD8<UInt16>.self)
                let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: sum &+ biasLanes) &* multiplierLanes) &>> 16)
                put(high &>> shift, into: &rows, at: k)
                k &+= 1
            }
            storePairs(rows, d0, d1, x: x, width: width)
            x &+= 2
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

    /// One vertical pass, a row at a time: every group of 16 lanes keeps its window's sum in
    /// `sums` (see `ColumnGroups`), and each output row divides them, then slides them on with one
    /// row entering and one leaving. Rows narrower than a group go lane by lane.
    static func blurColumnsNarrow(_ pixels: inout [UInt8], ring: inout [UInt8], lanes: Int, height: Int,
                                  radius r: Int, divisor: WindowDivisor.Narrow, sums: inout [SIMD8<UInt16>]) {
        let last = height - 1
        ColumnGroups.pass(&pixels, ring: &ring, lanes: lanes, sums: &sums) { s, d in
            columnNarrow(s, d, stride: lanes, height: height, radius: r, divisor: divisor)
        } grouped: { sum, rows, groups in
            ColumnGroups.set(sum, groups: groups, lanes: lanes, stride: 32, offset: 0, row: rows.source(0, at: -1),
                             times: UInt16(r + 1))
            for k in 1...r {
                ColumnGroups.add(sum, groups: groups, lanes: lanes, stride: 32, offset: 0, row: rows.source(min(k, last), at: -1))
            }
            for y in 0..<height {
                rows.save(y, radius: r, last: last)
                let o = rows.output(y), l = rows.source(max(y - r, 0), at: y), e = rows.source(min(y + r + 1, last), at: y)
                ColumnGroups.runs(groups: groups, lanes: lanes) { first, count, lane in
                    rowNarrow(sum + first * 32, groups: count, into: o + lane, leaving: l + lane, entering: e + lane, divisor: divisor)
                }
            }
        }
    }

    /// A run of an output row's groups (see `ColumnGroups.runs`): every group's window divided,
    /// then slid on a row.
    @inline(never)
    private static func rowNarrow(_ sum: UnsafeMutableRawPointer, groups: Int, into o: UnsafeMutableRawPointer,
                                  leaving l: UnsafeRawPointer, entering e: UnsafeRawPointer, divisor: WindowDivisor.Narrow) {
        let low = SIMD8<UInt16>(repeating: 0xFF), bias = SIMD8<UInt16>(repeating: divisor.bias)
        let multiplier = SIMD8<UInt32>(repeating: UInt32(divisor.multiplier)), shift = divisor.shift
        @inline(__always) func divided(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: v &+ bias) &* multiplier) &>> 16) &>> shift
        }
        var g = 0
        while g < groups {
            let start = g &* 16, at = g &* 32
            let even = sum.load(fromByteOffset: at, as: SIMD8<UInt16>.self)
            let odd = sum.load(fromByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            // Even lanes, then odd: the division written once, as in `rowHalves`.
            var bytes = SIMD8<UInt16>(), k: UInt16 = 0
            while k < 16 {
                bytes |= divided(k == 0 ? even : odd) &<< k
                k &+= 8
            }
            o.storeBytes(of: bytes, toByteOffset: start, as: SIMD8<UInt16>.self)
            let leaving = l.loadUnaligned(fromByteOffset: start, as: SIMD8<UInt16>.self)
            let entering = e.loadUnaligned(fromByteOffset: start, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: even &+ (entering & low) &- (leaving & low), toByteOffset: at, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: odd &+ (entering &>> 8) &- (leaving &>> 8), toByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            g &+= 1
        }
    }

    /// One column of `blurColumnsNarrow`, lane by lane, for rows narrower than a group.
    private static func columnNarrow(_ s: UnsafeRawPointer, _ d: UnsafeMutableRawPointer, stride: Int, height: Int,
                                     radius r: Int, divisor: WindowDivisor.Narrow) {
        let last = height - 1, m = UInt32(divisor.multiplier), b = UInt32(divisor.bias), shiftBy = 16 + UInt32(divisor.shift)
        func row(_ y: Int) -> UInt16 { UInt16(s.load(fromByteOffset: y * stride, as: UInt8.self)) }
        var whole = row(0) &* UInt16(r + 1)
        for k in 1...r { whole &+= row(min(k, last)) }
        for y in 0..<height {
            d.storeBytes(of: UInt8(truncatingIfNeeded: ((UInt32(whole) + b) * m) >> shiftBy), toByteOffset: y * stride, as: UInt8.self)
            whole = whole &+ row(min(y + r + 1, last)) &- row(max(y - r, 0))
        }
    }
}
