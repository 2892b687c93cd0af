extension Bitmap {
    /// Fills a (possibly rounded) rectangle with a colour, source-over, anti-aliased, inside `clip`,
    /// leaving out the pixels that `hidden` says later drawing covers.
    public mutating func fill(_ shape: RoundedRect, color: PremultipliedColor, clip: Clip, hidden: Occluders = Occluders()) {
        guard color.a != 0 else { return }
        let coverage = Coverage(shape: shape, clip: clip, targetWidth: width, targetHeight: height)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, hidden = hidden.within(area)
        pixels.withUnsafeMutableBufferPointer { dst in
            coverage.forEachRow { y, cov in
                hidden.forEachGap(row: y, from: area.x, to: area.maxX) { start, end in
                    SpanBlend.fill(dst, at: (y * w + start) * 4, color: color,
                                   coverage: UnsafeBufferPointer(rebasing: cov[(start - area.x)...]), count: end - start)
                }
            }
        }
    }

    /// Composites another bitmap placed at whole-pixel offset (`x`, `y`) with an opacity, inside
    /// `clip` (which may have rounded corners). Used for offscreen layers: group opacity and blur.
    public mutating func composite(_ layer: Bitmap, x: Int, y: Int, opacity: UInt8, clip: Clip) {
        guard opacity != 0 else { return }
        let coverage = self.coverage(ofBlockWidth: layer.width, height: layer.height, atX: x, y: y, clip: clip)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let w = width, lw = layer.width, o = Int(opacity)
        pixels.withUnsafeMutableBufferPointer { dst in
            layer.pixels.withUnsafeBufferPointer { src in
                coverage.forEachRow { row, cov in
                    SpanBlend.over(dst, at: (row * w + area.x) * 4, src, at: ((row - y) * lw + (area.x - x)) * 4,
                                   coverage: cov, count: area.width, opacity: o)
                }
            }
        }
    }

    /// The coverage in this bitmap of a `blockWidth` × `blockHeight` block of whole pixels whose
    /// top-left pixel lands on (`x`, `y`), inside `clip`: where a layer or a mask is composited.
    func coverage(ofBlockWidth blockWidth: Int, height blockHeight: Int, atX x: Int, y: Int, clip: Clip) -> Coverage {
        let placed = RoundedRect(rect: FixedRect(pixelWidth: blockWidth, pixelHeight: blockHeight)
                                    .offsetBy(pixelsX: x, pixelsY: y), radius: 0)
        return Coverage(shape: placed, clip: clip, targetWidth: width, targetHeight: height)
    }
}

/// Source-over of `src[j...]` scaled by `m` (0…255) onto `dst[i...]`.
@inline(__always)
func blendPixel(_ dst: UnsafeMutableBufferPointer<UInt8>, _ i: Int,
                _ src: UnsafeBufferPointer<UInt8>, _ j: Int, _ m: Int) {
    guard m != 0 else { return }
    let sa = div255(Int(src[j + 3]) * m)
    guard sa != 0 else { return }
    dst[i] = UInt8(sourceOver(div255(Int(src[j]) * m), Int(dst[i]), sa))
    dst[i + 1] = UInt8(sourceOver(div255(Int(src[j + 1]) * m), Int(dst[i + 1]), sa))
    dst[i + 2] = UInt8(sourceOver(div255(Int(src[j + 2]) * m), Int(dst[i + 2]), sa))
    dst[i + 3] = UInt8(sourceOver(sa, Int(dst[i + 3]), sa))
}
