import Codecs

/// Whether the neighbourhood of a changed pixel changed in structure, or only in its exact values:
/// the second half of Playwright's `ssim-cie94` comparator (playwright-core's
/// `src/image_tools/compare.ts` and `stats.ts`), written anew for integer sums.
///
/// For a pixel whose colour changed beyond the ΔE gate:
/// - if its 3×3 neighbourhood is flat (one colour) in both frames, the change is real: a filled
///   area changed colour;
/// - otherwise SSIM (Wang, Bovik, Sheikh and Simoncelli, "Image quality assessment: from error
///   visibility to structural similarity", IEEE TIP 13(4), 2004) is taken over the 31×31 window
///   around it, for red, green and blue over white each, with equal weights in the window; the
///   change is real where their mean is under 0.99. An edge drawn a fraction of a pixel away keeps
///   its neighbourhood's structure, so its anti-aliasing passes; a glyph that changed does not.
///
/// The constants are Playwright's: the 3×3 and 31×31 windows (`VARIANCE_WINDOW_RADIUS` 1 and
/// `SSIM_WINDOW_RADIUS` 15), the 0.99 cut, and SSIM's C1 = (0.01 × 255)² and C2 = (0.03 × 255)²,
/// which are the paper's K1 = 0.01 and K2 = 0.03 for 8-bit channels. Where Playwright pads the
/// frames with a checkerboard, windows here are clipped at the frame's edges: a window sees only
/// the frame's own pixels, and a flat corner is flat.
///
/// Invariant: the window sums are exact integers and SSIM's four factors are integers below 2⁵³,
/// divided once each as doubles, so a verdict depends only on the two frames: the same in debug
/// and release builds, on every run and in any thread. The column sums slide down the rows as
/// changed pixels need them (each row added once and removed once), and memory is 30 integers
/// per column.
struct NeighbourhoodSSIM {
    static let radius = 15
    static let flatRadius = 1
    static let minimum = 0.99
    /// C1 and C2 times 10 000, so that SSIM's terms are integers: 255² and 9 × 255².
    private static let c1 = 65_025, c2 = 585_225, scale = 10_000
    /// Per column and channel: Σa, Σb, Σa², Σb², Σab over the window's rows.
    private static let lanes = 15

    private let expected: UnsafeRawBufferPointer
    private let actual: UnsafeRawBufferPointer
    private let width: Int
    private let height: Int
    /// `lanes` sums per column, over the rows within `radius` of `centre`.
    private var columns: [Int]
    /// The column sums added up along the row: `lanes` per column boundary.
    private var prefix: [Int]
    /// The row the column sums are taken around; -1 before the first.
    private var centre = -1

    /// - Precondition: both buffers hold `width × height` premultiplied RGBA pixels.
    init(expected: UnsafeRawBufferPointer, actual: UnsafeRawBufferPointer, width: Int, height: Int) {
        self.expected = expected; self.actual = actual; self.width = width; self.height = height
        columns = [Int](repeating: 0, count: width * Self.lanes)
        prefix = [Int](repeating: 0, count: (width + 1) * Self.lanes)
    }

    /// Whether the change at (x, y) is real: flat in both frames, or SSIM under `minimum`.
    /// Cheapest in raster order: the sums slide down, and a row above them is summed afresh.
    mutating func changedStructure(x: Int, y: Int) -> Bool {
        if isFlat(expected, x, y) && isFlat(actual, x, y) { return true }
        if y != centre { move(to: y) }
        return similarity(x: x, y: y) < Self.minimum
    }

