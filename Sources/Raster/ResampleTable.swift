/// For one axis, which source pixels feed each destination pixel, and with what weights.
///
/// Weights are integers summing to exactly `ResampleTable.unit` for every destination pixel, so
/// resampling a flat colour returns it unchanged. Two filters:
/// - bilinear (2 taps) when the axis is enlarged or shrunk by at most 2×;
/// - area averaging (a box over the source footprint) when it is shrunk by more than 2×, so that
///   an image that shrinks a little between frames does not shimmer.
public struct ResampleTable {
    public static let shift = 14
    public static let unit = 1 << shift

    /// First source index for each destination pixel.
    private(set) var starts: [Int32] = []
    /// Index into `weights` of each destination pixel's first tap; one extra entry at the end.
    private(set) var offsets: [Int32] = [0]
    public private(set) var weights: [Int32] = []

    /// The lowest and highest source index any tap reads.
    public private(set) var sourceRange: ClosedRange<Int> = 0...0

    /// - Parameters:
    ///   - sourceCount: source pixels along the axis (> 0).
    ///   - destMin, destLength: where the whole image lands, in 1/256 pixels (destLength > 0).
    ///   - first, count: the destination pixels to compute.
    public init(sourceCount: Int, destMin: Int, destLength: Int, first: Int, count: Int) {
        starts.reserveCapacity(count)
        var lowest = Int.max, highest = Int.min
        // Source units per destination pixel, 16.16 fixed point.
        let step = sourceCount * fixedOne << 16 / destLength
        let area = destLength * 2 < sourceCount * fixedOne
        for i in 0..<count {
            let pixelStart = (first + i) * fixedOne - destMin   // 1/256 px from the image's edge
            var taps: [(Int, Int)]
            if area {
                // Source footprint [s0, s1) in 16.16, of the destination pixel's full width.
                let s0 = pixelStart * sourceCount << 16 / destLength
                let s1 = s0 + step
                taps = ResampleTable.box(from: s0, to: s1, sourceCount: sourceCount)
            } else {
                // Sample at the pixel centre, measured from the centre of source pixel 0.
                let u = (pixelStart + fixedOne / 2) * sourceCount << 16 / destLength - (1 << 15)
                let i0 = u >> 16, frac = (u & 0xFFFF) >> (16 - ResampleTable.shift)
                let a = clampIndex(i0, sourceCount), b = clampIndex(i0 + 1, sourceCount)
                taps = a == b ? [(a, ResampleTable.unit)]
                    : [(a, ResampleTable.unit - frac), (b, frac)].filter { $0.1 != 0 }
            }
            starts.append(Int32(taps[0].0))
            for (index, weight) in taps {
                precondition(index == taps[0].0 + weights.count - Int(offsets.last!), "taps are contiguous")
                weights.append(Int32(weight))
                lowest = min(lowest, index); highest = max(highest, index)
            }
            offsets.append(Int32(weights.count))
        }
        if count > 0 { sourceRange = lowest...highest }
    }

    /// Box weights over [s0, s1) in 16.16 source units, clamped to the image, normalised to `unit`.
    private static func box(from s0: Int, to s1: Int, sourceCount: Int) -> [(Int, Int)] {
        let lo = clampIndex(s0 >> 16, sourceCount), hi = clampIndex((s1 - 1) >> 16, sourceCount)
        var raw: [(Int, Int)] = []
        var total = 0
        for index in lo...hi {
            let p0 = index << 16, p1 = (index + 1) << 16
            let overlap = index == lo && index == hi ? max(1, min(s1, p1) - max(s0, p0))
                : max(0, min(s1, p1) - max(s0, p0))
            raw.append((index, overlap)); total += overlap
        }
        if total == 0 { return [(lo, unit)] }
        // The rounding residue goes to the largest tap, so the weights sum to exactly `unit`.
        var taps = raw.map { ($0.0, $0.1 * unit / total) }
        let residue = unit - taps.reduce(0) { $0 + $1.1 }
        let largest = taps.indices.max { taps[$0].1 < taps[$1].1 }!
        taps[largest].1 += residue
        return taps.filter { $0.1 != 0 }.isEmpty ? [(lo, unit)] : taps
    }

    /// The table as pairs of taps, when no destination pixel has more than two (bilinear, and area
    /// averaging that shrinks by little): for each, the byte offsets of its two source pixels in a
    /// row of RGBA8, and its weights spread over the channels of each, [w₀ × 4, w₁ × 4]. A single
    /// tap is paired with itself at weight 0. Nil when a pixel has more taps.
    var pairs: (offsets: [SIMD2<Int32>], weights: [SIMD8<UInt16>])? {
        let count = starts.count
        guard (0..<count).allSatisfy({ offsets[$0 + 1] - offsets[$0] <= 2 }) else { return nil }
        var byteOffsets: [SIMD2<Int32>] = [], pairWeights: [SIMD8<UInt16>] = []
        byteOffsets.reserveCapacity(count)
        pairWeights.reserveCapacity(count)
        for i in 0..<count {
            let first = Int(offsets[i]), two = offsets[i + 1] - offsets[i] == 2
            let w0 = UInt16(weights[first]), w1 = two ? UInt16(weights[first + 1]) : 0
            byteOffsets.append(SIMD2(starts[i] * 4, (starts[i] + (two ? 1 : 0)) * 4))
            pairWeights.append(SIMD8(w0, w0, w0, w0, w1, w1, w1, w1))
        }
        return (byteOffsets, pairWeights)
    }

    /// When every destination pixel is one source pixel at full weight, the next one along (the
    /// image at its own size, moved by whole pixels): the source index of the first.
    var identityStart: Int? {
        let count = starts.count
        guard count > 0, weights.count == count, weights.allSatisfy({ $0 == ResampleTable.unit }),
              (0..<count).allSatisfy({ starts[$0] == starts[0] + Int32($0) }) else { return nil }
        return Int(starts[0])
    }

    /// Destination pixel `i`'s first source index, and where its weights are in `weights`.
    public func taps(of i: Int) -> (start: Int, weights: Range<Int>) {
        (Int(starts[i]), Int(offsets[i])..<Int(offsets[i + 1]))
    }
}

@inline(__always)
private func clampIndex(_ i: Int, _ count: Int) -> Int { max(0, min(count - 1, i)) }
