extension Bitmap {
    /// A box blur of `radius` pixels, run `passes` times horizontally and vertically, which
    /// approaches a Gaussian of σ ≈ radius · √(passes / 3).
    ///
    /// - Works on premultiplied pixels, so transparent areas do not bleed dark colour.
    /// - Running sums make the cost per pixel independent of the radius.
    /// - Samples beyond an edge repeat the edge pixel (clamping), so a blurred header keeps its
    ///   colours at its borders instead of fading into a dark halo.
    /// - Integer maths only: each output is the window sum times a 24-bit reciprocal, rounded. The
    ///   sums fit 32 bits for windows up to 65,000 pixels, so they run in 32-bit vector lanes.
    /// - Rows are blurred one after another; columns all at once, a row at a time, so that every
    ///   pass reads and writes memory in order.
    /// - Every pass works in place: a row pass reads its row whole before writing it, and a column
    ///   pass keeps the rows its windows still need in a ring (`InPlaceRows`). A blur takes r + 2
    ///   rows of memory beyond the image, not a second image.
    /// - Windows up to 513 pixels (radius 256) run in 16-bit lanes (`BoxBlurPasses`), wider ones
    ///   in 32-bit lanes; all give exactly the bytes of the definition above.
    public func boxBlurred(radius: Int, passes: Int = 3) -> Bitmap {
        var copy = self
        copy.boxBlur(radius: radius, passes: passes)
        return copy
    }

    /// `boxBlurred`, in place.
    public mutating func boxBlur(radius: Int, passes: Int = 3) {
        guard radius > 0, width > 0, height > 0 else { return }
        var blur = BoxBlurPasses(radius: radius, lanes: width * 4, height: height)
        for _ in 0..<passes {
            blur.rows(&pixels, width: width, height: height)
            blur.columns(&pixels, lanes: width * 4, height: height)
        }
    }

    /// One horizontal pass, as a difference of prefix sums (see `blurRowsNarrow`): the prefix is
    /// the only serial chain, and the windows are independent, two pixels to a vector. The prefix
    /// wraps modulo 2³², and the difference is still exact because every window sum fits 32 bits.
    static func blurRows(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int, reciprocal: UInt32) {
        forEachRow(&pixels, width: width, height: height, radius: r, prefixLanes: UInt32.self) { s, d, prefix in
            blurRow(s, into: d, prefix: prefix, width: width, radius: r, reciprocal: reciprocal)
        }
    }

