extension Bitmap {
    /// The passes of `boxBlurred` for windows of 257…513 pixels (radius 128…256), in 16-bit lanes.
    ///
    /// Such a window's sum takes 17 bits, but each half of it, the pixels up to the centre and
    /// those after it, fits 16. The halves add up modulo 2¹⁶ to the sum's low 16 bits, with a carry
    /// that is its 17th, and `WindowDivisor.halves` divides that pair exactly.
    static func blurHalves(_ a: inout [UInt8], scratch b: inout [UInt8], width: Int, height: Int, radius r: Int,
                           passes: Int, reciprocal: UInt16) {
        for _ in 0..<passes {
            forEachRow(from: a, into: &b, width: width, height: height, radius: r,
                       prefixLanes: UInt16.self) { s, d, prefix in
                blurRowHalves(s, into: d, prefix: prefix, width: width, radius: r, reciprocal: reciprocal)
            }
            blurColumnsHalves(from: b, into: &a, width: width, height: height, radius: r, reciprocal: reciprocal)
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
            d.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: divideHalves(q &- p, t &- q, reciprocal: reciprocal)),
                         toByteOffset: x &* 4, as: SIMD8<UInt8>.self)
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

    /// One vertical pass, in strips of 16 lanes (four pixels) from top to bottom: each strip's
    /// halves stay in registers for its whole height, where a pass a row at a time loads and
    /// stores every column's sums for every row. For pixel y the first half holds rows y − r…y
    /// and the second y + 1…y + r. A last strip that would run past the row's end overlaps the
    /// one before it instead, and writes the same bytes again.
    private static func blurColumnsHalves(from source: [UInt8], into destination: inout [UInt8], width: Int, height: Int,
                                          radius r: Int, reciprocal: UInt16) {
        let lanes = width * 4
        source.withUnsafeBytes { src in
            destination.withUnsafeMutableBytes { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                guard lanes >= 16 else {
                    for i in 0..<lanes { columnHalves(s + i, d + i, stride: lanes, height: height, radius: r, reciprocal: reciprocal) }
                    return
                }
                var i = 0
                while i < lanes {
                    let start = min(i, lanes - 16)
                    stripHalves(s + start, d + start, stride: lanes, height: height, radius: r, reciprocal: reciprocal)
                    i += 16
                }
            }
        }
    }

    /// One strip of `blurColumnsHalves`, sixteen lanes wide. Bytes split across 16-bit lanes (the
    /// even ones masked, the odd ones shifted down) need no vector conversions, which the compiler
    /// calls out of line in a loop this size, at more cost than the arithmetic.
    @inline(never)
    private static func stripHalves(_ s: UnsafeRawPointer, _ d: UnsafeMutableRawPointer, stride: Int, height: Int,
                                    radius r: Int, reciprocal: UInt16) {
        let last = height &- 1, low = SIMD8<UInt16>(repeating: 0xFF), edge = UInt16(truncatingIfNeeded: r &+ 1)
        // The top row's windows: the first half is row 0 taken r + 1 times (the edge repeats).
        let top = s.loadUnaligned(as: SIMD8<UInt16>.self)
        var evenA = (top & low) &* edge, oddA = (top &>> 8) &* edge
        var evenB = SIMD8<UInt16>(), oddB = SIMD8<UInt16>()
        for k in 1...r {
            let row = s.loadUnaligned(fromByteOffset: min(k, last) &* stride, as: SIMD8<UInt16>.self)
            evenB &+= row & low
            oddB &+= row &>> 8
        }
        var l = 0, c = min(1, last) &* stride, e = min(r &+ 1, last) &* stride, o = 0, y = 0
        while y < height {
            // The even lanes, then the odd: one division written once, because written out twice the
            // compiler called its conversions out of line.
            var bytes = SIMD8<UInt16>(), k: UInt16 = 0
            while k < 16 {
                let one = k == 0 ? evenA : oddA, two = k == 0 ? evenB : oddB
                bytes |= divideHalves(one, two, reciprocal: reciprocal) &<< k
                k &+= 8
            }
            d.storeBytes(of: bytes, toByteOffset: o, as: SIMD8<UInt16>.self)
            let leaving = s.loadUnaligned(fromByteOffset: l, as: SIMD8<UInt16>.self)
            let crossing = s.loadUnaligned(fromByteOffset: c, as: SIMD8<UInt16>.self)
            let entering = s.loadUnaligned(fromByteOffset: e, as: SIMD8<UInt16>.self)
            evenA = evenA &+ (crossing & low) &- (leaving & low)
            oddA = oddA &+ (crossing &>> 8) &- (leaving &>> 8)
            evenB = evenB &+ (entering & low) &- (crossing & low)
            oddB = oddB &+ (entering &>> 8) &- (crossing &>> 8)
            o &+= stride
            if y >= r { l &+= stride }
            if y &+ 1 < last { c &+= stride }
            if y &+ r &+ 1 < last { e &+= stride }
            y &+= 1
        }
    }

    /// One column of `blurColumnsHalves`, lane by lane, for rows narrower than a strip.
    private static func columnHalves(_ s: UnsafeRawPointer, _ d: UnsafeMutableRawPointer, stride: Int, height: Int,
                                     radius r: Int, reciprocal: UInt16) {
        let last = height - 1
        func row(_ y: Int) -> UInt16 { UInt16(s.load(fromByteOffset: y * stride, as: UInt8.self)) }
        var a = row(0) &* UInt16(r + 1), b: UInt16 = 0
        for k in 1...r { b &+= row(min(k, last)) }
        for y in 0..<height {
            d.storeBytes(of: divideHalves(a, b, reciprocal: reciprocal), toByteOffset: y * stride, as: UInt8.self)
            let across = row(min(y + 1, last))
            a = a &+ across &- row(max(y - r, 0))
            b = b &+ row(min(y + r + 1, last)) &- across
        }
    }

    /// The window sum's two halves, divided, each result in the low byte of its lane: lo = their
    /// sum modulo 2¹⁶, and the carry out of it is the sum's 17th bit.
    @inline(__always)
    private static func divideHalves(_ one: SIMD8<UInt16>, _ two: SIMD8<UInt16>, reciprocal: UInt16) -> SIMD8<UInt16> {
        let lo = one &+ two
        let carried = SIMD8<UInt16>(repeating: 0).replacing(with: reciprocal, where: lo .< one)
        let high = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: lo) &* UInt32(reciprocal)) &>> 16)
        return (high &+ carried &+ 128) &>> 8
    }

    /// `divideHalves` for one lane.
    @inline(__always)
    private static func divideHalves(_ one: UInt16, _ two: UInt16, reciprocal: UInt16) -> UInt8 {
        let sum = Int(one) + Int(two), rec = Int(reciprocal)
        return UInt8(truncatingIfNeeded: ((sum >> 16) * rec + ((sum & 0xFFFF) * rec) >> 16 + 128) >> 8)
    }
}
