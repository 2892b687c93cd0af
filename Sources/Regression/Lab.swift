import Foundation

/// A colour in CIE 1976 L*a*b*, relative to the D65 white of sRGB: L* 0 (black) to 100 (white).
public struct Lab: Equatable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    /// An 8-bit sRGB colour: decoded to linear light (IEC 61966-2-1), to XYZ by the standard's
    /// matrix, to L*a*b* (CIE 15). The white point is the matrix's image of RGB white, so white is
    /// exactly L* 100 and greys have a* = b* = 0 (to the last bit or so), as they should.
    ///
    /// Deterministic: table lookups, products and sums in a fixed order, and `cbrt`.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        let table = Lab.linear
        let lr = table[Int(r)], lg = table[Int(g)], lb = table[Int(b)]
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / Lab.whiteX
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / Lab.whiteZ
        let fx = Lab.f(x), fy = Lab.f(y), fz = Lab.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The colour of `word` (r | g << 8 | b << 16, as `OnWhite.word` gives it).
    @inline(__always)
    init(word: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8),
                  b: UInt8(truncatingIfNeeded: word >> 16))
    }

    /// The matrix's rows summed: X and Z of RGB white (its Y is 1).
    private static let whiteX = 0.4124 + 0.3576 + 0.1805
    private static let whiteZ = 0.0193 + 0.1192 + 0.9505

    /// sRGB's transfer function undone for each of the 256 levels: computed once, not per pixel.
    static let linear: [Double] = (0...255).map { level in
        let c = Double(level) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIE's f: a cube root, with a straight line near black where the root's slope runs away.
    @inline(__always)
    private static func f(_ t: Double) -> Double {
        // δ = 6/29: above δ³ the cube root; below, the tangent line t / (3δ²) + 4/29.
        t > 216.0 / 24389.0 ? cbrt(t) : t * (841.0 / 108.0) + 4.0 / 29.0
    }
}
