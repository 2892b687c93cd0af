import Foundation

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
/// - `masking`: whether each pixel's tolerance is scaled by its `TextureMasking` weight, so that
///   busy areas, where an error hides, take more of it and flat ones keep it as it is. Every
///   quality masks; a trade set part by part does not unless asked.
///
/// From 100 down to 90 the palette keeps 255 colours, the tolerance grows to 3 × 3² (3 levels a
/// channel, before masking) and the dither thins from 8 to 4: there, lossy LZW saves the most for
/// its error.
/// Below 90, fewer colours save more: the palette halves every 10 points, as 2ᵏ − 1 colours so
/// that with the transparent index the codes are one bit narrower (127 at 80, 63 at 70, 31 at
/// 60, 15 from 50 down). The tolerance stays at 90's, since with few colours it saves little and
/// its noise costs SSIM, and the dither grows back to 8 by 70, or the palette's coarser steps band
/// gradients into rings. Below 50, where the palette is at its fewest, the tolerance grows again,
/// a level a channel every 3 points.
///
/// Measured on samples/stretchy @1x against the curve before this one (255 colours throughout, a
/// tolerance of 3 × ((100 − Q)/3)², no dither from 80 down): 70 makes a GIF 10% smaller at mean
/// SSIM 0.986 instead of 0.979, and 50 one 41% smaller at 0.958 instead of 0.892. Masking then
/// made quality 75's GIFs of the samples @1x 4–12% smaller, for at most 0.0015 of mean SSIM, but
/// for text-reveal's flat frames (3% larger).
public struct GIFQuality: Equatable, Sendable {
    public let tolerance: Int
    public let spread: Int
    public let colors: Int
    public let masking: Bool

    /// The largest squared distance between two colours.
    static let largestTolerance = 3 * 255 * 255

    /// The fewest colours a quality cuts a palette to.
    static let fewestColors = 15

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
        let perChannel = quality >= 50 ? (100 - max(quality, 90)) / 3 : 3 + (50 - quality) / 3
        let spread = quality >= 90
            ? OrderedDither.spread * (quality - 80) / 20
            : min(OrderedDither.spread, OrderedDither.spread / 2 + (90 - quality) / 5)
        let halvings = Double(max(0, 90 - quality)) / 10
        self.init(tolerance: 3 * perChannel * perChannel, spread: spread,
                  colors: max(GIFQuality.fewestColors, Int((256 / pow(2, halvings)).rounded()) - 1), masking: true)
    }
}
