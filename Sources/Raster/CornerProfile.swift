/// The outline of a rounded corner as a table: how far the curve stands in from the edge the
/// corner is entered by, at each depth into the corner, both in corner radii.
///
/// `circular` is a quarter circle (CALayer's `.circular`). `continuous` is Apple's continuous
/// corner (`.continuous`, the iOS 7 shape), as PaintCode reverse-engineered it from
/// `UIBezierPath(roundedRect:cornerRadius:)`: the curve leaves the straight edge 1.52866483 radii
/// before the corner, not 1, through three cubic Béziers joined by two short lines, so its
/// curvature grows from zero instead of jumping to 1/r:
///
/// | piece | control points and end, in radii (along the edge, into the shape) |
/// |---|---|
/// | start | (1.52866483, 0) |
/// | curve | (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600) |
/// | line | (0.63149399, 0.07491100) |
/// | curve | (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399) |
/// | line | (0.06549600, 0.66993427) |
/// | curve | (0, 0.86840689), (0, 1.08849323), (0, 1.52866483) |
///
/// Invariants: both tables are sampled every 1/1024 radius of depth and hold insets in 1/65536
/// radius; insets never increase with depth; past the reach the inset is 0. They are computed
/// once, in `Double`, with operations that round the same way in every build.
enum CornerProfile {
    /// How far the continuous corner reaches along each edge, in radii.
    static let reach = 1.52866483
    /// Table steps per radius of depth.
    static let steps = 1024

    static let circular: [Int32] = (0...steps).map { k in
        let b = Double(k) / Double(steps)
        return Int32(((1 - (1 - (1 - b) * (1 - b)).squareRoot()) * 65536).rounded())
    }

    static let continuous: [Int32] = {
        typealias P = (a: Double, b: Double)
        let pieces: [[P]] = [
            [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
            [(0.66993427, 0.06549600), (0.63149399, 0.07491100)],
            [(0.63149399, 0.07491100), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)],
            [(0.07491100, 0.63149399), (0.06549600, 0.66993427)],
            [(0.06549600, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
        ]
        // The outline as a polyline, its depth increasing (each piece is monotone in both axes).
        var points: [P] = []
        for piece in pieces {
            guard piece.count == 4 else { points.append(piece[1]); continue }
            let n = 512
            for i in 1...n {
                let t = Double(i) / Double(n), u = 1 - t
                let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                points.append((w0 * piece[0].a + w1 * piece[1].a + w2 * piece[2].a + w3 * piece[3].a,
                               w0 * piece[0].b + w1 * piece[1].b + w2 * piece[2].b + w3 * piece[3].b))
            }
        }
        points.insert(pieces[0][0], at: 0)
        let last = Int((reach * Double(steps)).rounded(.up))
        var table: [Int32] = []
        var j = 0
        for k in 0...last {
            let b = Double(k) / Double(steps)
            while j + 1 < points.count - 1, points[j + 1].b <= b { j += 1 }
            let p = points[j], q = points[j + 1]
            let f = q.b > p.b ? min(1, max(0, (b - p.b) / (q.b - p.b))) : 1
            table.append(Int32(((p.a + (q.a - p.a) * f) * 65536).rounded()))
        }
        return table
    }()

    /// The inset at `depth` (1/262144 radius: a table step split in 256), interpolated, with the
    /// continuous profile weighted by `blend` (0…65536) against the circular one: 65536 is
    /// Apple's corner, 0 a quarter circle. In 1/65536 radius.
    static func inset(depth: Int, blend: Int) -> Int {
        func look(_ table: [Int32]) -> Int {
            let k = depth >> 8, f = depth & 255
            guard k + 1 < table.count else { return 0 }
            return (Int(table[k]) * (256 - f) + Int(table[k + 1]) * f + 128) >> 8
        }
        let continuous = blend == 0 ? 0 : look(CornerProfile.continuous)
        let circular = blend == 65536 ? 0 : look(CornerProfile.circular)
        return (continuous * blend + circular * (65536 - blend) + 32768) >> 16
    }
}
