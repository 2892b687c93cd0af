/// A colour ramp over a plane, as `CAGradientLayer` draws one: stops at locations 0…1, between
/// which straight (not premultiplied) colours interpolate linearly, and before the first and after
/// the last the end colours extend.
///
/// A linear gradient runs from `start` to `end`: a point's location is its projection on that
/// line. A radial one is centred on `start`, and reaches location 1 on the ellipse through `end`
/// with `end`'s horizontal and vertical distances from the centre as radii. Points are in pixels
/// of the bitmap drawn into.
///
/// Output is dithered by a 4 × 4 ordered pattern of ±½ of a level before rounding, so that a
/// slow ramp does not show bands of whole levels, and always the same way at the same pixel.
public struct Gradient: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case linear, radial }

    public var kind: Kind
    /// Locations (non-decreasing, 0…1) and colours.
    public var stops: [(location: Double, color: StraightColor)]
    public var start: (x: Double, y: Double)
    public var end: (x: Double, y: Double)

    public init(kind: Kind, stops: [(location: Double, color: StraightColor)], start: (x: Double, y: Double),
                end: (x: Double, y: Double)) {
        precondition(!stops.isEmpty, "a gradient needs a stop")
        self.kind = kind; self.stops = stops; self.start = start; self.end = end
    }

    public static func == (a: Gradient, b: Gradient) -> Bool {
        a.kind == b.kind && a.start == b.start && a.end == b.end
            && a.stops.elementsEqual(b.stops) { $0.location == $1.location && $0.color == $1.color }
    }

    /// The location of the centre of pixel (`x`, `y`).
    public func location(x: Int, y: Int) -> Double {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        switch kind {
        case .linear:
            let dx = end.x - start.x, dy = end.y - start.y, length = dx * dx + dy * dy
            guard length > 0 else { return 0 }
            return ((px - start.x) * dx + (py - start.y) * dy) / length
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            let u = rx > 0 ? (px - start.x) / rx : (px == start.x ? 0 : .infinity)
            let v = ry > 0 ? (py - start.y) / ry : (py == start.y ? 0 : .infinity)
            return (u * u + v * v).squareRoot()
        }
    }

    /// The straight colour at `location`, each channel unrounded (0…255).
    public func color(at location: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        func channels(_ c: StraightColor) -> (Double, Double, Double, Double) { (Double(c.r), Double(c.g), Double(c.b), Double(c.a)) }
        guard let next = stops.firstIndex(where: { $0.location > location }) else { return channels(stops.last!.color) }
        guard next > 0 else { return channels(stops[0].color) }
        let a = stops[next - 1], b = stops[next]
        let t = (location - a.location) / (b.location - a.location)
        let (r0, g0, b0, a0) = channels(a.color), (r1, g1, b1, a1) = channels(b.color)
        return (r0 + (r1 - r0) * t, g0 + (g1 - g0) * t, b0 + (b1 - b0) * t, a0 + (a1 - a0) * t)
    }

    static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { ($0 + 0.5) / 16 - 0.5 }

    /// The premultiplied colour drawn at pixel (`x`, `y`), dithered.
    public func pixel(x: Int, y: Int) -> PremultipliedColor {
        let c = color(at: location(x: x, y: y))
        let d = Gradient.bayer[(y & 3) * 4 + (x & 3)]
        func level(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v + d).rounded()))) }
        return StraightColor(r: level(c.r), g: level(c.g), b: level(c.b), a: level(c.a)).premultiplied
    }
}

extension Bitmap {
    /// Fills a (possibly rounded) rectangle with a gradient at `opacity`, source-over,
    /// anti-aliased, inside `clip`.
    public mutating func fill(_ shape: RoundedRect, gradient: Gradient, opacity: UInt8, clip: Clip) {
        guard opacity != 0 else { return }
        let coverage = Coverage(shape: shape, clip: clip, targetWidth: width, targetHeight: height)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, o = Int(opacity)
        var source = [UInt8](repeating: 0, count: 4)
        pixels.withUnsafeMutableBufferPointer { dst in
            coverage.forEachRow { y, cov in
                for k in 0..<area.width where cov[k] != 0 {
                    let c = gradient.pixel(x: area.x + k, y: y)
                    source[0] = c.r; source[1] = c.g; source[2] = c.b; source[3] = c.a
                    source.withUnsafeBufferPointer { blendPixel(dst, (y * w + area.x + k) * 4, $0, 0, div255(Int(cov[k]) * o)) }
                }
            }
        }
    }
}
