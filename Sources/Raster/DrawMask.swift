/// An 8-bit coverage mask, such as a rasterized glyph: 0 covers nothing, 255 covers the whole pixel.
///
/// Invariant: `coverage.count == width * height`, row after row with stride equal to width.
public struct CoverageMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]

    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height,
                     "mask size must match its coverage bytes")
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

extension Bitmap {
    /// Source-over of `color` through `mask`, whose top-left pixel lands on pixel (`x`, `y`), inside
    /// `clip`, leaving out the pixels that `hidden` says later drawing covers.
    ///
    /// A pixel's weight is the mask's coverage times the clip's (which may be fractional and
    /// rounded), so glyphs are cut by a rounded clip as smoothly as a filled rectangle.
    public mutating func draw(_ mask: CoverageMask, x: Int, y: Int, color: PremultipliedColor, clip: Clip,
                              hidden: Occluders = Occluders()) {
        guard color.a != 0, mask.width > 0, mask.height > 0 else { return }
        let coverage = self.coverage(ofBlockWidth: mask.width, height: mask.height, atX: x, y: y, clip: clip)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, mw = mask.width, hidden = hidden.within(area)
        var weights = [UInt8](repeating: 0, count: area.width)
        pixels.withUnsafeMutableBufferPointer { dst in
            mask.coverage.withUnsafeBufferPointer { src in
                weights.withUnsafeMutableBufferPointer { weights in
                    coverage.forEachRow { row, cov in
                        DrawMaskRow.weights(src.baseAddress! + (row - y) * mw + (area.x - x), cov.baseAddress!,
                                            into: weights.baseAddress!, count: area.width)
                        hidden.forEachGap(row: row, from: area.x, to: area.maxX) { start, end in
                            let from = UnsafeBufferPointer(rebasing: weights[(start - area.x)...])
                            SpanBlend.fill(dst, at: (row * w + start) * 4, color: color, coverage: from, count: end - start)
                        }
                    }
                }
            }
        }
    }
}

/// The weights of one row of a mask drawn through a clip.
enum DrawMaskRow {
    /// div255(mask × clip coverage) for `count` pixels, eight at a time in 16-bit lanes (products
    /// stay below 65,281, as `SpanBlend` needs).
    @inline(__always)
    static func weights(_ mask: UnsafePointer<UInt8>, _ clip: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                        count: Int) {
        var k = 0
        while k &+ 8 <= count {
            let m = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(mask + k).loadUnaligned(as: SIMD8<UInt8>.self))
            let c = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(clip + k).loadUnaligned(as: SIMD8<UInt8>.self))
            UnsafeMutableRawPointer(out + k).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: div255(m &* c)), as: SIMD8<UInt8>.self)
            k &+= 8
        }
        while k < count { out[k] = UInt8(div255(Int(mask[k]) * Int(clip[k]))); k &+= 1 }
    }
}
