extension Bitmap {
    /// Scales the pixels that `shape` touches by its anti-aliased coverage, so that content drawn
    /// over whole pixels takes the shape's exact edges and corners. Pixels the shape does not touch
    /// keep their value.
    ///
    /// With `floor`, a bitmap of the same size, no pixel is scaled below `floor`'s alpha there: where
    /// other content already covers an edge pixel (an image hanging over the edge of a view that
    /// does not clip), the edge does not cut into it.
    public mutating func mask(to shape: RoundedRect, atLeastAlphaOf floor: Bitmap? = nil) {
        precondition(floor.map { $0.width == width && $0.height == height } ?? true, "the floor has the bitmap's size")
        let coverage = Coverage(shape: shape, clip: Clip(pixelWidth: width, pixelHeight: height),
                                targetWidth: width, targetHeight: height)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width
        let floorPixels = floor?.pixels ?? []
        pixels.withUnsafeMutableBufferPointer { p in
            floorPixels.withUnsafeBufferPointer { f in
                coverage.forEachRow { y, cov in
                    var i = (y * w + area.x) * 4
                    for x in 0..<area.width {
                        let m = f.isEmpty ? Int(cov[x]) : max(Int(cov[x]), Int(f[i + 3]))
                        if m != 255 {
                            p[i] = UInt8(div255(Int(p[i]) * m)); p[i + 1] = UInt8(div255(Int(p[i + 1]) * m))
                            p[i + 2] = UInt8(div255(Int(p[i + 2]) * m)); p[i + 3] = UInt8(div255(Int(p[i + 3]) * m))
                        }
                        i += 4
                    }
                }
            }
        }
    }
}
