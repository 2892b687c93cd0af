extension Bitmap {
    /// The passes of `boxBlurred` for windows of 257…513 pixels (radius 128…256), in 16-bit lanes.
    ///
    /// Such a window's sum takes 17 bits, but each half of it, the pixels up to the centre and
    /// those after it, fits 16. The halves add up modulo 2¹⁶ to the sum's low 16 bits, with a carry
    /// that is its 17th, and `WindowDivisor.halves` divides that pair exactly.
    static func blurHalves(_ a: inout [UInt8], scratch b: inout [UInt8], width: Int, height: Int, radius r: Int,
                           passes: Int, reciprocal: UInt16) {
        var first = [UInt16](repeating: 0, count: width * 4), second = first
        for _ in 0..<passes {
            forEachRow(from: a, into: &b, width: width, height: height, radius: r,
                       prefixLanes: UInt16.self) { s, d, prefix in
                blurRowHalves(s, into: d, prefix: prefix, width: width, radius: r, reciprocal: reciprocal)
            }
            blurColumnsHalves(from: b, into: &a, width: width, height: height, radius: r, reciprocal: reciprocal,
                              first: &first, second: &second)
        }
    }

    /// One row: with the prefix P of `fillPrefix`, the halves of pixel x's window are
    /// P[x + r + 1] − P[x] (pixels x − r…x) and P[x + 2r + 1] − P[x + r + 1] (x + 1…x + r).
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
            d.storeBytes(of: divideHalves(q &- p, t &- q, reciprocal: reciprocal), toByteOffset: x &* 4, as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < width {
            // The last pixel of an odd row, channel by channel.
            for c in 0..<4 {
                let lane = x &* 8 &+ c &* 2
                let p = prefix.load(fromByteOffset: lane, as: UInt16.self), q = prefix.load(fromByteOffset: lane &+ middle, as: UInt16.self)
                let t = prefix.load(fromByteOffset: lane &+ end, as: UInt16.self)
                d.storeBytes(of: divideHalves(q &- p, t &- q, reciprocal: reciprocal), toByteOffset: x &* 4 &+ c, as: UInt8.self)
            }
        }
    }

    /// One vertical pass, a row at a time: `first` holds every column's pixels y − r…y, and
    /// `second` its pixels y + 1…y + r.
    private static func blurColumnsHalves(from source: [UInt8], into destination: inout [UInt8], width: Int, height: Int,
                                          radius r: Int, reciprocal: UInt16, first: inout [UInt16], second: inout [UInt16]) {
        let lanes = width * 4, last = height - 1
        source.withUnsafeBufferPointer { src in
            destination.withUnsafeMutableBufferPointer { dst in
                first.withUnsafeMutableBufferPointer { one in
                    second.withUnsafeMutableBufferPointer { two in
                        let s = src.baseAddress!, d = dst.baseAddress!
                        for i in 0..<lanes { one[i] = UInt16(s[i]) &* UInt16(r + 1); two[i] = 0 }
                        for k in 1...r { addRowNarrow(s + min(k, last) * lanes, to: two, lanes: lanes) }
                        for y in 0..<height {
                            emitHalves(one, two, into: d + y * lanes, reciprocal: reciprocal, lanes: lanes,
                                       leaving: s + max(y - r, 0) * lanes, crossing: s + min(y + 1, last) * lanes,
                                       entering: s + min(y + r + 1, last) * lanes)
                        }
                    }
                }
            }
        }
    }

    /// Divides every column's window, then slides both halves on: row `crossing` (y + 1) leaves
    /// the second half for the first, `leaving` leaves the first and `entering` joins the second.
    /// Two sweeps, each out of line: as one, or inlined into the loop over rows, the compiler
    /// called its vector conversions out of line, which cost more than the arithmetic.
    @inline(never)
    private static func emitHalves(_ one: UnsafeMutableBufferPointer<UInt16>, _ two: UnsafeMutableBufferPointer<UInt16>,
                                   into out: UnsafeMutablePointer<UInt8>, reciprocal: UInt16, lanes: Int,
                                   leaving: UnsafePointer<UInt8>, crossing: UnsafePointer<UInt8>, entering: UnsafePointer<UInt8>) {
        let a = UnsafeMutableRawPointer(one.baseAddress!), b = UnsafeMutableRawPointer(two.baseAddress!)
        let o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 8 <= lanes {
            o.storeBytes(of: divideHalves(a.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self),
                                          b.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self), reciprocal: reciprocal),
                         toByteOffset: i, as: SIMD8<UInt8>.self)
            i &+= 8
        }
        while i < lanes { out[i] = divideHalves(one[i], two[i], reciprocal: reciprocal); i += 1 }
        slideHalves(a, b, lanes: lanes, leaving: UnsafeRawPointer(leaving), crossing: UnsafeRawPointer(crossing),
                    entering: UnsafeRawPointer(entering))
    }

    @inline(never)
    private static func slideHalves(_ a: UnsafeMutableRawPointer, _ b: UnsafeMutableRawPointer, lanes: Int,
                                    leaving l: UnsafeRawPointer, crossing c: UnsafeRawPointer, entering e: UnsafeRawPointer) {
        @inline(__always) func row(_ p: UnsafeRawPointer, _ i: Int) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: p.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
        }
        var i = 0
        while i &+ 8 <= lanes {
            let across = row(c, i)
            a.storeBytes(of: a.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self) &+ across &- row(l, i),
                         toByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            b.storeBytes(of: b.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self) &+ row(e, i) &- across,
                         toByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        while i < lanes {
            let across = UInt16(c.load(fromByteOffset: i, as: UInt8.self))
            a.storeBytes(of: a.load(fromByteOffset: i * 2, as: UInt16.self) &+ across &- UInt16(l.load(fromByteOffset: i, as: UInt8.self)),
                         toByteOffset: i * 2, as: UInt16.self)
            b.storeBytes(of: b.load(fromByteOffset: i * 2, as: UInt16.self) &+ UInt16(e.load(fromByteOffset: i, as: UInt8.self)) &- across,
                         toByteOffset: i * 2, as: UInt16.self)
            i += 1
        }
    }

    /// The window sum's two halves, divided: lo = their sum modulo 2¹⁶, and the carry out of it
    /// is the sum's 17th bit.
    @inline(__always)
    private static func divideHalves(_ one: SIMD8<UInt16>, _ two: SIMD8<UInt16>, reciprocal: UInt16) -> SIMD8<UInt8> {
        let lo = one &+ two
        let carried = SIMD8<UInt16>(repeating: 0).replacing(with: reciprocal, where: lo .< one)
        let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: lo) &* UInt32(reciprocal)) &>> 16)
        return SIMD8<UInt8>(truncatingIfNeeded: (high &+ carried &+ 128) &>> 8)
    }

    /// `divideHalves` for one lane.
    @inline(__always)
    private static func divideHalves(_ one: UInt16, _ two: UInt16, reciprocal: UInt16) -> UInt8 {
        let sum = Int(one) + Int(two), rec = Int(reciprocal)
        return UInt8(truncatingIfNeeded: ((sum >> 16) * rec + ((sum & 0xFFFF) * rec) >> 16 + 128) >> 8)
    }
}
