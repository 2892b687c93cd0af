/// What a GIF's quality (1…100) trades, as `GIFWriter` applies it.
///
/// - `tolerance`: the squared RGB distance from a pixel's true colour that lossy LZW may accept
///   (see `LossyMatch`). 0 at 100: then LZW only takes an index no farther from the true colour
///   than the quantizer's own choice, so every pixel is at least as close as quantized.
/// - `spread`: the ordered dither's spread (see `OrderedDither`), full at 100, and none at 80
///   or below, where lossy LZW's error is the larger one and dither noise would only cost size.
struct GIFQuality {
    let tolerance: Int
    let spread: Int

    init(_ quality: Int) {
        precondition((1...100).contains(quality))
        let perChannel = (100 - quality) / 3
        tolerance = 3 * perChannel * perChannel
        spread = OrderedDither.spread * max(0, quality - 80) / 20
    }
}
