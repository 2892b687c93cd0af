/// Exact rounding division by 255 for products of two 8-bit values.
///
/// Valid for 0 ≤ x ≤ 255 × 255 + 127. It is the one shared helper for every blend formula, so that
/// all compositing rounds the same way.
@inline(__always)
public func div255(_ x: Int) -> Int {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}

/// `div255` in every lane, for the vector kernels: x + 128, plus its high byte, stays below
/// 65,536 over the same range.
@inline(__always)
func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// `div255` in every lane of two 128-bit vectors.
@inline(__always)
func div255(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// A colour with straight (non-premultiplied) alpha, 8 bits per channel.
///
/// This is the form colours take in files and in scenes. It is converted to
/// `PremultipliedColor` before any blending and back only at the encoders.
public struct StraightColor: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Each channel times alpha / 255, rounded to nearest.
    public var premultiplied: PremultipliedColor {
        let alpha = Int(a)
        return PremultipliedColor(unchecked: UInt8(div255(Int(r) * alpha)), UInt8(div255(Int(g) * alpha)),
                                  UInt8(div255(Int(b) * alpha)), a)
    }
}

/// A colour with premultiplied alpha: every colour channel is at most alpha.
///
/// All raster maths happens in this form; it keeps filtering and blurring free of dark fringes.
public struct PremultipliedColor: Equatable, Hashable, Sendable {
    public private(set) var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// The caller guarantees r, g, b ≤ a.
    @inline(__always)
    init(unchecked r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Returns nil when a colour channel exceeds alpha, which no premultiplied colour can have.
    public init?(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard r <= a, g <= a, b <= a else { return nil }
        self.init(unchecked: r, g, b, a)
    }

    public static let clear = PremultipliedColor(unchecked: 0, 0, 0, 0)

    /// The straight colour whose premultiplication gives back exactly this colour.
    ///
    /// Each channel is c × 255 / a rounded to nearest, so premultiplying the result returns `self`
    /// for every valid premultiplied value (tested exhaustively).
    public var straight: StraightColor {
        StraightColor(r: unpremultiply(r, a), g: unpremultiply(g, a), b: unpremultiply(b, a), a: a)
    }

    /// This colour scaled by an 8-bit opacity or coverage.
    @inline(__always)
    public func scaled(by alpha: UInt8) -> PremultipliedColor {
        let s = Int(alpha)
        return PremultipliedColor(unchecked: UInt8(div255(Int(r) * s)), UInt8(div255(Int(g) * s)),
                                  UInt8(div255(Int(b) * s)), UInt8(div255(Int(a) * s)))
    }
}

/// Straight value of one premultiplied channel; 0 when alpha is 0.
@inline(__always)
public func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
    guard a != 0 else { return 0 }
    let alpha = Int(a)
    return UInt8(min(255, (Int(c) * 255 + alpha / 2) / alpha))
}

/// Source-over for one premultiplied channel: s + d × (255 − sa) / 255.
@inline(__always)
public func sourceOver(_ s: Int, _ d: Int, _ sa: Int) -> Int {
    s + div255(d * (255 - sa))
}
