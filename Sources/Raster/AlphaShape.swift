extension Bitmap {
    /// White at this bitmap's alpha, with `margin` clear pixels around it: premultiplied, every
    /// channel of a pixel is its alpha, so a blur of it blurs the alpha in each channel alike.
    /// The bitmap returned is the only owner of its pixels, so blurring it in place copies nothing.
    public func alphaShape(margin: Int) -> Bitmap {
        precondition(margin >= 0, "margin must not be negative")
        let outWidth = width + 2 * margin, outHeight = height + 2 * margin
        var shape = Bitmap(width: outWidth, height: outHeight)
        let width = width, height = height
        pixels.withUnsafeBytes { src in
            shape.pixels.withUnsafeMutableBytes { dst in
                for y in 0..<height {
                    let s = src.baseAddress! + y * width * 4
                    let d = dst.baseAddress! + ((y + margin) * outWidth + margin) * 4
                    var x = 0
                    while x + 4 <= width {
                        let alpha = s.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self) &>> 24
                        d.storeBytes(of: alpha &* 0x0101_0101, toByteOffset: x * 4, as: SIMD4<UInt32>.self)
                        x += 4
                    }
                    while x < width {
                        let alpha = s.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) >> 24
                        d.storeBytes(of: alpha &* 0x0101_0101, toByteOffset: x * 4, as: UInt32.self)
                        x += 1
                    }
                }
            }
        }
        return shape
    }
}

extension CoverageMask {
    /// The alpha bytes of `bitmap`, as coverage.
    public init(alphaOf bitmap: Bitmap) {
        let count = bitmap.width * bitmap.height
        let coverage = bitmap.pixels.withUnsafeBytes { src in
            [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                let s = src.baseAddress!
                var i = 0
                while i + 4 <= count {
                    let alpha = SIMD4<UInt8>(truncatingIfNeeded: s.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self) &>> 24)
                    UnsafeMutableRawPointer(out.baseAddress! + i).storeBytes(of: alpha, as: SIMD4<UInt8>.self)
                    i += 4
                }
                while i < count { out[i] = s.load(fromByteOffset: i * 4 + 3, as: UInt8.self); i += 1 }
                initialized = count
            }
        }
        self.init(width: bitmap.width, height: bitmap.height, coverage: coverage)
    }
}