    /// Calls `body` with each row of `pixels`, as source and as destination, and a scratch buffer
    /// for the row's prefix sums in `Lane`s (see `fillPrefix`). A row is read whole into its prefix
    /// before any of it is written, so the pass runs in place.
    static func forEachRow<Lane: FixedWidthInteger>(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int,
                                                    prefixLanes: Lane.Type,
                                                    _ body: (UnsafeRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void) {
        var prefix = [Lane](repeating: 0, count: (width + 2 * r + 2) * 4)
        pixels.withUnsafeMutableBytes { all in
            prefix.withUnsafeMutableBytes { p in
                for y in 0..<height {
                    let row = all.baseAddress! + y * width * 4
                    body(UnsafeRawPointer(row), row, p.baseAddress!)
                }
            }
        }
    }

    /// Calls `pair` with each two rows of `pixels`, as sources and as destinations, then `single`
    /// with a last odd row; both get a scratch buffer for prefix sums of up to 16 bytes an entry
    /// (see `fillPairPrefix`). Two rows at once make the prefix's serial chain one add for two
    /// pixels. Rows are read whole into their prefix before any of them is written, so the pass
    /// runs in place.
    static func forEachRowPair(_ pixels: inout [UInt8], width: Int, height: Int, radius r: Int,
                               pair: (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer,
                                      UnsafeMutableRawPointer) -> Void,
                               single: (UnsafeRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void) {
        let rowBytes = width * 4
        var prefix = [UInt16](repeating: 0, count: (width + 2 * r + 2) * 8)
        pixels.withUnsafeMutableBytes { all in
            prefix.withUnsafeMutableBytes { p in
                let d = all.baseAddress!
                var y = 0
                while y + 2 <= height {
                    pair(d + y * rowBytes, d + (y + 1) * rowBytes, d + y * rowBytes, d + (y + 1) * rowBytes, p.baseAddress!)
                    y += 2
                }
                if y < height { single(d + y * rowBytes, d + y * rowBytes, p.baseAddress!) }
            }
        }
    }

    /// `fillPrefix` of two rows side by side in 16-bit lanes: pixel x of both in one vector, the
    /// first row's channels in the low four lanes.
    @inline(__always)
    static func fillPairPrefix(_ s0: UnsafeRawPointer, _ s1: UnsafeRawPointer, prefix: UnsafeMutableRawPointer, width: Int,
                               radius r: Int) {
        fillPrefix(prefix, width: width, radius: r) { x in
            let pair = UInt64(s0.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                | UInt64(s1.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)) << 32
            return SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(pair, to: SIMD8<UInt8>.self))
        } two: { x in
            // Pixels x and x + 1 of both rows from one load a row: interleaved, then widened.
            let a = s0.loadUnaligned(fromByteOffset: x &* 4, as: SIMD2<UInt32>.self)
            let b = s1.loadUnaligned(fromByteOffset: x &* 4, as: SIMD2<UInt32>.self)
            let bytes = unsafeBitCast(SIMD4<UInt32>(a[0], b[0], a[1], b[1]), to: SIMD16<UInt8>.self)
            return (SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf), SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf))
        }
    }

    /// Puts the low bytes of a pixel pair's lanes (see `fillPairPrefix`) as pixel x + k of two rows
    /// into `rows`, which holds pixels x and x + 1 of the first row, then of the second, for
    /// `storePairs`.
    @inline(__always)
    static func put(_ lanes: SIMD8<UInt16>, into rows: inout SIMD4<UInt32>, at k: Int) {
        let bytes = unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: lanes), to: SIMD2<UInt32>.self)
        rows[k] = bytes[0]
        rows[k &+ 2] = bytes[1]
    }

    /// Stores what `put` gathered as pixels x and x + 1 of two rows, or only x where x + 1 is
    /// `width`: a row pass makes two pixels a step, so that each row takes one 8-byte store.
    @inline(__always)
    static func storePairs(_ rows: SIMD4<UInt32>, _ d0: UnsafeMutableRawPointer, _ d1: UnsafeMutableRawPointer, x: Int,
                           width: Int) {
        if x &+ 2 <= width {
            d0.storeBytes(of: rows.lowHalf, toByteOffset: x &* 4, as: SIMD2<UInt32>.self)
            d1.storeBytes(of: rows.highHalf, toByteOffset: x &* 4, as: SIMD2<UInt32>.self)
        } else {
            d0.storeBytes(of: rows[0], toByteOffset: x &* 4, as: UInt32.self)
            d1.storeBytes(of: rows[2], toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// P[0] = 0 and P[j + 1] = P[j] + the pixel at j − r, clamped to the row, for j < width + 2r:
    /// the prefix sums of a row extended by its edge pixels, four channels in `Lane`s each, modulo
    /// the lane's range.
    @inline(__always)
    static func fillPrefix<Lane: FixedWidthInteger & SIMDScalar>(_ s: UnsafeRawPointer, prefix: UnsafeMutableRawPointer,
                                                                 width: Int, radius r: Int, lanes: Lane.Type) {
        fillPrefix(prefix, width: width, radius: r) { x in
            SIMD4<Lane>(truncatingIfNeeded: s.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
        }
    }

    /// `fillPrefix` of whatever `pixel(x)` gives for x in 0..<width: one pixel's channels, or the
    /// same pixel of several rows side by side, one vector per prefix entry. `two`, where given,
    /// gives pixels x and x + 1 at once, from fewer loads.
    @inline(__always)
    static func fillPrefix<Pixel: SIMD>(_ prefix: UnsafeMutableRawPointer, width: Int, radius r: Int,
                                        pixel: (Int) -> Pixel, two: ((Int) -> (Pixel, Pixel))? = nil)
    where Pixel.Scalar: FixedWidthInteger {
        let step = MemoryLayout<Pixel>.stride
        var running = Pixel()
        prefix.storeBytes(of: running, as: Pixel.self)
        var j = 0
        @inline(__always) func add(_ value: Pixel) {
            running &+= value
            j &+= 1
            prefix.storeBytes(of: running, toByteOffset: j &* step, as: Pixel.self)
        }
        // Three runs, so that no index needs clamping: the first pixel r times, the row, the last
        // pixel r times.
        let first = pixel(0), last = pixel(width &- 1)
        for _ in 0..<r { add(first) }
        var x = 0
        if let two {
            while x &+ 2 <= width {
                let (a, b) = two(x)
                add(a)
                add(b)
                x &+= 2
            }
        }
        while x < width {
            add(pixel(x))
            x &+= 1
        }
        for _ in 0..<r { add(last) }
    }

    /// One row of `blurRows`, out of line with plain arguments like `blurRowNarrow`.
    @inline(never)
    private static func blurRow(_ s: UnsafeRawPointer, into d: UnsafeMutableRawPointer, prefix: UnsafeMutableRawPointer,
                                width: Int, radius r: Int, reciprocal: UInt32) {
        fillPrefix(s, prefix: prefix, width: width, radius: r, lanes: UInt32.self)
        let rec = SIMD8<UInt32>(repeating: reciprocal), half = SIMD8<UInt32>(repeating: 1 << 23)
        let span = (2 &* r &+ 1) &* 16
        var x = 0
        while x &+ 2 <= width {
            let sum = prefix.loadUnaligned(fromByteOffset: x &* 16 &+ span, as: SIMD8<UInt32>.self)
                &- prefix.loadUnaligned(fromByteOffset: x &* 16, as: SIMD8<UInt32>.self)
            d.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: (sum &* rec &+ half) &>> 24), toByteOffset: x &* 4, as: SIMD8<UInt8>.self)
            x &+= 2
        }
        if x < width {
            let sum = prefix.loadUnaligned(fromByteOffset: x &* 16 &+ span, as: SIMD4<UInt32>.self)
                &- prefix.loadUnaligned(fromByteOffset: x &* 16, as: SIMD4<UInt32>.self)
            d.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: (sum &* reciprocal &+ (1 << 23)) &>> 24), toByteOffset: x &* 4,
                         as: SIMD4<UInt8>.self)
        }
    }

    /// One vertical pass, in place (see `InPlaceRows`), a row at a time: `sums` holds every
    /// column's window, and each output row updates all of them with one row entering and one
    /// leaving.
    static func blurColumns(_ pixels: inout [UInt8], ring: inout [UInt8], lanes: Int, height: Int,
                            radius: Int, reciprocal: UInt32, sums: inout [UInt32]) {
        let last = height - 1, r = radius
        InPlaceRows.with(&pixels, ring: &ring, lanes: lanes) { rows in
            sums.withUnsafeMutableBufferPointer { sum in
                func source(_ k: Int, at y: Int) -> UnsafePointer<UInt8> {
                    rows.source(k, at: y).assumingMemoryBound(to: UInt8.self)
                }
                let top = source(0, at: -1)
                for i in 0..<lanes { sum[i] = UInt32(top[i]) * UInt32(r + 1) }
                for k in 1...r { addRow(source(min(k, last), at: -1), to: sum, lanes: lanes) }
                for y in 0..<height {
                    rows.save(y, radius: r, last: last)
                    emitRow(sum, into: rows.output(y).assumingMemoryBound(to: UInt8.self), reciprocal: reciprocal, lanes: lanes)
                    slide(sum, entering: source(min(y + r + 1, last), at: y), leaving: source(max(y - r, 0), at: y), lanes: lanes)
                }
            }
        }
    }

    /// sum[i] += row[i], 16 lanes at a time.
    @inline(__always)
    private static func addRow(_ row: UnsafePointer<UInt8>, to sum: UnsafeMutableBufferPointer<UInt32>, lanes: Int) {
        let raw = UnsafeRawPointer(row), sums = UnsafeMutableRawPointer(sum.baseAddress!)
        var i = 0
        while i + 16 <= lanes {
            let v = sums.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                &+ SIMD16<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            sums.storeBytes(of: v, toByteOffset: i * 4, as: SIMD16<UInt32>.self)
            i += 16
        }
        while i < lanes { sum[i] &+= UInt32(row[i]); i += 1 }
    }

    /// sum[i] += entering[i] − leaving[i], 16 lanes at a time.
    @inline(__always)
    private static func slide(_ sum: UnsafeMutableBufferPointer<UInt32>, entering: UnsafePointer<UInt8>,
                              leaving: UnsafePointer<UInt8>, lanes: Int) {
        let sums = UnsafeMutableRawPointer(sum.baseAddress!), e = UnsafeRawPointer(entering), l = UnsafeRawPointer(leaving)
        var i = 0
        while i + 16 <= lanes {
            let v = sums.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                &+ SIMD16<UInt32>(truncatingIfNeeded: e.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                &- SIMD16<UInt32>(truncatingIfNeeded: l.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            sums.storeBytes(of: v, toByteOffset: i * 4, as: SIMD16<UInt32>.self)
            i += 16
        }
        while i < lanes { sum[i] = sum[i] &+ UInt32(entering[i]) &- UInt32(leaving[i]); i += 1 }
    }

    /// out[i] = (sum[i] × reciprocal + 2²³) >> 24, 16 lanes at a time.
    @inline(__always)
    private static func emitRow(_ sum: UnsafeMutableBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt8>,
                                reciprocal: UInt32, lanes: Int) {
        let sums = UnsafeRawPointer(sum.baseAddress!), o = UnsafeMutableRawPointer(out)
        let rec = SIMD16<UInt32>(repeating: reciprocal), half = SIMD16<UInt32>(repeating: 1 << 23)
        var i = 0
        while i + 16 <= lanes {
            let v = (sums.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self) &* rec &+ half) &>> 24
            o.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < lanes { out[i] = UInt8(truncatingIfNeeded: (sum[i] &* reciprocal &+ (1 << 23)) >> 24); i += 1 }
    }
}

