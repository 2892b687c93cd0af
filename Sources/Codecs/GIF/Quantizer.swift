/// Reduces an opaque RGB image to at most 255 colours, keeping 8 bits per channel: the 256th
/// index of a GIF frame is left free to mean "unchanged" (see `GIFWriter`).
///
/// - When the image has 255 colours or fewer, the palette is exactly those colours and the image
///   is reproduced losslessly.
/// - Otherwise median cut over the image's histogram of exact 24-bit colours: the box with the
///   largest (pixel count × longest side) is split at its weighted median until there are 255
///   boxes, or the fewer colours asked for (see `GIFQuality`);
///   each palette entry is its box's pixel-weighted mean. Four of Lloyd's k-means steps then move
///   each entry to the mean of the colours nearest to it (`PaletteRefinement`: on the samples,
///   +1.1 dB PSNR for the GIF, at the same size). Pixels then map to their nearest palette
///   entry in RGB distance through `OrderedDither`, which keeps exact palette colours flat, turns
///   gradients into fine texture instead of bands, and leaves texture undithered (`Texture`).
///
/// The result depends only on the pixels, never on timing or threads.
public enum Quantizer {
    public static let maxColors = 255

    /// `rgb` holds one 0xRRGGBB value per pixel.
    /// `spread` is the ordered dither's (see `OrderedDither`; 8 is its default).
    /// `colors` (1…255) is the most a median-cut palette keeps; an image with 255 colours or fewer
    /// keeps them all.
    public static func quantize(width: Int, height: Int, rgb: [UInt32], spread: Int = 8, colors: Int = maxColors) -> Quantized {
        quantize(RGBRows(words: rgb, width: width, height: height), spread: spread, colors: colors)
    }

    /// `quantize` of the colours of `image`.
    static func quantize(_ image: RGBRows, spread: Int = 8, colors: Int = maxColors) -> Quantized {
        let (width, height) = (image.width, image.height)
        precondition(width > 0 && height > 0)
        let histogram = Histogram(image)
        guard histogram.colors.count <= maxColors else {
            return map(image, palette: palette(histogram, colors: colors), spread: spread, unlessErrorAbove: .max)!
        }
        // Few enough colours: the palette is the image's own colours, each pixel its exact entry.
        let palette = histogram.colors
        var indices = [UInt8](repeating: 0, count: width * height)
        palette.withUnsafeBufferPointer { colors in
            indices.withUnsafeMutableBufferPointer { out in
                image.read { rows in
                    for y in 0..<height {
                        let row = rows.row(y), o = out.baseAddress! + y * width
                        for x in 0..<width { o[x] = UInt8(binarySearch(colors, row[x])) }
                    }
                }
            }
        }
        return Quantized(exact: IndexedImage(width: width, height: height, palette: palette, indices: indices))
    }

    /// The image mapped onto a given palette (1…255 colours) through `OrderedDither`: colours in
    /// the palette exactly, texture to its nearest entry, the others dithered by `spread`.
    public static func map(width: Int, height: Int, rgb: [UInt32], palette: [UInt32], spread: Int = 8) -> Quantized {
        map(width: width, height: height, rgb: rgb, palette: palette, spread: spread, unlessErrorAbove: .max)!
    }

    /// `map`, or nil as soon as the pixels' errors (see `Quantized`) add up to more than `limit`:
    /// for a palette that is only taken if it is close enough, the rest of a losing mapping is
    /// not worth doing.
    public static func map(width: Int, height: Int, rgb: [UInt32], palette: [UInt32], spread: Int = 8,
                           unlessErrorAbove limit: Int) -> Quantized? {
        map(RGBRows(words: rgb, width: width, height: height), palette: palette, spread: spread, unlessErrorAbove: limit)
    }

    /// `map` of the colours of `image`.
    static func map(_ image: RGBRows, palette: [UInt32], spread: Int = 8, unlessErrorAbove limit: Int) -> Quantized? {
        precondition((1...maxColors).contains(palette.count))
        return OrderedDither(palette: palette, nearest: NearestColor(palette), spread: spread).map(image, limit: limit)
    }

