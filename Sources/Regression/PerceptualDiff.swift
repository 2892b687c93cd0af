import Codecs
import Raster

extension PixelDiff {
    /// Compares two frames as `comparison` says: exact and pixelmatch's as `init(expected:actual:threshold:)`
    /// does, CIEDE2000 and SSIM by `PerceptualDiff`.
    ///
    /// - Precondition: both bitmaps have the same size.
    public init(expected: Bitmap, actual: Bitmap, comparison: Tolerance.Comparison) {
        switch comparison {
        case .exact: self.init(expected: expected, actual: actual, threshold: nil)
        case .pixelmatch(let threshold): self.init(expected: expected, actual: actual, threshold: threshold)
        case .ciede2000(let maxDeltaE): self = PerceptualDiff.compare(expected, actual, maxDeltaE: maxDeltaE, structural: false)
        case .ssimCIEDE2000(let maxDeltaE): self = PerceptualDiff.compare(expected, actual, maxDeltaE: maxDeltaE, structural: true)
        }
    }
}

/// A pixel-by-pixel comparison by perceived colour, in the manner of Playwright's `ssim-cie94`.
///
/// Each pixel is seen as it shows over white (premultiplied colour plus 255 − alpha, exact in
/// integers). A pixel whose bytes are equal, or whose colours over white are at most `maxDeltaE`
/// apart in CIEDE2000, is unchanged. Any other pixel differs; with `structural`, only where
/// `NeighbourhoodSSIM` finds that its neighbourhood changed in structure, and the rest count as
/// `antialiased`. The diff image is drawn as `PixelDiff`'s: unchanged pixels faded grey,
/// differing ones red, and those the neighbourhood explains yellow.
///
/// Cost: two integer loads and a compare for each equal pixel; for each changed one, a lookup of
/// its pair of colours or two L*a*b* conversions and one CIEDE2000; window sums only for the rows
/// that hold a pixel over the gate. Measured on frame 0 of samples/stretchy.json at @2x (780×1688)
/// against frame 30 (957 000 pixels changed) and against itself with every pixel one level
/// lighter or darker, optimized, on a shared machine: CIEDE2000 0.04–0.06 s and 0.03 s, with SSIM
/// 0.12–0.16 s and 0.03–0.04 s, where the exact diff takes 0.14–0.18 s.
enum PerceptualDiff {
    static func compare(_ expected: Bitmap, _ actual: Bitmap, maxDeltaE: Double, structural: Bool) -> PixelDiff {
        precondition(expected.width == actual.width && expected.height == actual.height, "compared frames differ in size")
        let w = expected.width, h = expected.height
        let straight = expected.straightBytes()
        var out = [UInt8](repeating: 255, count: w * h * 4)
        var differing = 0, antialiased = 0
        var gate = ColourGate(maxDeltaE: maxDeltaE)
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                out.withUnsafeMutableBufferPointer { o in
                    func paint(_ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) { o[i * 4] = r; o[i * 4 + 1] = g; o[i * 4 + 2] = b }
                    // Made at the first pixel over the gate: most frames that differ at all differ
                    // somewhere, but a frame that differs only under the gate needs no window sums.
                    // Both frames are whole, so the rows below a pixel are there to sum.
                    var neighbourhood: NeighbourhoodSSIM?
                    for i in 0..<(w * h) {
                        let p = e.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                        let q = a.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                        if p != q {
                            let pw = OnWhite.word(p), qw = OnWhite.word(q)
                            if pw != qw && gate.exceeds(pw, qw) {
                                if structural {
                                    if neighbourhood == nil { neighbourhood = NeighbourhoodSSIM(expected: e, actual: a, width: w, height: h) }
                                    if !neighbourhood!.changedStructure(x: i % w, y: i / w) {
                                        antialiased += 1
                                        paint(i, 255, 255, 0)
                                        continue
                                    }
                                }
                                differing += 1
                                paint(i, 255, 0, 0)
                                continue
                            }
                        }
                        let v = fadedGrey(straight, i * 4)
                        paint(i, v, v, v)
                    }
                }
            }
        }
        return PixelDiff(differing: differing, antialiased: antialiased, image: Bitmap(width: w, height: h, straight: out)!,
                         expected: expected)
    }
}

/// Whether two colours over white are more than `maxDeltaE` apart, remembered for recent pairs:
/// a changed area of an interface repeats a few pairs (a fill, its edges) over thousands of
/// pixels. A pair's verdict is the same whether computed or remembered, so results do not depend
/// on the order of pixels or on what the table held.
private struct ColourGate {
    let maxDeltaE: Double
    /// 4096 slots of (expected << 24 | actual); `UInt64.max`, which no pair makes, is empty.
    private var pairs = [UInt64](repeating: .max, count: 1 << 12)
    private var verdicts = [Bool](repeating: false, count: 1 << 12)

    init(maxDeltaE: Double) { self.maxDeltaE = maxDeltaE }

    /// `expected` and `actual` are r | g << 8 | b << 16.
    mutating func exceeds(_ expected: UInt32, _ actual: UInt32) -> Bool {
        let pair = UInt64(expected) << 24 | UInt64(actual)
        // Fibonacci hashing: the top 12 bits of the product mix every bit of the pair.
        let slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 52)
        if pairs[slot] == pair { return verdicts[slot] }
        let verdict = CIEDE2000.difference(Lab(word: expected), Lab(word: actual)) > maxDeltaE
        pairs[slot] = pair
        verdicts[slot] = verdict
        return verdict
    }
}
