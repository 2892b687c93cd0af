extension Bitmap {
    /// Draws `image` scaled into `destination` (1/256 pixels, any size and position, possibly far
    /// outside this bitmap), source-over with `opacity`, inside `clip`.
    ///
    /// Separable resampling in premultiplied space: a horizontal pass over only the source rows the
    /// visible destination rows need, kept at 16 bits, then a vertical pass rounded once to 8 bits.
    /// The destination edges are anti-aliased by exact area coverage.
    ///
    /// `covering`, when given, is the area painted instead of `destination`: beyond the
    /// destination the image's edge pixels repeat, so an edge can be moved out to a whole pixel
    /// without stretching the image.
    public mutating func draw(_ image: Bitmap, into destination: FixedRect, covering: FixedRect? = nil,
                              opacity: UInt8 = 255, clip: Clip) {
        guard opacity != 0, image.width > 0, image.height > 0, !destination.isEmpty else { return }
        let coverage = Coverage(shape: RoundedRect(rect: covering ?? destination, radius: 0), clip: clip,
                                targetWidth: width, targetHeight: height)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let columns = ResampleTable(sourceCount: image.width, destMin: destination.minX,
                                    destLength: destination.width, first: area.x, count: area.width)
        let rows = ResampleTable(sourceCount: image.height, destMin: destination.minY,
                                 destLength: destination.height, first: area.y, count: area.height)
        let horizontal = image.resampleRows(rows.sourceRange, with: columns, count: area.width)
        let firstRow = rows.sourceRange.lowerBound
        let w = width, n = area.width, o = Int(opacity)
        var line = [UInt8](repeating: 0, count: n * 4)
        var rowCoverage = [UInt8](repeating: 0, count: n)
        let rowWeights = rows.weights
        pixels.withUnsafeMutableBufferPointer { dst in
            horizontal.withUnsafeBufferPointer { h in
                rowWeights.withUnsafeBufferPointer { wt in
                    line.withUnsafeMutableBufferPointer { out in
                        rowCoverage.withUnsafeMutableBufferPointer { cov in
                            for y in 0..<area.height {
                                // Vertical pass into one 8-bit premultiplied line.
                                let (start, taps) = rows.taps(of: y)
                                for x in 0..<n * 4 {
                                    var sum = 0
                                    var src = (start - firstRow) * n * 4 + x
                                    for t in taps { sum += Int(wt[t]) * Int(h[src]); src += n * 4 }
                                    out[x] = UInt8((sum + (1 << (ResampleTable.shift + 7))) >> (ResampleTable.shift + 8))
                                }
                                coverage.row(area.y + y, into: cov)
                                let outConst = UnsafeBufferPointer(out)
                                var i = ((area.y + y) * w + area.x) * 4
                                for x in 0..<n {
                                    blendPixel(dst, i, outConst, x * 4, div255(Int(cov[x]) * o))
                                    i += 4
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Horizontal pass: source rows `range`, each filtered to `count` destination columns.
    /// Values are premultiplied channels × 256 (16 bits), row after row.
    private func resampleRows(_ range: ClosedRange<Int>, with table: ResampleTable, count: Int) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: range.count * count * 4)
        let w = width, weights = table.weights
        pixels.withUnsafeBufferPointer { src in
            weights.withUnsafeBufferPointer { wt in
                out.withUnsafeMutableBufferPointer { dst in
                    var o = 0
                    for row in range {
                        let base = row * w * 4
                        for x in 0..<count {
                            let (start, taps) = table.taps(of: x)
                            var r = 0, g = 0, b = 0, a = 0
                            var s = base + start * 4
                            for t in taps {
                                let k = Int(wt[t])
                                r += k * Int(src[s]); g += k * Int(src[s + 1])
                                b += k * Int(src[s + 2]); a += k * Int(src[s + 3])
                                s += 4
                            }
                            let half = 1 << (ResampleTable.shift - 9), sh = ResampleTable.shift - 8
                            dst[o] = UInt16((r + half) >> sh); dst[o + 1] = UInt16((g + half) >> sh)
                            dst[o + 2] = UInt16((b + half) >> sh); dst[o + 3] = UInt16((a + half) >> sh)
                            o += 4
                        }
                    }
                }
            }
        }
        return out
    }
}
