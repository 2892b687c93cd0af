/// Nearest palette entry by squared RGB distance, ties to the lowest index.
///
/// The palette is searched in order of red, outward from the query's red value, stopping once the
/// red distance alone exceeds the best match: exact, and far fewer comparisons than a full scan.
/// A hint (such as the previous pixel's entry) starts the search with its distance as the best
/// so far, so the scan stops sooner; the answer is the same with or without one, since every
/// entry the scan skips is farther than that bound.
///
/// Entries are compared eight at a time, each as one key, distance << 8 | index (distances are
/// below 2¹⁸): the smallest key is the nearest entry with ties to the lowest index, so no lane
/// needs a branch. Channel differences are squared on bytes (`LossyMatch.squaredDifferences`).
struct NearestColor {
    private let palette: [UInt32]
    /// By red, then index: each entry's channels and its palette index.
    private let reds: [UInt8], greens: [UInt8], blues: [UInt8]
    private let indices: [UInt32]
    /// For each red value, the position of the first entry whose red is at least that.
    private let firstAtLeast: [Int]

    init(_ palette: [UInt32]) {
        precondition(palette.count <= 256)
        self.palette = palette
        let byRed = palette.indices.sorted { (channel(palette[$0], 0), $0) < (channel(palette[$1], 0), $1) }
        let sortedReds = byRed.map { UInt8(channel(palette[$0], 0)) }
        reds = sortedReds
        greens = byRed.map { UInt8(channel(palette[$0], 1)) }
        blues = byRed.map { UInt8(channel(palette[$0], 2)) }
        indices = byRed.map { UInt32($0) }
        var first = [Int](repeating: byRed.count, count: 256), k = byRed.count
        for red in (0..<256).reversed() {
            while k > 0 && Int(sortedReds[k - 1]) >= red { k -= 1 }
            first[red] = k
        }
        firstAtLeast = first
    }

    /// The nearest entry to `color`; `hint`, any palette index, only makes the search shorter.
    func index(of color: UInt32, hint: Int? = nil) -> Int {
        let r = UInt8(color >> 16), g = UInt8((color >> 8) & 0xFF), b = UInt8(color & 0xFF)
        var best = UInt32.max
        if let hint { best = UInt32(LossyMatch.distance(palette[hint], color)) << 8 | UInt32(hint) }
        return reds.withUnsafeBufferPointer { reds in
            greens.withUnsafeBufferPointer { greens in
                blues.withUnsafeBufferPointer { blues in
                    indices.withUnsafeBufferPointer { indices in
                        let count = reds.count
                        let red8 = SIMD8<UInt8>(repeating: r), green8 = SIMD8<UInt8>(repeating: g), blue8 = SIMD8<UInt8>(repeating: b)
                        // Entries k…k + 7.
                        @inline(__always) func eight(_ k: Int) {
                            let load = { (p: UnsafeBufferPointer<UInt8>) in
                                UnsafeRawPointer(p.baseAddress! + k).loadUnaligned(as: SIMD8<UInt8>.self)
                            }
                            let d = LossyMatch.squaredDifferences(load(reds), red8) &+ LossyMatch.squaredDifferences(load(greens), green8)
                                &+ LossyMatch.squaredDifferences(load(blues), blue8)
                            let ids = UnsafeRawPointer(indices.baseAddress! + k).loadUnaligned(as: SIMD8<UInt32>.self)
                            best = Swift.min(best, (d &<< 8 | ids).min())
                        }
                        @inline(__always) func one(_ k: Int) {
                            let dr = Int(reds[k]) - Int(r), dg = Int(greens[k]) - Int(g), db = Int(blues[k]) - Int(b)
                            best = Swift.min(best, UInt32(dr * dr + dg * dg + db * db) << 8 | indices[k])
                        }
                        // Whether entry k's red alone is farther than the best match.
                        @inline(__always) func beyond(_ k: Int) -> Bool {
                            let dr = Int(reds[k]) - Int(r)
                            return UInt32(dr * dr) > best >> 8
                        }
                        let lo = firstAtLeast[Int(r)]
                        // Upward from lo, downward from lo − 1; each batch's first entry is its
                        // nearest in red, so when it is beyond the best, so is the rest.
                        var up = lo, down = lo - 1
                        while up < count || down >= 0 {
                            if up < count {
                                if beyond(up) { up = count } else if up + 8 <= count { eight(up); up += 8 } else { one(up); up += 1 }
                            }
                            if down >= 0 {
                                if beyond(down) { down = -1 } else if down >= 7 { eight(down - 7); down -= 8 } else { one(down); down -= 1 }
                            }
                        }
                        return Int(best & 0xFF)
                    }
                }
            }
        }
    }
}
