extension Bitmap {
    /// Scales every pixel by `shape`'s anti-aliased coverage there (0 outside it), so that content
    /// drawn over whole pixels takes the shape's exact edges and corners.
    ///
    /// With `floor`, a bitmap of the same size, no pixel is scaled below `floor`'s alpha there:
    /// where other content covers a pixel (an image hanging over the edge of a view that does not
    /// clip), the shape does not cut into it, and outside the shape the pixels keep to `floor`'s
    /// outline.
    public mutating func mask(to shape: RoundedRect, atLeastAlphaOf floor: Bitmap? = nil) {
        precondition(floor.map { $0.width == width && $0.height == height } ?? true, "the floor has the bitmap's size")
        let coverage = Coverage(shape: shape, clip: Clip(pixelWidth: width, pixelHeight: height),
                                targetWidth: width, targetHeight: height)
        let area = coverage.bounds, w = width
        let floorPixels = floor?.pixels ?? []
        // Coverage of one whole row: the shape's where it reaches, 0 elsewhere.
        var row = [UInt8](repeating: 0, count: w)
        pixels.withUnsafeMutableBufferPointer { p in
            floorPixels.withUnsafeBufferPointer { f in
                row.withUnsafeMutableBufferPointer { cov in
                    let covered = UnsafeRawPointer(cov.baseAddress!)
                    func scale(_ y: Int) {
                        var x = 0
                        while x < w {
                            // Full coverage leaves a pixel as it is: the interior of the shape, skipped
                            // eight pixels at a time.
                            if x + 8 <= w && covered.loadUnaligned(fromByteOffset: x, as: UInt64.self) == .max {
                                x += 8
                                continue
                            }
                            let i = (y * w + x) * 4
                            let m = f.isEmpty ? Int(cov[x]) : max(Int(cov[x]), Int(f[i + 3]))
                            if m != 255 {
                                p[i] = UInt8(div255(Int(p[i]) * m)); p[i + 1] = UInt8(div255(Int(p[i + 1]) * m))
                                p[i + 2] = UInt8(div255(Int(p[i + 2]) * m)); p[i + 3] = UInt8(div255(Int(p[i + 3]) * m))
                            }
                            x += 1
                        }
                    }
                    for y in 0..<height where !(area.y..<area.maxY).contains(y) { scale(y) }
                    coverage.forEachRow { y, shapeRow in
                        for x in 0..<area.width { cov[area.x + x] = shapeRow[x] }
                        scale(y)
                    }
                }
            }
        }
    }
}
