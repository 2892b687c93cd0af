/// Nearest palette entry by squared RGB distance, ties to the lowest index.
///
/// The palette is searched in order of red, outward from the query's red value, stopping once the
/// red distance alone exceeds the best match: exact, and far fewer comparisons than a full scan.
/// A hint (such as the previous pixel's entry) starts the search with its distance as the best
/// so far, so the scan stops sooner; the answer is the same with or without one, since every
/// entry the scan skips is farther than that bound.
struct NearestColor {
    private let palette: [UInt32]
    private let byRed: [Int]          // palette indices sorted by red, then index
    private let sorted: [UInt32]      // the palette colour of each entry of byRed
    private let reds: [Int]           // red value of each entry of byRed

    init(_ palette: [UInt32]) {
        self.palette = palette
        byRed = palette.indices.sorted { (channel(palette[$0], 0), $0) < (channel(palette[$1], 0), $1) }
        sorted = byRed.map { palette[$0] }
        reds = byRed.map { channel(palette[$0], 0) }
    }

    /// The nearest entry to `color`; `hint`, any palette index, only makes the search shorter.
    func index(of color: UInt32, hint: Int? = nil) -> Int {
        let r = channel(color, 0)
        var best = Int.max, bestIndex = 0
        if let hint {
            best = LossyMatch.distance(palette[hint], color)
            bestIndex = hint
        }
        return byRed.withUnsafeBufferPointer { byRed in
            sorted.withUnsafeBufferPointer { sorted in
                reds.withUnsafeBufferPointer { reds in
                    @inline(__always) func consider(_ k: Int) {
                        let d = LossyMatch.distance(sorted[k], color)
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
        }
    }
}
