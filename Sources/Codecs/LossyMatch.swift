/// When lossy LZW may let one palette index stand for another: the index must show a colour
/// within `tolerance` (squared RGB distance) of the pixel's true colour, or no farther from it
/// than the index the quantizer chose. So every pixel stays within a bounded error of the source,
/// and dither noise, which costs LZW the most, is what gives way first.
///
/// Over a previous frame the transparent index shows what is already on screen, so a pixel that
/// barely changed can join a run of "unchanged".
///
/// The largest error accepted at a pixel is the tolerance or the error of the index the quantizer
/// chose there, whichever is larger; `LZWEncoder` applies it. The tables are read through
/// pointers, valid only while the arrays they come from are; it is made for one call of
/// `LZWEncoder.encode`.
struct LossyMatch {
    /// The colour of each palette index, 0xRRGGBB.
    let palette: UnsafeBufferPointer<UInt32>
    /// The index that keeps what is on screen; 256 (no index) when the frame has none.
    let transparent: Int
    /// Per coded pixel, in order: its colour before quantization, and what the screen shows there
    /// (read only where the transparent index is).
    let truth: UnsafeBufferPointer<UInt32>
    let behind: UnsafeBufferPointer<UInt32>
    let tolerance: Int

    /// Per lane, the squared difference of two bytes, as max − min squared in 16-bit lanes
    /// (255² fits) and widened: the vector form of one channel's term of `distance`.
    @inline(__always)
    static func squaredDifferences(_ x: SIMD8<UInt8>, _ y: SIMD8<UInt8>) -> SIMD8<UInt32> {
        let d = SIMD8<UInt16>(truncatingIfNeeded: pointwiseMax(x, y) &- pointwiseMin(x, y))
        return SIMD8<UInt32>(truncatingIfNeeded: d &* d)
    }

    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
