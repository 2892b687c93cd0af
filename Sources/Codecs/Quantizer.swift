/// Reduces an opaque RGB image to at most 256 colours, keeping 8 bits per channel.
///
/// - When the image has 256 colours or fewer, the palette is exactly those colours and the image
///   is reproduced losslessly.
/// - Otherwise median cut over the image's histogram of exact 24-bit colours: the box with the
///   largest (pixel count × longest side) is split at its weighted median until there are 256 boxes;
///   each palette entry is its box's pixel-weighted mean. Pixels then map to their nearest palette
///   entry in RGB distance through `OrderedDither`, which keeps exact palette colours flat and
///   turns gradients into fine texture instead of bands.
///
/// The result depends only on the pixels, never on timing or threads.
public enum Quantizer {
    public static let maxColors = 256

    /// `rgb` holds one 0xRRGGBB value per pixel.
    public static func quantize(width: Int, height: Int, rgb: [UInt32]) -> IndexedImage {
        precondition(rgb.count == width * height && !rgb.isEmpty)
        let histogram = Histogram(rgb)
        guard histogram.colors.count <= maxColors else {
            let palette = MedianCut(histogram, boxes: maxColors).palette
            let indices = OrderedDither(palette: palette, nearest: NearestColor(palette)).map(width: width, height: height, rgb: rgb)
            return IndexedImage(width: width, height: height, palette: palette, indices: indices)
        }
        // Few enough colours: the palette is the image's own colours, each pixel its exact entry.
        let palette = histogram.colors
        var indices = [UInt8](repeating: 0, count: rgb.count)
        palette.withUnsafeBufferPointer { colors in
            indices.withUnsafeMutableBufferPointer { out in
                for (i, c) in rgb.enumerated() { out[i] = UInt8(binarySearch(colors, c)) }
            }
        }
        return IndexedImage(width: width, height: height, palette: palette, indices: indices)
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
struct Histogram {
    private(set) var colors: [UInt32] = []
    private(set) var counts: [Int] = []

    init(_ rgb: [UInt32]) {
        let sorted = radixSorted(rgb)
        var i = 0
        while i < sorted.count {
            var j = i + 1
            while j < sorted.count && sorted[j] == sorted[i] { j += 1 }
            colors.append(sorted[i]); counts.append(j - i)
            i = j
        }
    }
}

/// 24-bit keys sorted by three 8-bit counting passes: linear time for frame-sized inputs.
private func radixSorted(_ keys: [UInt32]) -> [UInt32] {
    var a = keys, b = [UInt32](repeating: 0, count: keys.count)
    for shift in stride(from: 0, to: 24, by: 8) {
        var counts = [Int](repeating: 0, count: 257)
        for k in a { counts[Int((k >> UInt32(shift)) & 0xFF) + 1] += 1 }
        for i in 1...256 { counts[i] += counts[i - 1] }
        for k in a {
            let bucket = Int((k >> UInt32(shift)) & 0xFF)
            b[counts[bucket]] = k
            counts[bucket] += 1
        }
        swap(&a, &b)
    }
    return a
}

@inline(__always)
func channel(_ color: UInt32, _ axis: Int) -> Int { Int((color >> UInt32(16 - 8 * axis)) & 0xFF) }
