extension Bitmap {
    /// The pixels of `rect`, clamped to this bitmap, as a bitmap of their own: what a backdrop
    /// reads of what is drawn so far.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        var out = Bitmap(width: area.width, height: area.height)
        guard !area.isEmpty else { return out }
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<area.height {
                    let from = ((area.y + row) * width + area.x) * 4, to = row * area.width * 4
                    for i in 0..<(area.width * 4) { dst[to + i] = src[from + i] }
                }
            }
        }
        return out
    }

    /// Scales each pixel's distance from its grey by `factor256` / 256, as CSS `saturate()` and a
    /// material's backdrop do: grey is the Rec. 709 luma, 54 R + 183 G + 19 B over 256, the weights
    /// of `meanLuma`. On premultiplied pixels the map is the same (it is linear), with each result
    /// clamped to 0…alpha, so that it stays a valid premultiplied colour. Integer maths only,
    /// rounding half up, so every run gives the same bytes.
    public mutating func saturate(by factor256: Int) {
        guard factor256 != 256 else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2]), a = Int(p[i + 3])
                let grey = (54 * r + 183 * g + 19 * b + 128) >> 8
                func saturated(_ c: Int) -> UInt8 { UInt8(min(a, max(0, grey + floorDiv((c - grey) * factor256 + 128, 256)))) }
                p[i] = saturated(r); p[i + 1] = saturated(g); p[i + 2] = saturated(b)
                i += 4
            }
        }
    }
}
