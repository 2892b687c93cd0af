/// An 8-bit coverage mask, such as a rasterized glyph: 0 covers nothing, 255 covers the whole pixel.
///
/// Invariant: `coverage.count == width * height`, row after row with stride equal to width.
public struct CoverageMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]

    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height,
                     "mask size must match its coverage bytes")
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

extension Bitmap {
    /// Source-over of `color` through `mask`, whose top-left pixel lands on pixel (`x`, `y`), inside
    /// `clip`.
    ///
    /// A pixel's weight is the mask's coverage times the clip's (which may be fractional and
    /// rounded), so glyphs are cut by a rounded clip as smoothly as a filled rectangle.
    public mutating func draw(_ mask: CoverageMask, x: Int, y: Int, color: PremultipliedColor, clip: Clip) {
        guard color.a != 0, mask.width > 0, mask.height > 0 else { return }
        let coverage = self.coverage(ofBlockWidth: mask.width, height: mask.height, atX: x, y: y, clip: clip)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, mw = mask.width
        // The colour as a one-pixel source, so the shared `blendPixel` does the blend.
        let source = [color.r, color.g, color.b, color.a]
        pixels.withUnsafeMutableBufferPointer { dst in
            mask.coverage.withUnsafeBufferPointer { src in
                source.withUnsafeBufferPointer { colour in
                    coverage.forEachRow { row, cov in
                        var i = (row * w + area.x) * 4
                        var j = (row - y) * mw + (area.x - x)
                        for k in 0..<area.width {
                            blendPixel(dst, i, colour, 0, div255(Int(src[j]) * Int(cov[k])))
                            i += 4; j += 1
                        }
                    }
                }
            }
        }
    }
}
