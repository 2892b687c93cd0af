/// An image resampled to a destination rectangle, over the pixels `area` of a target: the rows
/// that `Bitmap.draw` blends. Taps depend only on a pixel's position, so any part of it is what
/// resampling that part alone gives.
struct ResampledImage {
    /// Where the whole image lands, in 1/256 pixels of the target.
    let destination: FixedRect
    let area: PixelRect
    /// `area.width` × `area.height` premultiplied pixels.
    let pixels: [UInt8]

    /// Where a draw of the image into `destination` over `area` finds its pixels here: the whole
    /// pixels (dx, dy) by which its destination lies from this one's, when it is this one moved by
    /// whole pixels (resampling then gives the very pixels, moved) and `area` moved back lies
    /// inside this one's; else nil.
    func offset(for destination: FixedRect, area: PixelRect) -> (dx: Int, dy: Int)? {
        let x = destination.minX - self.destination.minX, y = destination.minY - self.destination.minY
        guard x % fixedOne == 0, y % fixedOne == 0, destination.width == self.destination.width,
              destination.height == self.destination.height else { return nil }
        let dx = x / fixedOne, dy = y / fixedOne
        let back = PixelRect(x: area.x - dx, y: area.y - dy, width: area.width, height: area.height)
        return self.area.intersection(back) == back ? (dx, dy) : nil
    }
}

/// Images resampled by `Bitmap.draw`, by the caller's key for the image, for drawing the same image
/// at the same place again, or moved by whole pixels: a blurred view draws its content sharp, then
/// again for the blur; a view with a shadow draws its content for the shadow's shape in a layer of
/// its own, then on screen. One per drawing; not for sharing between threads.
public final class ResampleCache {
    fileprivate var images: [String: ResampledImage] = [:]

    public init() {}
}

extension Bitmap {
    /// Draws `image` scaled into `destination` (1/256 pixels, any size and position, possibly far
    /// outside this bitmap), source-over with `opacity`, inside `clip`.
    ///
    /// Separable resampling in premultiplied space: a horizontal pass over only the source rows the
    /// visible destination rows need, kept at 16 bits, then a vertical pass rounded once to 8 bits.
    /// The destination edges are anti-aliased by exact area coverage.
    ///
    /// `covering`, when given, is the area painted instead of `destination`: beyond the
    /// destination the image's edge pixels repeat, so an edge can be moved out to a whole pixel
    /// without stretching the image.
    ///
    /// `cache`, when given, keeps the resampled pixels under `key`, and a later draw of the same
    /// key into the same destination, or one moved by whole pixels, needing no pixel outside them,
    /// blends them again instead of resampling. The caller keeps one key for one image.
    public mutating func draw(_ image: Bitmap, into destination: FixedRect, covering: FixedRect? = nil,
                              opacity: UInt8 = 255, clip: Clip, cache: ResampleCache? = nil, key: String = "") {
        guard opacity != 0, image.width > 0, image.height > 0, !destination.isEmpty else { return }
        let coverage = Coverage(shape: RoundedRect(rect: covering ?? destination, radius: 0), clip: clip,
                                targetWidth: width, targetHeight: height)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, n = area.width, o = Int(opacity)
        guard let cache else {
            // Nothing to keep: one row at a time, straight from the vertical pass into the blend.
            var line = [UInt8](repeating: 0, count: n * 4)
            var resampler = Resampler(image, into: destination, area: area)
            pixels.withUnsafeMutableBufferPointer { dst in
                line.withUnsafeMutableBufferPointer { out in
                    coverage.forEachRow { y, cov in
                        resampler.row(y - area.y, into: out)
                        SpanBlend.over(dst, at: (y * w + area.x) * 4, UnsafeBufferPointer(out), at: 0,
                                       coverage: cov, count: n, opacity: o)
                    }
                }
            }
            return
        }
        let resampled: ResampledImage, moved: (dx: Int, dy: Int)
        if let cached = cache.images[key], let offset = cached.offset(for: destination, area: area) {
            (resampled, moved) = (cached, offset)
        } else {
            (resampled, moved) = (image.resampled(into: destination, area: area), (0, 0))
            cache.images[key] = resampled
        }
        let stride = resampled.area.width
        let left = area.x - moved.dx - resampled.area.x, top = area.y - moved.dy - resampled.area.y
        pixels.withUnsafeMutableBufferPointer { dst in
            resampled.pixels.withUnsafeBufferPointer { src in
                coverage.forEachRow { y, cov in
                    SpanBlend.over(dst, at: (y * w + area.x) * 4, src, at: ((y - area.y + top) * stride + left) * 4,
                                   coverage: cov, count: n, opacity: o)
                }
            }
        }
    }

