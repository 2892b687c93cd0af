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
        let rowWeights = rows.weights
        pixels.withUnsafeMutableBufferPointer { dst in
            horizontal.withUnsafeBufferPointer { h in
                rowWeights.withUnsafeBufferPointer { wt in
                    line.withUnsafeMutableBufferPointer { out in
                        coverage.forEachRow { y, cov in
                            // Vertical pass into one 8-bit premultiplied line.
                            let (start, taps) = rows.taps(of: y - area.y)
                            Bitmap.resampleColumns(h, from: (start - firstRow) * n * 4, rowLength: n * 4, weights: wt, taps: taps,
                                                   into: out)
                            SpanBlend.over(dst, at: (y * w + area.x) * 4, UnsafeBufferPointer(out), at: 0,
                                           coverage: cov, count: n, opacity: o)
                        }
                    }
                }
            }
        }
    }

    /// Vertical pass for one destination row: Σ weight × `h` over the taps, each tap a row of
    /// `rowLength` 16-bit values starting at `first`, rounded once to 8 bits, 16 lanes at a time.
    /// The sums fit 32 bits: the weights add up to 2¹⁴ and every value is below 2¹⁶.
    @inline(__always)
    private static func resampleColumns(_ h: UnsafeBufferPointer<UInt16>, from first: Int, rowLength: Int,
                                        weights: UnsafeBufferPointer<Int32>, taps: Range<Int>,
                                        into out: UnsafeMutableBufferPointer<UInt8>) {
        let shift = UInt32(ResampleTable.shift + 8), half = UInt32(1) << (shift - 1)
        let values = UnsafeRawPointer(h.baseAddress!), o = UnsafeMutableRawPointer(out.baseAddress!)
        var x = 0
        while x + 16 <= rowLength {
            var sum = SIMD16<UInt32>(repeating: half)
            var row = first + x
            for t in taps {
                let value = SIMD16<UInt32>(truncatingIfNeeded: values.loadUnaligned(fromByteOffset: row * 2, as: SIMD16<UInt16>.self))
                sum &+= value &* UInt32(weights[t])
                row += rowLength
            }
            o.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sum &>> shift), toByteOffset: x, as: SIMD16<UInt8>.self)
            x += 16
        }
        while x < rowLength {
            var sum = half, row = first + x
            for t in taps { sum &+= UInt32(h[row]) &* UInt32(weights[t]); row += rowLength }
            out[x] = UInt8(truncatingIfNeeded: sum >> shift)
            x += 1
        }
    }

    /// Horizontal pass: source rows `range`, each filtered to `count` destination columns.
    /// Values are premultiplied channels × 256 (16 bits), row after row.
    ///
    /// A pixel's four channels go through one vector of 32-bit lanes: every weight × value is
    /// below 2¹⁴ × 2⁸, and so is their sum.
    private func resampleRows(_ range: ClosedRange<Int>, with table: ResampleTable, count: Int) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: range.count * count * 4)
        let w = width, weights = table.weights
        let half = SIMD4<UInt32>(repeating: 1 << (UInt32(ResampleTable.shift) - 9)), shift = UInt32(ResampleTable.shift - 8)
        pixels.withUnsafeBufferPointer { src in
            weights.withUnsafeBufferPointer { wt in
                out.withUnsafeMutableBufferPointer { dst in
                    let source = UnsafeRawPointer(src.baseAddress!), destination = UnsafeMutableRawPointer(dst.baseAddress!)
                    var o = 0
                    for row in range {
                        let base = row * w * 4
                        for x in 0..<count {
                            let (start, taps) = table.taps(of: x)
                            var sum = half
                            var s = base + start * 4
                            for t in taps {
                                let value = SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: s, as: SIMD4<UInt8>.self))
                                sum &+= value &* UInt32(wt[t])
                                s += 4
                            }
                            let rounded = sum &>> shift
                            destination.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: rounded), toByteOffset: o * 2, as: SIMD4<UInt16>.self)
                            o += 4
                        }
                    }
                }
            }
        }
        return out
    }
}
