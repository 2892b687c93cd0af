extension Bitmap {
    /// A box blur of `radius` pixels, run `passes` times horizontally and vertically, which
    /// approaches a Gaussian of σ ≈ radius · √(passes / 3).
    ///
    /// - Works on premultiplied pixels, so transparent areas do not bleed dark colour.
    /// - Running sums make the cost per pixel independent of the radius.
    /// - Samples beyond an edge repeat the edge pixel (clamping), so a blurred header keeps its
    ///   colours at its borders instead of fading into a dark halo.
    /// - Integer maths only: each output is the window sum times a 24-bit reciprocal, rounded.
    public func boxBlurred(radius: Int, passes: Int = 3) -> Bitmap {
        guard radius > 0, width > 0, height > 0 else { return self }
        var a = self
        var b = Bitmap(width: width, height: height)
        for _ in 0..<passes {
            // Rows: stride 4 bytes between samples, 4·width between lines.
            Bitmap.blurLines(from: a.pixels, into: &b.pixels, lines: height, length: width,
                             lineStride: width * 4, sampleStride: 4, radius: radius)
            // Columns: stride 4·width between samples, 4 between lines.
            Bitmap.blurLines(from: b.pixels, into: &a.pixels, lines: width, length: height,
                             lineStride: 4, sampleStride: width * 4, radius: radius)
        }
        return a
    }

    /// One box pass over `lines` lines of `length` samples each, all four channels at once.
    private static func blurLines(from source: [UInt8], into destination: inout [UInt8], lines: Int, length: Int,
                                  lineStride: Int, sampleStride: Int, radius: Int) {
        let window = 2 * radius + 1
        let reciprocal = ((1 << 24) + window / 2) / window
        source.withUnsafeBufferPointer { src in
            destination.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStride
                    @inline(__always) func at(_ i: Int) -> Int { base + i * sampleStride }
                    // The window of sample 0: the edge pixel repeated radius + 1 times, then 1…radius.
                    var s0 = 0, s1 = 0, s2 = 0, s3 = 0
                    for k in -radius...radius {
                        let p = at(min(max(k, 0), length - 1))
                        s0 += Int(src[p]); s1 += Int(src[p + 1]); s2 += Int(src[p + 2]); s3 += Int(src[p + 3])
                    }
                    @inline(__always) func emit(_ i: Int, entering: Int, leaving: Int) {
                        let o = at(i)
                        dst[o] = UInt8((s0 * reciprocal + (1 << 23)) >> 24)
                        dst[o + 1] = UInt8((s1 * reciprocal + (1 << 23)) >> 24)
                        dst[o + 2] = UInt8((s2 * reciprocal + (1 << 23)) >> 24)
                        dst[o + 3] = UInt8((s3 * reciprocal + (1 << 23)) >> 24)
                        let e = at(entering), l = at(leaving)
                        s0 += Int(src[e]) - Int(src[l]); s1 += Int(src[e + 1]) - Int(src[l + 1])
                        s2 += Int(src[e + 2]) - Int(src[l + 2]); s3 += Int(src[e + 3]) - Int(src[l + 3])
                    }
                    // Sample i's window is [i − r, i + r]; moving to i + 1 adds i + r + 1, drops i − r.
                    // Edge loops clamp those indices; the middle loop needs no clamping.
                    let last = length - 1
                    let middleStart = min(radius, length), middleEnd = max(middleStart, length - radius - 1)
                    for i in 0..<middleStart { emit(i, entering: min(i + radius + 1, last), leaving: max(i - radius, 0)) }
                    for i in middleStart..<middleEnd { emit(i, entering: i + radius + 1, leaving: i - radius) }
                    for i in middleEnd..<length { emit(i, entering: min(i + radius + 1, last), leaving: max(i - radius, 0)) }
                }
            }
        }
    }

    /// `self` × (1 − f) + `other` × f per channel, f = `fraction65536` / 65536, rounded.
    /// Both bitmaps have the same size; the result stays premultiplied.
    public func mixed(with other: Bitmap, fraction65536 f: Int) -> Bitmap {
        precondition(other.width == width && other.height == height, "mixed bitmaps must have one size")
        let f = max(0, min(65536, f)), g = 65536 - f
        var out = self
        out.pixels.withUnsafeMutableBufferPointer { o in
            other.pixels.withUnsafeBufferPointer { b in
                for i in 0..<o.count { o[i] = UInt8((Int(o[i]) * g + Int(b[i]) * f + 32768) >> 16) }
            }
        }
        return out
    }

    /// `color` laid over the pixels source-atop: the tint shows only where there is content, in
    /// proportion to its alpha, and alpha is unchanged. c' = t·a + c·(1 − tₐ), per channel.
    public func tinted(_ color: PremultipliedColor) -> Bitmap {
        guard color.a != 0 else { return self }
        var out = self
        let tr = Int(color.r), tg = Int(color.g), tb = Int(color.b), keep = 255 - Int(color.a)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                p[i] = UInt8(div255(tr * a + Int(p[i]) * keep))
                p[i + 1] = UInt8(div255(tg * a + Int(p[i + 1]) * keep))
                p[i + 2] = UInt8(div255(tb * a + Int(p[i + 2]) * keep))
            }
        }
        return out
    }
}