    /// The palette for a histogram: its colours when there are 255 or fewer, else median cut to
    /// `colors` (1…255), refined by Lloyd's steps.
    static func palette(_ histogram: Histogram, colors: Int = maxColors) -> [UInt32] {
        precondition((1...maxColors).contains(colors))
        guard histogram.colors.count > maxColors else { return histogram.colors }
        return PaletteRefinement.refine(MedianCut(histogram, boxes: colors).palette, histogram, steps: 4)
    }
}

/// Position of `value` in a sorted buffer that contains it.
@inline(__always)
private func binarySearch(_ sorted: UnsafeBufferPointer<UInt32>, _ value: UInt32) -> Int {
    var lo = 0, hi = sorted.count
    while lo < hi {
        let mid = (lo + hi) >> 1
        if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// The distinct colours of an image in ascending order, with how many pixels have each.
///
/// Runs of one colour (flat interface areas) are counted once each, in a `ColorTable`; only the
/// distinct colours are then sorted.
struct Histogram {
    private(set) var colors: [UInt32] = []
    private(set) var counts: [Int] = []

    init(_ image: RGBRows) {
        var table = ColorTable(capacity: ColorTable<Int>.capacity(forPixels: image.width * image.height), zero: 0)
        Histogram.count(image, into: &table)
        self.init(table)
    }

    /// Adds each colour's pixel count to `table`. Colours enter it in the order the image first
    /// shows them.
    static func count(_ image: RGBRows, into table: inout ColorTable<Int>) {
        let width = image.width
        image.read { rows in
            for y in 0..<image.height {
                let pixels = rows.row(y)
                var i = 0
                while i < width {
                    let color = pixels[i]
                    var j = i + 1
                    while j < width && pixels[j] == color { j += 1 }
                    table.update(color) { count, _ in count += j - i }
                    i = j
                }
            }
        }
    }

    init(_ table: ColorTable<Int>) {
        for item in sortedByKey(table.entries.map { UInt64($0.color) << 32 | UInt64($0.value) }) {
            colors.append(UInt32(item >> 32))
            counts.append(Int(item & 0xFFFF_FFFF))
        }
    }
}

/// Items packed as a 24-bit key in bits 32…55 and a payload below, sorted by key (keys are
/// distinct) with two 12-bit counting passes: linear time, with counters (4,096 of them) that
/// stay in the fastest cache.
///
/// Below `countingSortMinimum` items a comparison sort of the whole words is faster: clearing
/// the counters twice costs more than sorting a few hundred items (median cut sorts many small
/// boxes). Keys are distinct and nothing lies above them, so both give the same order.
func sortedByKey(_ items: [UInt64]) -> [UInt64] {
    guard items.count >= countingSortMinimum else { return items.sorted() }
    var a = items, b = [UInt64](unsafeUninitializedCapacity: items.count) { _, count in count = items.count }
    var counts = [Int](repeating: 0, count: 4097)
    for shift in [UInt64(32), 44] {
        a.withUnsafeBufferPointer { src in
            b.withUnsafeMutableBufferPointer { dst in
                counts.withUnsafeMutableBufferPointer { count in
                    for i in 0..<4097 { count[i] = 0 }
                    for k in src { count[Int((k >> shift) & 0xFFF) + 1] += 1 }
                    for i in 1...4096 { count[i] += count[i - 1] }
                    for k in src {
                        let bucket = Int((k >> shift) & 0xFFF)
                        dst[count[bucket]] = k
                        count[bucket] += 1
                    }
                }
            }
        }
        swap(&a, &b)
    }
    return a
}

/// Where `sortedByKey` switches to counting passes.
let countingSortMinimum = 512

@inline(__always)
func channel(_ color: UInt32, _ axis: Int) -> Int { Int((color >> UInt32(16 - 8 * axis)) & 0xFF) }
