/// Anti-aliased coverage of a shape inside a clip, pixel by pixel, with 0…255 per pixel.
///
/// The shape is the intersection of a rectangle and rounded rectangles (the shape's own corners and
/// the clip's). Rectangle edges are exact area coverage, computed once per column and
/// once per row; a pixel's coverage is their product. Corner pixels take the minimum with a
/// distance-based estimate, clamp(r − d + ½), evaluated only inside the corner squares; continuous
/// corners with the area inside their outline, measured on 16 strips. All of it is integer maths.
public struct Coverage {
    /// The pixels that can have non-zero coverage; empty when nothing is drawn.
    public let bounds: PixelRect
    private let columns: [Int32]
    private let rows: [Int32]
    /// The coverage of a row that the shape covers from top to bottom, before corners: the columns'
    /// alone. Most rows are such rows, so it is worked out once and copied.
    private let interior: [UInt8]
    private let corners: [RoundedRect]

    /// - Parameters:
    ///   - shape: the area to cover, in 1/256 pixels.
    ///   - clip: where drawing is allowed.
    ///   - target: the size of the bitmap drawn into.
    public init(shape: RoundedRect, clip: Clip, targetWidth: Int, targetHeight: Int) {
        let area = shape.rect.intersection(clip.rect)
        bounds = area.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0)
            : area.pixelBounds.intersection(PixelRect(x: 0, y: 0, width: targetWidth, height: targetHeight))
        columns = Coverage.spans(from: area.minX, to: area.maxX, first: bounds.x, count: bounds.width)
        rows = Coverage.spans(from: area.minY, to: area.maxY, first: bounds.y, count: bounds.height)
        interior = columns.map { UInt8((Int($0) * fixedOne * 255 + 32768) >> 16) }
        corners = (shape.isRounded ? [shape] : []) + clip.rounded
    }

    /// Coverage (0…256) of [lo, hi) over each pixel `first..<first+count` of one axis.
    private static func spans(from lo: Int, to hi: Int, first: Int, count: Int) -> [Int32] {
        (0..<count).map { i in
            let p0 = (first + i) * fixedOne
            return Int32(max(0, min(hi, p0 + fixedOne) - max(lo, p0)))
        }
    }

    /// Calls `body` with each row of `bounds` (its absolute y) and that row's coverage, from the
    /// top down, in one buffer reused for every row.
    @inline(__always)
    public func forEachRow(_ body: (_ y: Int, _ coverage: UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var buffer = [UInt8](repeating: 0, count: bounds.width)
        try buffer.withUnsafeMutableBufferPointer { out in
            for y in bounds.y..<bounds.maxY {
                row(y, into: out)
                try body(y, UnsafeBufferPointer(out))
            }
        }
    }

    /// Writes the coverage of pixel row `y` (absolute) into `out[0..<bounds.width]`.
    public func row(_ y: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        if rows[y - bounds.y] == fixedOne {
            interior.withUnsafeBufferPointer { _ = out.update(fromContentsOf: $0) }
        } else {
            scale(out, by: Int(rows[y - bounds.y]))
        }
        for shape in corners { applyCorners(of: shape, row: y, into: out) }
    }

    /// The columns' coverage times a row's (`cy`, 0…256), as 0…255.
    private func scale(_ out: UnsafeMutableBufferPointer<UInt8>, by cy: Int) {
        for i in 0..<bounds.width {
            out[i] = UInt8((Int(columns[i]) * cy * 255 + 32768) >> 16)
        }
    }

    /// Lowers coverage in the rounded corner squares of `shape` that row `y` passes through.
    private func applyCorners(of shape: RoundedRect, row y: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        if shape.continuous { return applyContinuousCorners(of: shape, row: y, into: out) }
        let r = shape.radius, rect = shape.rect
        let centreY = y * fixedOne + fixedOne / 2
        let dy: Int, left: Bool, right: Bool
        if centreY < rect.minY + r {
            dy = rect.minY + r - centreY
            left = shape.corners.contains(.topLeft); right = shape.corners.contains(.topRight)
        } else if centreY > rect.maxY - r {
            dy = centreY - (rect.maxY - r)
            left = shape.corners.contains(.bottomLeft); right = shape.corners.contains(.bottomRight)
        } else {
            return
        }
        // Columns whose centres fall in the left and right corner bands.
        let leftEnd = floorDiv(rect.minX + r - fixedOne / 2, fixedOne)   // last column with centre < minX + r
        let rightStart = floorDiv(rect.maxX - r - fixedOne / 2, fixedOne) + 1
        let lo = bounds.x, hi = bounds.maxX
        let leftHi = min(hi, leftEnd + 1)
        if left, leftHi > lo {
            for x in lo..<leftHi {
                limit(&out[x - lo], dx: rect.minX + r - (x * fixedOne + fixedOne / 2), dy: dy, r: r)
            }
        }
        let rightLo = max(lo, rightStart)
        if right, hi > rightLo {
            for x in rightLo..<hi {
                limit(&out[x - lo], dx: (x * fixedOne + fixedOne / 2) - (rect.maxX - r), dy: dy, r: r)
            }
        }
    }

    /// Continuous corners: a pixel in a corner square of side `reach` covers the area inside the
    /// outline (`CornerProfile`), measured on 16 strips across it: rows where the outline runs
    /// steeper than 45° (near the side edge), columns where it runs flatter (near the top or
    /// bottom edge), so each strip crosses it at a shallow angle and its share is exact.
    private func applyContinuousCorners(of shape: RoundedRect, row y: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        let r = shape.radius, rect = shape.rect, reach = shape.reach
        let top = y * fixedOne, bottom = top + fixedOne
        let lo = bounds.x, hi = bounds.maxX
        let leftEnd = min(hi, floorDiv(rect.minX + reach - 1, fixedOne) + 1)   // columns touching the left band
        let rightStart = max(lo, floorDiv(rect.maxX - reach, fixedOne))
        let ranges = leftEnd >= rightStart ? [lo..<hi] : [lo..<max(lo, leftEnd), min(hi, rightStart)..<hi]
        // The outline's inset from an edge, in 1/256 pixels, at a distance from the other edge.
        func inset(_ distance: Int) -> Int {
            distance >= reach ? 0 : (CornerProfile.inset(depth: max(0, distance) * 262_144 / r, blend: shape.blend) * r) >> 16
        }
        let strips = 16, centreY = top + fixedOne / 2
        let upper = centreY - rect.minY <= rect.maxY - centreY
        let depth = upper ? centreY - rect.minY : rect.maxY - centreY
        guard depth < reach else { return }
        for range in ranges {
            for x in range {
                let left = x * fixedOne, centreX = left + fixedOne / 2
                let leftSide = centreX - rect.minX <= rect.maxX - centreX
                let corner: Corners = upper ? (leftSide ? .topLeft : .topRight) : (leftSide ? .bottomLeft : .bottomRight)
                guard shape.corners.contains(corner) else { continue }
                let along = leftSide ? centreX - rect.minX : rect.maxX - centreX
                guard along < reach else { continue }
                // Strip k's covered share, in 1/256.
                func strip(_ k: Int) -> Int {
                    let offset = (2 * k + 1) * fixedOne / (2 * strips)
                    if along > depth {
                        // Columns: each is covered below (or above) the outline.
                        let sx = left + offset
                        let edge = inset(leftSide ? sx - rect.minX : rect.maxX - sx)
                        return upper ? max(0, min(fixedOne, bottom - (rect.minY + edge)))
                                     : max(0, min(fixedOne, rect.maxY - edge - top))
                    }
                    // Rows: each is covered right (or left) of the outline.
                    let sy = top + offset
                    let edge = inset(upper ? sy - rect.minY : rect.maxY - sy)
                    return leftSide ? max(0, min(fixedOne, left + fixedOne - (rect.minX + edge)))
                                    : max(0, min(fixedOne, rect.maxX - edge - left))
                }
                // The strips' distances from the edge run one way from the first strip to the
                // last, and the inset never grows with distance (`CornerProfile`), so every strip's
                // share lies between the outer two's. Where both are whole, or both nothing, so are
                // all: most of a corner square, where the outline does not pass, takes two lookups
                // instead of sixteen.
                let first = strip(0), last = strip(strips - 1)
                var sum = first + last
                if first == last && (first == 0 || first == fixedOne) {
                    sum = first * strips
                } else {
                    for k in 1..<strips - 1 { sum += strip(k) }
                }
                let value = UInt8((sum * 255 + strips * fixedOne / 2) / (strips * fixedOne))
                out[x - lo] = min(out[x - lo], value)
            }
        }
    }

    /// value = min(value, clamp(r − ⌊√(dx² + dy²)⌋ + ½, 0, 1) as 0…255). Only the ring within half
    /// a pixel of the arc needs the root: a squared distance below (r − ½ + 1/256)² leaves the value
    /// as it is (d ≤ r − ½), and one of at least (r + ½)² gives 0.
    @inline(__always)
    private func limit(_ value: inout UInt8, dx: Int, dy: Int, r: Int) {
        let n = dx * dx + dy * dy, inner = r - fixedOne / 2 + 1, outer = r + fixedOne / 2
        if inner > 0 && n < inner * inner { return }
        if n >= outer * outer { value = 0; return }
        let d = integerSquareRoot(n)
        let c = max(0, min(fixedOne, r - d + fixedOne / 2))
        value = min(value, UInt8((c * 255 + 128) >> 8))
    }
}

/// ⌊√n⌋ for n ≥ 0, by Newton's method on integers, so it is identical in every build.
@inline(__always)
func integerSquareRoot(_ n: Int) -> Int {
    if n < 2 { return n }
    var x = Int(Double(n).squareRoot())   // a close first guess; corrected exactly below
    while x * x > n { x -= 1 }
    while (x + 1) * (x + 1) <= n { x += 1 }
    return x
}