    /// This image resampled into `destination`, over the target pixels `area`.
    func resampled(into destination: FixedRect, area: PixelRect) -> ResampledImage {
        // Every row is written below: no need to zero it first.
        let bytes = area.width * area.height * 4
        var out = [UInt8](unsafeUninitializedCapacity: bytes) { _, count in count = bytes }
        var resampler = Resampler(self, into: destination, area: area)
        let rowBytes = area.width * 4
        out.withUnsafeMutableBufferPointer { all in
            for y in 0..<area.height {
                resampler.row(y, into: UnsafeMutableBufferPointer(rebasing: all[(y * rowBytes)..<((y + 1) * rowBytes)]))
            }
        }
        return ResampledImage(destination: destination, area: area, pixels: out)
    }
}

/// The two passes of resampling one image into a destination over an area of pixels, a row at a
/// time: the vertical pass reads the source rows of its taps through the horizontal pass, which
/// holds a window of at most `window` of them (or the taps of one row, if more).
///
/// The whole horizontal pass at once took 8 bytes per source row and destination column: for a
/// header image stretched at @3x, 8 MB for every thread painting one. Rows come in order, so a
/// window moves forward, and computes again at most the rows of one row's taps that it held.
private struct Resampler {
    /// Source rows the horizontal pass holds at most, unless one row's taps need more.
    static let window = 64

    let image: Bitmap
    let columns: ResampleTable
    let rows: ResampleTable
    let rowLength: Int
    /// Source rows `first..<first + held`, through the horizontal pass.
    private var horizontal: [UInt16] = []
    private var first = 0
    private var held = 0

    init(_ image: Bitmap, into destination: FixedRect, area: PixelRect) {
        self.image = image
        columns = ResampleTable(sourceCount: image.width, destMin: destination.minX,
                                destLength: destination.width, first: area.x, count: area.width)
        rows = ResampleTable(sourceCount: image.height, destMin: destination.minY,
                             destLength: destination.height, first: area.y, count: area.height)
        rowLength = area.width * 4
    }

    /// Row `y` of the area (0 at its top), 8-bit premultiplied, into `out[0..<area.width * 4]`.
    @inline(__always)
    mutating func row(_ y: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        let (start, taps) = rows.taps(of: y)
        if start < first || start + taps.count > first + held {
            let last = min(rows.sourceRange.upperBound, start + max(taps.count, Resampler.window) - 1)
            horizontal = image.resampleRows(start...last, with: columns, count: rowLength / 4)
            first = start
            held = last - start + 1
        }
        horizontal.withUnsafeBufferPointer { h in
            rows.weights.withUnsafeBufferPointer { wt in
                Bitmap.resampleColumns(h, from: (start - first) * rowLength, rowLength: rowLength, weights: wt, taps: taps,
                                       into: out)
            }
        }
    }
}

extension Bitmap {
    /// Vertical pass for one destination row: Σ weight × `h` over the taps, each tap a row of
    /// `rowLength` 16-bit values starting at `first`, rounded once to 8 bits, 8 lanes at a time.
    /// The sums fit 32 bits: the weights add up to 2¹⁴ and every value is below 2¹⁶. Each
    /// value × weight is a 16 × 16 → 32-bit multiply (`pmullw` and `pmulhuw`).
    @inline(__always)
    static func resampleColumns(_ h: UnsafeBufferPointer<UInt16>, from first: Int, rowLength: Int,
                                weights: UnsafeBufferPointer<Int32>, taps: Range<Int>,
                                into out: UnsafeMutableBufferPointer<UInt8>) {
        if taps.count == 2 {
            resampleColumns(h.baseAddress! + first, h.baseAddress! + first + rowLength, rowLength: rowLength,
                            weights: SIMD8(repeating: UInt16(truncatingIfNeeded: weights[taps.lowerBound])),
                            SIMD8(repeating: UInt16(truncatingIfNeeded: weights[taps.lowerBound + 1])), into: out.baseAddress!)
        } else {
            resampleColumns(h.baseAddress!, from: first, rowLength: rowLength, weights: weights.baseAddress!,
                            taps: taps.lowerBound, taps.upperBound, into: out.baseAddress!)
        }
    }

