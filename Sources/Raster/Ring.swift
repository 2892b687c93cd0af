/// The band between a rounded rectangle and another inside it: a CALayer border, drawn inside
/// the bounds, whose inner edge is the outer one inset by the border's width with its corner
/// radius less that width.
public struct Ring: Equatable, Sendable {
    public var outer: RoundedRect
    public var inner: RoundedRect

    /// `outer` and its inset by `width` (1/256 pixels) on every side; a width past half the
    /// shorter side leaves no inner shape, and the ring is the whole shape.
    public init(outer: RoundedRect, width: Int) {
        self.outer = outer
        let r = outer.rect
        let w = max(0, min(width, r.width / 2, r.height / 2))
        inner = RoundedRect(rect: FixedRect(minX: r.minX + w, minY: r.minY + w, maxX: r.maxX - w, maxY: r.maxY - w),
                            radius: max(0, outer.radius - w), corners: outer.corners, continuous: outer.continuous)
    }
}

extension Bitmap {
    /// Fills a ring with a colour, source-over, anti-aliased, inside `clip`. A pixel's coverage is
    /// the outer shape's less the inner one's: the area between them, as both are area coverage
    /// and the inner shape lies inside the outer.
    public mutating func fill(_ ring: Ring, color: PremultipliedColor, clip: Clip) {
        guard color.a != 0 else { return }
        let outer = Coverage(shape: ring.outer, clip: clip, targetWidth: width, targetHeight: height)
        let inner = Coverage(shape: ring.inner, clip: clip, targetWidth: width, targetHeight: height)
        let area = outer.bounds, hole = inner.bounds
        guard !area.isEmpty else { return }
        let w = width
        var buffers = [UInt8](repeating: 0, count: area.width + max(1, hole.width))
        pixels.withUnsafeMutableBufferPointer { dst in
            buffers.withUnsafeMutableBufferPointer { buffers in
                let band = UnsafeMutableBufferPointer(rebasing: buffers[0..<area.width])
                let holeRow = UnsafeMutableBufferPointer(rebasing: buffers[area.width...])
                for y in area.y..<area.maxY {
                    outer.row(y, into: band)
                    if !hole.isEmpty, y >= hole.y, y < hole.maxY {
                        inner.row(y, into: holeRow)
                        for i in 0..<hole.width {
                            let k = hole.x - area.x + i
                            band[k] = band[k] > holeRow[i] ? band[k] - holeRow[i] : 0
                        }
                    }
                    SpanBlend.fill(dst, at: (y * w + area.x) * 4, color: color, coverage: UnsafeBufferPointer(band), count: area.width)
                }
            }
        }
    }
}
