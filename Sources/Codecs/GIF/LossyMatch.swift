/// When lossy LZW may let one palette index stand for another: the index must show a colour
/// within the pixel's limit (squared RGB distance) of its true colour. `GIFPlanner` sets each
/// limit: its tolerance (`GIFPixels.tolerances`), or the error of the index the quantizer chose
/// there, whichever is larger; or, where the screen already shows an acceptable colour, the bound
/// on that colour's error. So every pixel stays within a bounded error of the source, and dither
/// noise, which costs LZW the most, is what gives way first.
///
/// Over a previous frame the transparent index keeps what is on screen: it is the pixel's own
/// index where that is acceptable, and rejected elsewhere (`behind` holds `LossyMatch.rejected`
/// there, farther from every colour than any limit).
///
/// The tables are read through pointers, valid only while what they point into is: the palette
/// and the slots of one call of `LZWEncoder.encode`'s window (`LZWWindow`).
struct LossyMatch {
    /// The colour of each palette index, 0xRRGGBB.
    let palette: UnsafeBufferPointer<UInt32>
    /// The index that keeps what is on screen; 256 (no index) when the frame has none.
    let transparent: Int
    /// Per pixel in the window, in coding order: its colour before quantization; what the
    /// transparent index counts as showing there (read only where the transparent index is); the
    /// largest squared error accepted there (a whole number, or a bound grown by `GIFPlanner`: an
    /// index is accepted when its whole-number error is no larger).
    let truth: UnsafeBufferPointer<UInt32>
    let behind: UnsafeBufferPointer<UInt32>
    let limits: UnsafeBufferPointer<Float>

    /// Not a colour: its distance from every 0xRRGGBB colour (over 65,025² from its red alone) is
    /// beyond any limit (at most 3 × 255²).
    static let rejected: UInt32 = 0xFF00_0000

    /// Per lane, the squared difference of two bytes, as max − min squared in 16-bit lanes
    /// (255² fits) and widened: the vector form of one channel's term of `distance`.
    @inline(__always)
    static func squaredDifferences(_ x: SIMD8<UInt8>, _ y: SIMD8<UInt8>) -> SIMD8<UInt32> {
        let d = SIMD8<UInt16>(truncatingIfNeeded: pointwiseMax(x, y) &- pointwiseMin(x, y))
        return SIMD8<UInt32>(truncatingIfNeeded: d &* d)
    }

    /// `distance` of four pairs of colours at once, exact in `Float` (at most 3 × 255² < 2²⁴).
    /// Either byte order will do (0xRRGGBB or `OnWhite.words`), the top byte zero.
    @inline(__always)
    static func distances(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<Float> { SIMD4<Float>(wholeDistances(a, b)) }

    /// `distances` as whole numbers.
    ///
    /// Seen as 16-bit lanes, a colour's low lane holds bytes 0 and 1, its high lane bytes 2 and 3
    /// (zero). Even and odd bytes are subtracted in 16-bit lanes, and a difference squared
    /// (at most 255²) fits one whether it was negative or not. The even bytes' squares then fill
    /// the two halves of a 32-bit lane, the odd bytes' its low half. Shifts, masks and 16-bit
    /// multiplies only, all of them SSE2 instructions.
    @inline(__always)
    static func wholeDistances(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<Int32> {
        let x = unsafeBitCast(a, to: SIMD8<UInt16>.self), y = unsafeBitCast(b, to: SIMD8<UInt16>.self)
        let even = (x & 0xFF) &- (y & 0xFF), odd = (x &>> 8) &- (y &>> 8)
        let evens = unsafeBitCast(even &* even, to: SIMD4<UInt32>.self), odds = unsafeBitCast(odd &* odd, to: SIMD4<UInt32>.self)
        return SIMD4<Int32>(truncatingIfNeeded: (evens & 0xFFFF) &+ (evens &>> 16) &+ odds)
    }

    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
