/// What a GIF trades for size, as `GIFWriter` applies it: set by a quality (1…100), or each part
/// by itself.
///
/// - `tolerance`: the squared RGB distance from a pixel's true colour that lossy LZW may accept
///   (see `LossyMatch`). 0 at 100: then LZW only takes an index no farther from the true colour
///   than the quantizer's own choice, so every pixel is at least as close as quantized.
/// - `spread`: the ordered dither's spread (see `OrderedDither`).
/// - `colors`: the most colours a quantized frame's palette keeps (`Quantizer`). A frame with
///   255 colours or fewer keeps them all at any quality, and the palette that frames share
///   (`SharedPalette`) keeps up to 255: a frame takes it only where it serves as well as its own.
///   Every quality keeps 255; only a trade set part by part asks for fewer.
/// - `masking`: whether each pixel's tolerance is scaled by its `TextureMasking` weight, so that
///   busy areas, where an error hides, take more of it and flat ones keep it as it is. Every
///   quality masks; a trade set part by part does not unless asked.
///
/// From 100 down to 90 the tolerance grows to 3 × 3² (3 levels a channel, before masking) and the
/// dither thins from 8 to 4: there, lossy LZW saves the most for its error. Below 90 the palette
/// keeps its 255 colours and the dither its spread of 4; only the tolerance grows, a level a
/// channel every 3 points (6 levels at 80, 9 at 70, 16 at 50, 32 at 1).
///
/// Why not fewer colours, as below 90 once: a palette of 63 or 127 colours has steps in a sky or a
/// blurred header that an ordered dither of ±4 does not bridge, and lossy LZW takes the nearest
/// entry over the dithered one wherever that is allowed, so smooth gradients banded into contour
/// rings
/// (even with the LZW exact and a dither that mixes each pixel's two nearest entries in the right
/// proportion, 9% of samples/stretchy-blur's pixels still lay in flat steps at 63 colours). With
/// 255 colours the steps are small, and the strings a large tolerance lets LZW take break them
/// into fine grain instead. On samples/stretchy-blur @1x at 70 (2.0 MiB either way, what
/// `--max-size 2MiB` picks), the pixels in flat steps across a smooth gradient fell from 18% to
/// 1.3% (libimagequant with gifsicle `--lossy=120`, at the same size: 0.6%); mean SSIM, which
/// rewards flat bands over grain, fell from 0.984 to 0.964 (libimagequant and gifsicle: 0.947).
/// Halving the palette every 10 points, as before, gave the better SSIM at each size, and the
/// rings. Capping the masked tolerance near busy detail lost more in size than it won in SSIM.
public struct GIFQuality: Equatable, Sendable {
    public let tolerance: Int
    public let spread: Int
    public let colors: Int
    public let masking: Bool

    /// The largest squared distance between two colours.
    static let largestTolerance = 3 * 255 * 255

    /// A `tolerance` above 3 × 255², which already accepts every colour, counts as 3 × 255², so
    /// that a masked one (at most 255/16 times as much) stays exact in `Float` and in 32 bits.
    public init(tolerance: Int, spread: Int, colors: Int, masking: Bool = false) {
        precondition(tolerance >= 0 && spread >= 0 && (1...Quantizer.maxColors).contains(colors))
        self.tolerance = min(tolerance, GIFQuality.largestTolerance)
        self.spread = spread
        self.colors = colors
        self.masking = masking
    }

    public init(_ quality: Int) {
        precondition((1...100).contains(quality))
        let perChannel = quality >= 90 ? (100 - quality) / 3 : 3 + (90 - quality) / 3
        let spread = quality >= 90 ? OrderedDither.spread * (quality - 80) / 20 : OrderedDither.spread / 2
        self.init(tolerance: 3 * perChannel * perChannel, spread: spread, colors: Quantizer.maxColors, masking: true)
    }
}
