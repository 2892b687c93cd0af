/// Nearest palette entry by squared RGB distance, ties to the lowest index.
///
/// The palette is searched in order of red, outward from the query's red value, stopping once the
/// red distance alone exceeds the best match: exact, and far fewer comparisons than a full scan.
struct NearestColor {
    private let palette: [UInt32]
    private let byRed: [Int]          // palette indices sorted by red, then index
    private let reds: [Int]           // red value of each entry of byRed

    init(_ palette: [UInt32]) {
        self.palette = palette
        byRed = palette.indices.sorted { (channel(palette[$0], 0), $0) < (channel(palette[$1], 0), $1) }
        reds = byRed.map { channel(palette[$0], 0) }
    }

    func index(of color: UInt32) -> Int {
        let r = channel(color, 0), g = channel(color, 1), b = channel(color, 2)
        var best = Int.max, bestIndex = 0
        func consider(_ k: Int) {
            let p = palette[byRed[k]]
            let dr = channel(p, 0) - r, dg = channel(p, 1) - g, db = channel(p, 2) - b
            let d = dr * dr + dg * dg + db * db
            if d < best || (d == best && byRed[k] < bestIndex) { best = d; bestIndex = byRed[k] }
        }
        // First entry with red ≥ r.
        var lo = 0, hi = reds.count
        while lo < hi { let mid = (lo + hi) >> 1; if reds[mid] < r { lo = mid + 1 } else { hi = mid } }
        var up = lo, down = lo - 1
        while up < reds.count || down >= 0 {
            if up < reds.count {
                let dr = reds[up] - r
                if dr * dr > best { up = reds.count } else { consider(up); up += 1 }
            }
            if down >= 0 {
                let dr = r - reds[down]
                if dr * dr > best { down = -1 } else { consider(down); down -= 1 }
            }
        }
        return bestIndex
    }
}
