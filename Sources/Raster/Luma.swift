extension Bitmap {
    /// The mean Rec. 709 luma of the pixels in `rect` (clamped to the bitmap), 0…255, from the
    /// stored (premultiplied, so composited over black) sRGB values: 54 R + 183 G + 19 B over 256,
    /// summed in integers so that every run gives the same answer. 0 for an empty rect.
    public func meanLuma(in rect: PixelRect) -> Int {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return 0 }
        var sum = 0
        pixels.withUnsafeBufferPointer { p in
            for y in y0..<y1 {
                var i = (y * width + x0) * 4
                for _ in x0..<x1 {
                    sum += 54 * Int(p[i]) + 183 * Int(p[i + 1]) + 19 * Int(p[i + 2])
                    i += 4
                }
            }
        }
        return sum / (256 * (x1 - x0) * (y1 - y0))
    }
}
