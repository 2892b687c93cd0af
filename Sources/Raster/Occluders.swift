/// Pixels of a target that drawing still to come covers fully with opaque pixels. That drawing
/// copies its pixels over whatever is there, so anything drawn there before it can be left out,
/// and the frame stays the same bit for bit.
///
/// Invariant: every rectangle holds only pixels that are copied over later, in full; it may hold
/// fewer than all of them.
public struct Occluders: Sendable {
    public private(set) var rects: [PixelRect]

    public init(_ rects: [PixelRect] = []) { self.rects = rects.filter { !$0.isEmpty } }

    public var isEmpty: Bool { rects.isEmpty }

    public static func + (a: Occluders, b: Occluders) -> Occluders { Occluders(a.rects + b.rects) }

    /// Some of the pixels that `Coverage(shape:clip:)` covers fully (255), as at most two
    /// rectangles: the band between the shape's top and bottom corners and the one between its
    /// left and right corners, each of whole pixels inside the clip and out of the bands where the
    /// clip's own corners cut.
    public static func interior(of shape: RoundedRect, clip: Clip) -> Occluders {
        let r = shape.cornerExtent, s = shape.rect
        var across = inner(FixedRect(minX: s.minX, minY: s.minY + r, maxX: s.maxX, maxY: s.maxY - r))
        var down = inner(FixedRect(minX: s.minX + r, minY: s.minY, maxX: s.maxX - r, maxY: s.maxY))
        across = across.intersection(inner(clip.rect))
        down = down.intersection(inner(clip.rect))
        for corner in clip.rounded {
            let c = corner.rect, cr = corner.cornerExtent
            across = across.intersection(inner(FixedRect(minX: c.minX, minY: c.minY + cr, maxX: c.maxX, maxY: c.maxY - cr)))
            down = down.intersection(inner(FixedRect(minX: c.minX + cr, minY: c.minY, maxX: c.maxX - cr, maxY: c.maxY)))
        }
        return Occluders(r == 0 ? [across] : [across, down])
    }

    /// The whole pixels inside `r`.
    private static func inner(_ r: FixedRect) -> PixelRect {
        let x0 = -floorDiv(-r.minX, fixedOne), y0 = -floorDiv(-r.minY, fixedOne)
        let x1 = floorDiv(r.maxX, fixedOne), y1 = floorDiv(r.maxY, fixedOne)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangles that reach into `area`.
    func within(_ area: PixelRect) -> Occluders { Occluders(rects.map { $0.intersection(area) }) }

    /// Calls `body` with each run `start..<end` of row `y`, inside `x0..<x1`, that no rectangle
    /// covers, left to right.
    @inline(__always)
    func forEachGap(row y: Int, from x0: Int, to x1: Int, _ body: (_ start: Int, _ end: Int) -> Void) {
        var x = x0
        while x < x1 {
            var next = x1
            var covering: PixelRect?
            for rect in rects where rect.y <= y && y < rect.maxY && rect.x < x1 && rect.maxX > x {
                if rect.x <= x { covering = rect; break }
                next = min(next, rect.x)
            }
            if let covering {
                x = covering.maxX
            } else {
                body(x, next)
                x = next
            }
        }
    }
}
