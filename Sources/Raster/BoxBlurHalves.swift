extension Bitmap {
    // The passes of `boxBlurred` for windows of 257…513 pixels (radius 128…256), in 16-bit lanes.
    //
    // Such a window's sum takes 17 bits, but each half of it, the pixels up to the centre and
    // those after it, fits 16. The halves add up modulo 2¹⁶ to the sum's low 16 bits, with a carry
    // that is its 17th, and `WindowDivisor.halves` divides that pair exactly.

    /// One horizontal pass, two rows at a time (see `forEachRowPair`).
    static func blurRowsHalves(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int, reciprocal: UInt16) {
        forEachRowPair(&pixels, width: width, height: height, radius: r) { s0, s1, d0, d1, prefix in
            blurTwoRowsHalves(s0, s1, into: d0, d1, prefix: prefix, width: width, radius: r, reciprocal: reciprocal)
        } single: { s, d, prefix in
            blurRowHalves(s, into: d, prefix: prefix, width: width, radius: r, reciprocal: reciprocal)
        }
    }

    /// Two rows of the horizontal pass at once, as `blurRowHalves` does one, pixel x of both in
    /// one vector (see `fillPairPrefix`), two pixels a step as in `blurTwoRowsNarrow`.
    @inline(never)
    private static func blurTwoRowsHalves(_ s0: UnsafeRawPointer, _ s1: UnsafeRawPointer, into d0: UnsafeMutableRawPointer,
                                          _ d1: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                          width: Int, radius r: Int, reciprocal: UInt16) {
        fillPairPrefix(s0, s1, prefix: prefix, width: width, radius: r)
        let middle = (r &+ 1) &* 16, end = (2 &* r &+ 1) &* 16
        var x = 0
        while x < width {
            var rows = SIMD4<UInt32>(), k = 0
            while k < 2 {
                let at = (x &+ k) &* 16
                let p = prefix.loadUnaligned(fromByteOffset: at, as: SIMD8<UInt16>.self)
                let q = prefix.loadUnaligned(fromByteOffset: at &+ middle, as: SIMD8<UInt16>.self)
                let t = prefix.loadUnaligned(fromByteOffset: at &+ end, as: SIMD8<UInt16>.self)
                put(divideHalves(low: t &- p, first: q &- p, reciprocal: reciprocal), into: &rows, at: k)
                k &+= 1
            }
            storePairs(rows, d0, d1, x: x, width: width)
            x &+= 2
        }
    }

    /// One row: with the prefix P of `fillPrefix`, pixel x's window sum modulo 2¹⁶ is
    /// P[x + 2r + 1] − P[x], and its first half (pixels x − r…x) P[x + r + 1] − P[x].
    @inline(never)
    private static func blurRowHalves(_ s: UnsafeRawPointer, into d: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                      width: Int, radius r: Int, reciprocal: UInt16) {
        fillPrefix(s, prefix: prefix, width: width, radius: r, lanes: UInt16.self)
        let middle = (r &+ 1) &* 8, end = (2 &* r &+ 1) &* 8
        var x = 0
        while x &+ 2 <= width {
            let p = prefix.loadUnaligned(fromByteOffset: x &* 8, as: SIMD8<UInt16>.self)
            let q = prefix.loadUnaligned(fromByteOffset: x &* 8 &+ middle, as: SIMD8<UInt16>.self)
            let t = prefix.loadUnaligned(fromByteOffset: x &* 8 &+ end, as: SIMD8<UInt16>.self)
            d.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: divideHalves(low: t &- p, first: q &- p, reciprocal: reciprocal)),
                         toByteOffset: x &* 4, as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < width {
            // The last pixel of an odd row, channel by channel.
            for c in 0..<4 {
                let lane = x &* 8 &+ c &* 2
                let p = prefix.load(fromByteOffset: lane, as: UInt16.self), q = prefix.load(fromByteOffset: lane &+ middle, as: UInt16.self)
                let t = prefix.load(fromByteOffset: lane &+ end, as: UInt16.self)
                d.storeBytes(of: divideHalves(low: t &- p, first: q &- p, reciprocal: reciprocal), toByteOffset: x &* 4 &+ c,
                             as: UInt8.self)
            }
        }
    }

    /// One vertical pass, a row at a time: every group of 16 lanes keeps its window's sum in `sums`
    /// (see `ColumnGroups`), as the sum's low 16 bits plus 2¹⁵ at offset 32 and its 17th bit at
    /// offset 0, held as what `divideHalves` adds for it: the reciprocal where set, else zero.
    /// For pixel y the window holds rows y − r…y + r, so each output row slides it on with one row
    /// entering and one leaving. Rows in memory order let the hardware prefetch them, where columns
    /// walked top to bottom waited on every row's load.
    ///
    /// Sliding adds d = entering − leaving, at most 255 either way, so the 17th bit flips exactly
    /// when the low bits wrap. Biased by 2¹⁵ and read as signed, they wrap exactly when they move
    /// against d: down although d ≥ 0, or up although d < 0. Two signed compares tell, where SSE2
    /// has no unsigned one.
    static func blurColumnsHalves(_ pixels: inout [UInt8], ring: inout [UInt8], lanes: Int, height: Int,
                                  radius r: Int, reciprocal: UInt16, sums: inout [SIMD8<UInt16>]) {
        let last = height - 1
        ColumnGroups.pass(&pixels, ring: &ring, lanes: lanes, sums: &sums) { s, d in
            columnHalves(s, d, stride: lanes, height: height, radius: r, reciprocal: reciprocal)
        } grouped: { sum, rows, groups in
            // The window is row 0 taken r + 1 times (the edge repeats), its first half, then rows
            // 1…r: the 17th bit is the carry out of their sum (see `divideHalves`).
            for offset in [0, 32] {
                ColumnGroups.set(sum, groups: groups, lanes: lanes, stride: 64, offset: offset, row: rows.source(0, at: -1),
                                 times: UInt16(r + 1))
            }
            for k in 1...r {
                ColumnGroups.add(sum, groups: groups, lanes: lanes, stride: 64, offset: 32, row: rows.source(min(k, last), at: -1))
            }
            for vector in 0..<groups * 2 {
                let at = vector / 2 * 64 + vector % 2 * 16
                let first = sum.load(fromByteOffset: at, as: SIMD8<UInt16>.self)
                let low = sum.load(fromByteOffset: at + 32, as: SIMD8<UInt16>.self)
                sum.storeBytes(of: SIMD8(repeating: 0).replacing(with: reciprocal, where: low .< first), toByteOffset: at,
                               as: SIMD8<UInt16>.self)
                sum.storeBytes(of: low ^ 0x8000, toByteOffset: at + 32, as: SIMD8<UInt16>.self)
            }
            // Two output rows at a time, so that each group's sums are loaded and stored once for
            // both: half the memory traffic of the sums, the largest part of this kernel's. Both
            // source rows are saved first; the ring's r + 2 rows then still hold row y − r.
            var y = 0
            while y + 2 <= height {
                rows.save(y, radius: r, last: last)
                rows.save(y + 1, radius: r, last: last)
                let at = y + 1
                let l0 = rows.source(max(y - r, 0), at: at), e0 = rows.source(min(y + r + 1, last), at: at)
                let l1 = rows.source(max(y + 1 - r, 0), at: at), e1 = rows.source(min(y + r + 2, last), at: at)
                let o0 = rows.output(y), o1 = rows.output(y + 1)
                ColumnGroups.runs(groups: groups, lanes: lanes) { first, count, lane in
                    twoRowsHalves(sum + first * 64, groups: count, into: o0 + lane, o1 + lane, leaving: l0 + lane, l1 + lane,
                                  entering: e0 + lane, e1 + lane, reciprocal: reciprocal)
                }
                y += 2
            }
            if y < height {
                rows.save(y, radius: r, last: last)
                let o = rows.output(y), l = rows.source(max(y - r, 0), at: y), e = rows.source(min(y + r + 1, last), at: y)
                ColumnGroups.runs(groups: groups, lanes: lanes) { first, count, lane in
                    rowHalves(sum + first * 64, groups: count, into: o + lane, leaving: l + lane, entering: e + lane,
                              reciprocal: reciprocal)
                }
            }
        }
    }

    /// A run of an output row's groups (see `ColumnGroups.runs`): every group's window divided,
    /// then slid on a row (see `blurColumnsHalves`).
    @inline(never)
    private static func rowHalves(_ sum: UnsafeMutableRawPointer, groups: Int, into o: UnsafeMutableRawPointer,
                                  leaving l: UnsafeRawPointer, entering e: UnsafeRawPointer, reciprocal: UInt16) {
        var g = 0
        while g < groups {
            let start = g &* 16, at = g &* 64
            var evenCarried = sum.load(fromByteOffset: at, as: SIMD8<UInt16>.self)
            var oddCarried = sum.load(fromByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            var even = sum.load(fromByteOffset: at &+ 32, as: SIMD8<UInt16>.self)
            var odd = sum.load(fromByteOffset: at &+ 48, as: SIMD8<UInt16>.self)
            step(&even, &odd, &evenCarried, &oddCarried, into: o, leaving: l, entering: e, at: start, reciprocal: reciprocal)
            sum.storeBytes(of: evenCarried, toByteOffset: at, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: oddCarried, toByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: even, toByteOffset: at &+ 32, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: odd, toByteOffset: at &+ 48, as: SIMD8<UInt16>.self)
            g &+= 1
        }
    }

    /// `rowHalves` for output rows y and y + 1: each group's sums are loaded once, divided for row
    /// y, slid on, divided for row y + 1, slid on again, and stored once.
    @inline(never)
    private static func twoRowsHalves(_ sum: UnsafeMutableRawPointer, groups: Int, into o0: UnsafeMutableRawPointer,
                                      _ o1: UnsafeMutableRawPointer, leaving l0: UnsafeRawPointer, _ l1: UnsafeRawPointer,
                                      entering e0: UnsafeRawPointer, _ e1: UnsafeRawPointer, reciprocal: UInt16) {
        var g = 0
        while g < groups {
            let start = g &* 16, at = g &* 64
            var evenCarried = sum.load(fromByteOffset: at, as: SIMD8<UInt16>.self)
            var oddCarried = sum.load(fromByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            var even = sum.load(fromByteOffset: at &+ 32, as: SIMD8<UInt16>.self)
            var odd = sum.load(fromByteOffset: at &+ 48, as: SIMD8<UInt16>.self)
            step(&even, &odd, &evenCarried, &oddCarried, into: o0, leaving: l0, entering: e0, at: start, reciprocal: reciprocal)
            step(&even, &odd, &evenCarried, &oddCarried, into: o1, leaving: l1, entering: e1, at: start, reciprocal: reciprocal)
            sum.storeBytes(of: evenCarried, toByteOffset: at, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: oddCarried, toByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: even, toByteOffset: at &+ 32, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: odd, toByteOffset: at &+ 48, as: SIMD8<UInt16>.self)
            g &+= 1
        }
    }

    /// One output row of a group (see `rowHalves`): its window divided into `o` at lane `start`,
    /// the even lanes, then the odd (one division written once, because written out twice the
    /// compiler called its conversions out of line); then the window slid on a row.
    @inline(__always)
    private static func step(_ even: inout SIMD8<UInt16>, _ odd: inout SIMD8<UInt16>, _ evenCarried: inout SIMD8<UInt16>,
                             _ oddCarried: inout SIMD8<UInt16>, into o: UnsafeMutableRawPointer, leaving l: UnsafeRawPointer,
                             entering e: UnsafeRawPointer, at start: Int, reciprocal: UInt16) {
        var bytes = SIMD8<UInt16>(), k: UInt16 = 0
        while k < 16 {
            let biased = k == 0 ? even : odd
            bytes |= divideHalves(low: biased &- SIMD8(repeating: 0x8000), carried: k == 0 ? evenCarried : oddCarried,
                                  reciprocal: reciprocal) &<< k
            k &+= 8
        }
        o.storeBytes(of: bytes, toByteOffset: start, as: SIMD8<UInt16>.self)
        let leaving = l.loadUnaligned(fromByteOffset: start, as: SIMD8<UInt16>.self)
        let entering = e.loadUnaligned(fromByteOffset: start, as: SIMD8<UInt16>.self)
        let low = SIMD8<UInt16>(repeating: 0xFF)
        (even, evenCarried) = slid(even, evenCarried, entering: entering & low, leaving: leaving & low, reciprocal: reciprocal)
        (odd, oddCarried) = slid(odd, oddCarried, entering: entering &>> 8, leaving: leaving &>> 8, reciprocal: reciprocal)
    }

    /// A window's biased low bits and its 17th bit (as `divideHalves` adds it) slid on a row: see
    /// `blurColumnsHalves`.
    @inline(__always)
    private static func slid(_ biased: SIMD8<UInt16>, _ carried: SIMD8<UInt16>, entering: SIMD8<UInt16>, leaving: SIMD8<UInt16>,
                             reciprocal: UInt16) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
        let next = biased &+ entering &- leaving
        let signed = { (v: SIMD8<UInt16>) in unsafeBitCast(v, to: SIMD8<Int16>.self) }
        let wrapped = (signed(next) .< signed(biased)) .^ (signed(entering) .< signed(leaving))
        return (next, carried ^ SIMD8(repeating: 0).replacing(with: reciprocal, where: wrapped))
    }

    /// One column of `blurColumnsHalves`, lane by lane, for rows narrower than a strip.
    private static func columnHalves(_ s: UnsafeRawPointer, _ d: UnsafeMutableRawPointer, stride: Int, height: Int,
                                     radius r: Int, reciprocal: UInt16) {
        let last = height - 1
        func row(_ y: Int) -> UInt16 { UInt16(s.load(fromByteOffset: y * stride, as: UInt8.self)) }
        var first = row(0) &* UInt16(r + 1), whole = first
        for k in 1...r { whole &+= row(min(k, last)) }
        for y in 0..<height {
            d.storeBytes(of: divideHalves(low: whole, first: first, reciprocal: reciprocal), toByteOffset: y * stride, as: UInt8.self)
            let leaving = row(max(y - r, 0))
            first = first &+ row(min(y + 1, last)) &- leaving
            whole = whole &+ row(min(y + r + 1, last)) &- leaving
        }
    }

    /// Window sums divided, each result in the low byte of its lane, from the sum's low 16 bits and
    /// its first half. The second half, low − first modulo 2¹⁶, fits 16 bits too, so the sum's
    /// 17th bit is the carry out of first + second, which happened exactly when low < first.
    @inline(__always)
    private static func divideHalves(low: SIMD8<UInt16>, first: SIMD8<UInt16>, reciprocal: UInt16) -> SIMD8<UInt16> {
        divideHalves(low: low, carried: SIMD8(repeating: 0).replacing(with: reciprocal, where: low .< first),
                     reciprocal: reciprocal)
    }

    /// `divideHalves` with the sum's 17th bit as `carried`: the reciprocal where it is set, else zero.
    @inline(__always)
    private static func divideHalves(low: SIMD8<UInt16>, carried: SIMD8<UInt16>, reciprocal: UInt16) -> SIMD8<UInt16> {
        let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: low) &* UInt32(reciprocal)) &>> 16)
        return (high &+ carried &+ 128) &>> 8
    }

    /// `divideHalves` for one lane.
    @inline(__always)
    private static func divideHalves(low: UInt16, first: UInt16, reciprocal: UInt16) -> UInt8 {
        let carry = low < first ? 1 : 0, rec = Int(reciprocal)
        return UInt8(truncatingIfNeeded: (carry * rec + (Int(low) * rec) >> 16 + 128) >> 8)
    }
}
