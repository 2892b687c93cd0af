/// When lossy LZW may let one palette index stand for another: the index must show a colour
/// within `tolerance` (squared RGB distance) of the pixel's true colour, or no farther from it
/// than the index the quantizer chose. So every pixel stays within a bounded error of the source,
/// and dither noise, which costs LZW the most, is what gives way first.
///
/// Over a previous frame the transparent index shows what is already on screen, so a pixel that
/// barely changed can join a run of "unchanged".
///
/// It reads its tables through pointers, valid only while the arrays they come from are; it is
/// made for one call of `LZWEncoder.encode`.
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

    @inline(__always)
    func shows(_ index: UInt8, at i: Int) -> UInt32 {
        Int(index) == transparent ? behind[i] : palette[Int(index)]
    }

    /// How far from pixel `i`'s true colour `index` shows, as squared RGB distance.
    @inline(__always)
    func error(_ index: UInt8, at i: Int) -> Int { LossyMatch.distance(shows(index, at: i), truth[i]) }

    /// The largest error accepted at pixel `i`, whose quantized index is `exact`.
    @inline(__always)
    func limit(exact: UInt8, at i: Int) -> Int { max(tolerance, error(exact, at: i)) }

    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