    /// `resampleColumns` with two taps (bilinear), rows `a` and `b` with weights wa and wb (in every
    /// lane of `weightA` and `weightB`), in 16-bit lanes. Each product splits into its high and low 16 bits (`pmulhuw`, `pmullw`); with
    /// the rounding term 2²¹ = 32 · 2¹⁶, the result (a·wa + b·wb + 2²¹) >> 22 is
    /// (highA + highB + carry + 32) >> 6, where carry = (lowA + lowB) >> 16 comes from the floor
    /// average of the low halves. The high halves add up to at most 2¹⁵, so nothing overflows.
    /// The weights come in as vectors: spread from scalars in here, the compiler lost that they fit
    /// 16 bits and emulated 32-bit multiplies instead.
    @inline(never)
    private static func resampleColumns(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, rowLength: Int,
                                        weights weightA: SIMD8<UInt16>, _ weightB: SIMD8<UInt16>,
                                        into out: UnsafeMutablePointer<UInt8>) {
        let first = UnsafeRawPointer(a), second = UnsafeRawPointer(b), o = UnsafeMutableRawPointer(out)
        var x = 0
        while x &+ 8 <= rowLength {
            let va = first.loadUnaligned(fromByteOffset: x &* 2, as: SIMD8<UInt16>.self)
            let vb = second.loadUnaligned(fromByteOffset: x &* 2, as: SIMD8<UInt16>.self)
            let highA = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: va)
                &* SIMD8<UInt32>(truncatingIfNeeded: weightA)) &>> 16)
            let highB = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: vb)
                &* SIMD8<UInt32>(truncatingIfNeeded: weightB)) &>> 16)
            let lowA = va &* weightA, lowB = vb &* weightB
            let carry = ((lowA &>> 1) &+ (lowB &>> 1) &+ (lowA & lowB & 1)) &>> 15
            o.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: (highA &+ highB &+ carry &+ 32) &>> 6), toByteOffset: x,
                         as: SIMD8<UInt8>.self)
            x &+= 8
        }
        let shift = UInt32(ResampleTable.shift + 8), wa = UInt32(weightA[0]), wb = UInt32(weightB[0])
        while x < rowLength {
            let sum = UInt32(a[x]) &* wa &+ UInt32(b[x]) &* wb &+ (UInt32(1) << (shift - 1))
            out[x] = UInt8(truncatingIfNeeded: sum >> shift)
            x &+= 1
        }
    }

    /// `resampleColumns`, out of line with plain arguments, so that the compiler keeps its vector
    /// conversions inline.
    @inline(never)
    private static func resampleColumns(_ h: UnsafePointer<UInt16>, from first: Int, rowLength: Int,
                                        weights: UnsafePointer<Int32>, taps firstTap: Int, _ endTap: Int,
                                        into out: UnsafeMutablePointer<UInt8>) {
        let shift = UInt32(ResampleTable.shift + 8), half = UInt32(1) << (shift - 1)
        let values = UnsafeRawPointer(h), o = UnsafeMutableRawPointer(out)
        var x = 0
        while x &+ 8 <= rowLength {
            var sum = SIMD8<UInt32>(repeating: half)
            var row = first &+ x
            for t in firstTap..<endTap {
                let value = values.loadUnaligned(fromByteOffset: row &* 2, as: SIMD8<UInt16>.self)
                // Weights are at most 2¹⁴: as 16-bit lanes widened, the compiler sees a 16 × 16-bit multiply.
                let weight = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: weights[t]))
                sum &+= SIMD8<UInt32>(truncatingIfNeeded: value) &* SIMD8<UInt32>(truncatingIfNeeded: weight)
                row &+= rowLength
            }
            o.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: sum &>> shift), toByteOffset: x, as: SIMD8<UInt8>.self)
            x &+= 8
        }
        while x < rowLength {
            var sum = half, row = first &+ x
            for t in firstTap..<endTap { sum &+= UInt32(h[row]) &* UInt32(truncatingIfNeeded: weights[t]); row &+= rowLength }
            out[x] = UInt8(truncatingIfNeeded: sum >> shift)
            x &+= 1
        }
    }

    /// Horizontal pass: source rows `range`, each filtered to `count` destination columns.
    /// Values are premultiplied channels × 256 (16 bits), row after row.
    ///
    /// A pixel's four channels go through one vector of 32-bit lanes: every weight × value is
    /// below 2¹⁴ × 2⁸, and so is their sum.
    func resampleRows(_ range: ClosedRange<Int>, with table: ResampleTable, count: Int) -> [UInt16] {
        // Every value is written below: no need to zero them first.
        let values = range.count * count * 4
        var out = [UInt16](unsafeUninitializedCapacity: values) { _, initialized in initialized = values }
        let w = width, weights = table.weights
        if let start = table.identityStart {
            // value × unit, rounded to 16 bits, is the value × 256: each byte widened.
            pixels.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { dst in
                    for (k, row) in range.enumerated() {
                        Bitmap.widenRow(src.baseAddress! + (row * w + start) * 4, into: dst.baseAddress! + k * count * 8,
                                        bytes: count * 4)
                    }
                }
            }
            return out
        }
        if let (offsets, pairWeights) = table.pairs {
            pixels.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { dst in
                    offsets.withUnsafeBufferPointer { o in
                        pairWeights.withUnsafeBufferPointer { wt in
                            for (k, row) in range.enumerated() {
                                Bitmap.resampleRow(src.baseAddress! + row * w * 4, into: dst.baseAddress! + k * count * 8,
                                                   offsets: o.baseAddress!, weights: wt.baseAddress!, count: count)
                            }
                        }
                    }
                }
            }
            return out
        }
        let half = SIMD4<UInt32>(repeating: 1 << (UInt32(ResampleTable.shift) - 9)), shift = UInt32(ResampleTable.shift - 8)
        pixels.withUnsafeBufferPointer { src in
            weights.withUnsafeBufferPointer { wt in
                out.withUnsafeMutableBufferPointer { dst in
                    let source = UnsafeRawPointer(src.baseAddress!), destination = UnsafeMutableRawPointer(dst.baseAddress!)
                    var o = 0
                    for row in range {
                        let base = row * w * 4
                        for x in 0..<count {
                            let (start, taps) = table.taps(of: x)
                            var sum = half
                            var s = base + start * 4
                            for t in taps {
                                let value = SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: s, as: SIMD4<UInt8>.self))
                                sum &+= value &* UInt32(wt[t])
                                s += 4
                            }
                            let rounded = sum &>> shift
                            destination.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: rounded), toByteOffset: o * 2, as: SIMD4<UInt16>.self)
                            o += 4
                        }
                    }
                }
            }
        }
        return out
    }

    /// `destination[i]` = `source[i]` × 256 in 16 bits, for `bytes` bytes.
    @inline(never)
    static func widenRow(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, bytes: Int) {
        var i = 0
        while i &+ 8 <= bytes {
            let v = SIMD8<UInt16>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
            destination.storeBytes(of: v &<< 8, toByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        while i < bytes {
            destination.storeBytes(of: UInt16(source.load(fromByteOffset: i, as: UInt8.self)) << 8, toByteOffset: i &* 2, as: UInt16.self)
            i &+= 1
        }
    }

    /// One row of the horizontal pass with at most two taps a pixel (`ResampleTable.pairs`): both
    /// source pixels in one vector of 16-bit lanes, times their weights as a 16 × 16 → 32-bit
    /// multiply (`pmullw` and `pmulhuw`), the two halves added. The same sums as the general loop.
    /// Out of line, so that the compiler keeps its vector conversions inline.
    @inline(never)
    static func resampleRow(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer,
                            offsets: UnsafePointer<SIMD2<Int32>>, weights: UnsafePointer<SIMD8<UInt16>>, count: Int) {
        let half = SIMD4<UInt32>(repeating: 1 << (UInt32(ResampleTable.shift) - 9)), shift = UInt32(ResampleTable.shift - 8)
        for x in 0..<count {
            let o = offsets[x]
            let pair = UInt64(source.loadUnaligned(fromByteOffset: Int(o[0]), as: UInt32.self))
                | UInt64(source.loadUnaligned(fromByteOffset: Int(o[1]), as: UInt32.self)) << 32
            let values = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(pair, to: SIMD8<UInt8>.self))
            let products = SIMD8<UInt32>(truncatingIfNeeded: values) &* SIMD8<UInt32>(truncatingIfNeeded: weights[x])
            let sum = (products.lowHalf &+ products.highHalf &+ half) &>> shift
            destination.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: sum), toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
        }
    }
}