    /// Pixel `i` over white, r | g << 8 | b << 16.
    @inline(__always)
    private static func word(_ image: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        OnWhite.word(image.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
    }

    /// Whether the 3×3 neighbourhood of (x, y), clipped to the frame, is one colour over white.
    private func isFlat(_ image: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> Bool {
        let colour = Self.word(image, y * width + x)
        for ny in max(0, y - Self.flatRadius)...min(height - 1, y + Self.flatRadius) {
            for nx in max(0, x - Self.flatRadius)...min(width - 1, x + Self.flatRadius)
            where Self.word(image, ny * width + nx) != colour {
                return false
            }
        }
        return true
    }

    /// Column sums around row `y`, by sliding from the current centre (two rows a step) or, when
    /// that is more than half a window away, summed afresh (a window of rows); then their running
    /// total along the row.
    private mutating func move(to y: Int) {
        let r = Self.radius
        if centre < 0 || y < centre || y - centre > r {
            for i in columns.indices { columns[i] = 0 }
            for row in max(0, y - r)...min(height - 1, y + r) { add(row: row, sign: 1) }
        } else {
            while centre < y {
                centre += 1
                if centre + r < height { add(row: centre + r, sign: 1) }
                if centre - r - 1 >= 0 { add(row: centre - r - 1, sign: -1) }
            }
        }
        centre = y
        let lanes = Self.lanes
        columns.withUnsafeBufferPointer { c in
            prefix.withUnsafeMutableBufferPointer { p in
                for x in 0..<width {
                    for k in 0..<lanes { p[(x + 1) * lanes + k] = p[x * lanes + k] + c[x * lanes + k] }
                }
            }
        }
    }

    /// Adds (sign 1) or removes (-1) one row's values to the column sums.
    private mutating func add(row: Int, sign: Int) {
        let lanes = Self.lanes, start = row * width
        let expected = self.expected, actual = self.actual
        columns.withUnsafeMutableBufferPointer { c in
            for x in 0..<width {
                let p = Self.word(expected, start + x), q = Self.word(actual, start + x)
                for channel in 0..<3 {
                    let a = Int((p >> (8 * channel)) & 0xFF), b = Int((q >> (8 * channel)) & 0xFF)
                    let at = x * lanes + channel * 5
                    c[at] += sign * a
                    c[at + 1] += sign * b
                    c[at + 2] += sign * a * a
                    c[at + 3] += sign * b * b
                    c[at + 4] += sign * a * b
                }
            }
        }
    }

    /// The mean over the three channels of SSIM in the window around (x, `centre`).
    private func similarity(x: Int, y: Int) -> Double {
        let r = Self.radius, lanes = Self.lanes
        let x0 = max(0, x - r), x1 = min(width - 1, x + r)
        let n = (x1 - x0 + 1) * (min(height - 1, y + r) - max(0, y - r) + 1)
        let n2 = n * n
        var total = 0.0
        prefix.withUnsafeBufferPointer { p in
            for channel in 0..<3 {
                func sum(_ k: Int) -> Int { p[(x1 + 1) * lanes + channel * 5 + k] - p[x0 * lanes + channel * 5 + k] }
                let s1 = sum(0), s2 = sum(1), q1 = sum(2), q2 = sum(3), product = sum(4)
                // SSIM = (2μ₁μ₂ + C1)(2σ₁₂ + C2) / ((μ₁² + μ₂² + C1)(σ₁² + σ₂² + C2)), each factor
                // times 10 000 n² so it is an integer: μ = s/n, σ² = (n·q − s²)/n², σ₁₂ = (n·Σab − s₁s₂)/n².
                // The largest, 2·s₁s₂·10 000 ≤ 2 × (961 × 255)² × 10⁴ ≈ 1.2 × 10¹⁵, is exact as a Double.
                let luminance = 2 * s1 * s2 * Self.scale + Self.c1 * n2
                let luminanceBase = (s1 * s1 + s2 * s2) * Self.scale + Self.c1 * n2
                let structure = 2 * (n * product - s1 * s2) * Self.scale + Self.c2 * n2
                let structureBase = (n * q1 - s1 * s1 + n * q2 - s2 * s2) * Self.scale + Self.c2 * n2
                total += Double(luminance) / Double(luminanceBase) * (Double(structure) / Double(structureBase))
            }
        }
        return total / 3
    }
}
