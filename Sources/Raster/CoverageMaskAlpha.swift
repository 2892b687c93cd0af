extension CoverageMask {
    /// The alpha bytes of `bitmap`, as coverage, with `margin` uncovered pixels around them.
    public init(alphaOf bitmap: Bitmap, margin: Int = 0) {
        precondition(margin >= 0, "margin must not be negative")
        let width = bitmap.width + 2 * margin, height = bitmap.height + 2 * margin
        var coverage = [UInt8](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBytes { src in
            coverage.withUnsafeMutableBytes { dst in
                for y in 0..<bitmap.height {
                    let s = src.baseAddress! + y * bitmap.width * 4, d = dst.baseAddress! + (y + margin) * width + margin
                    var x = 0
                    while x + 4 <= bitmap.width {
                        let alpha = s.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self) &>> 24
                        d.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: alpha), toByteOffset: x, as: SIMD4<UInt8>.self)
                        x += 4
                    }
                    while x < bitmap.width {
                        d.storeBytes(of: s.load(fromByteOffset: x * 4 + 3, as: UInt8.self), toByteOffset: x, as: UInt8.self)
                        x += 1
                    }
                }
            }
        }
        self.init(width: width, height: height, coverage: coverage)
    }
}
