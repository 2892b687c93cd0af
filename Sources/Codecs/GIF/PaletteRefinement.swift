/// Lloyd's k-means steps over a colour histogram: every colour goes to its nearest palette
/// entry, then every entry moves to the pixel-weighted mean of its colours. Median cut places
/// the entries by splitting boxes; these steps move them to where the pixels are, which lowers
/// the quantization error of every frame. An entry that no colour chose stays where it is.
enum PaletteRefinement {
    static func refine(_ palette: [UInt32], _ histogram: Histogram, steps: Int) -> [UInt32] {
        var palette = palette
        for _ in 0..<steps {
            let nearest = NearestColor(palette)
            var sums = [Int](repeating: 0, count: palette.count * 4)
            // Colours come in ascending order, so each is usually near the one before it.
            var previous: Int?
            for (color, count) in zip(histogram.colors, histogram.counts) {
                let entry = nearest.index(of: color, hint: previous)
                previous = entry
                let k = entry * 4
                sums[k] += channel(color, 0) * count
                sums[k + 1] += channel(color, 1) * count
                sums[k + 2] += channel(color, 2) * count
                sums[k + 3] += count
            }
            for i in palette.indices where sums[i * 4 + 3] > 0 {
                let n = sums[i * 4 + 3]
                let mean = (0..<3).map { UInt32((sums[i * 4 + $0] + n / 2) / n) }
                palette[i] = mean[0] << 16 | mean[1] << 8 | mean[2]
            }
        }
        return palette
    }
}
