/// Mean structural similarity of two pictures (Wang, Bovik, Sheikh and Simoncelli, IEEE TIP
/// 13(4), 2004), as `scripts/compare-outputs` and scikit-image's default measure it: on the BT.601
/// luma (0.299 R + 0.587 G + 0.114 B) of packed RGB8, over every 7 × 7 window that lies inside the
/// picture, with equal weights, the sample (n − 1) variances, and C1 = (0.01 × 255)²,
/// C2 = (0.03 × 255)². Identical pictures give 1.
public enum SSIM {
    static let window = 7

    /// The mean over the windows of `a` and `b`, both `width × height × 3` bytes.
    public static func mean(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        precondition(a.count == width * height * 3 && b.count == a.count)
        let k = window
        guard width >= k, height >= k else { return a == b ? 1 : 0 }
        let x = luma(a), y = luma(b)
        // Integral images of x, y, x², y² and xy, one row and column of zeros first.
        let w = width + 1
        var sums = [[Double]](repeating: [Double](repeating: 0, count: w * (height + 1)), count: 5)
        for row in 0..<height {
            var run = [Double](repeating: 0, count: 5)
            for column in 0..<width {
                let i = row * width + column, p = x[i], q = y[i]
                run[0] += p; run[1] += q; run[2] += p * p; run[3] += q * q; run[4] += p * q
                let at = (row + 1) * w + column + 1
                for s in 0..<5 { sums[s][at] = sums[s][at - w] + run[s] }
            }
        }
        let n = Double(k * k), c1 = 0.01 * 255 * 0.01 * 255, c2 = 0.03 * 255 * 0.03 * 255
        var total = 0.0
        for top in 0...(height - k) {
            for left in 0...(width - k) {
                func box(_ s: Int) -> Double {
                    let t = sums[s]
                    return (t[(top + k) * w + left + k] - t[top * w + left + k] - t[(top + k) * w + left] + t[top * w + left]) / n
                }
                let mx = box(0), my = box(1)
                let vx = (box(2) - mx * mx) * n / (n - 1), vy = (box(3) - my * my) * n / (n - 1)
                let cxy = (box(4) - mx * my) * n / (n - 1)
                let numerator = (2 * mx * my + c1) * (2 * cxy + c2)
                let denominator = (mx * mx + my * my + c1) * (vx + vy + c2)
                total += numerator / denominator
            }
        }
        return total / Double((height - k + 1) * (width - k + 1))
    }

    private static func luma(_ rgb: [UInt8]) -> [Double] {
        (0..<rgb.count / 3).map { i -> Double in
            let r = 0.299 * Double(rgb[3 * i]), g = 0.587 * Double(rgb[3 * i + 1]), b = 0.114 * Double(rgb[3 * i + 2])
            return r + g + b
        }
    }
}
