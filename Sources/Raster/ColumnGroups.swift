/// The vertical blur passes' running sums, kept in groups of 16 lanes (four pixels) with each
/// group's even and odd bytes apart, in 16-bit lanes: a mask and a shift split a row's bytes, so
/// that no byte is widened or narrowed, conversions the compiler calls out of line at more cost
/// than the arithmetic.
///
/// Layout: group g's sums start at byte g × `stride`; a pair of sums at `offset` inside it is the
/// even bytes' 8 lanes, then the odd bytes'. A last group that would run past the row's end is
/// pulled back to end at it, overlapping the one before it with sums of its own.
///
/// Invariant: `start`, `set` and `add` see rows at least 16 lanes wide; `pass` sends narrower
/// ones to a column-by-column path instead.
enum ColumnGroups {
    /// Storage for the sums of rows `lanes` bytes long, `pairs` pairs of sums to a group (a group's
    /// `stride` is then 32 × `pairs` bytes).
    static func sums(lanes: Int, pairs: Int) -> [SIMD8<UInt16>] {
        [SIMD8<UInt16>](repeating: SIMD8(), count: (lanes + 15) / 16 * 2 * pairs)
    }

    /// A vertical pass over `pixels`, in place, rows `lanes` bytes long: `grouped` gets the sums'
    /// storage, the rows (see `InPlaceRows`, its ring in `ring`) and the number of groups. Rows
    /// narrower than a group go to `column` instead, once for each lane's column, from a copy of
    /// the image (fewer than 16 bytes a row) into it.
    static func pass(_ pixels: inout [UInt8], ring: inout [UInt8], lanes: Int, sums: inout [SIMD8<UInt16>],
                     column: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void,
                     grouped: (UnsafeMutableRawPointer, InPlaceRows, Int) -> Void) {
        guard lanes >= 16 else {
            let source = pixels
            source.withUnsafeBytes { src in
                pixels.withUnsafeMutableBytes { dst in
                    for i in 0..<lanes { column(src.baseAddress! + i, dst.baseAddress! + i) }
                }
            }
            return
        }
        InPlaceRows.with(&pixels, ring: &ring, lanes: lanes) { rows in
            sums.withUnsafeMutableBytes { raw in grouped(raw.baseAddress!, rows, (lanes + 15) / 16) }
        }
    }

    /// The first lane of group g.
    @inline(__always)
    static func start(_ g: Int, lanes: Int) -> Int { min(g &* 16, lanes &- 16) }

    /// Calls `body` with runs of groups whose lanes lie 16 apart, as (first group, groups, first
    /// lane): every group but a pulled-back last one, then that one alone. A kernel then walks each
    /// run with plain strides, where clamping every group's start cost it three instructions.
    @inline(__always)
    static func runs(groups: Int, lanes: Int, _ body: (_ first: Int, _ count: Int, _ lane: Int) -> Void) {
        let aligned = lanes / 16
        if aligned > 0 { body(0, aligned, 0) }
        if aligned < groups { body(aligned, 1, lanes - 16) }
    }

    /// Sets every group's pair of sums at `offset` to `row` taken `times` times: the top row
    /// repeated above the image by edge clamping.
    @inline(never)
    static func set(_ sum: UnsafeMutableRawPointer, groups: Int, lanes: Int, stride: Int, offset: Int, row: UnsafeRawPointer,
                    times: UInt16) {
        let low = SIMD8<UInt16>(repeating: 0xFF)
        var g = 0
        while g < groups {
            let v = row.loadUnaligned(fromByteOffset: start(g, lanes: lanes), as: SIMD8<UInt16>.self), at = g &* stride &+ offset
            sum.storeBytes(of: (v & low) &* times, toByteOffset: at, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: (v &>> 8) &* times, toByteOffset: at &+ 16, as: SIMD8<UInt16>.self)
            g &+= 1
        }
    }

    /// Adds `row` to every group's pair of sums at `offset`.
    @inline(never)
    static func add(_ sum: UnsafeMutableRawPointer, groups: Int, lanes: Int, stride: Int, offset: Int, row: UnsafeRawPointer) {
        let low = SIMD8<UInt16>(repeating: 0xFF)
        var g = 0
        while g < groups {
            let v = row.loadUnaligned(fromByteOffset: start(g, lanes: lanes), as: SIMD8<UInt16>.self), at = g &* stride &+ offset
            sum.storeBytes(of: sum.load(fromByteOffset: at, as: SIMD8<UInt16>.self) &+ (v & low), toByteOffset: at, as: SIMD8<UInt16>.self)
            sum.storeBytes(of: sum.load(fromByteOffset: at &+ 16, as: SIMD8<UInt16>.self) &+ (v &>> 8), toByteOffset: at &+ 16,
                           as: SIMD8<UInt16>.self)
            g &+= 1
        }
    }
}
