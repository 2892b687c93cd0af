import Raster

/// What one GIF frame stores, as `GIFPlanner` decided it: a rectangle of the frame and, when the
/// frame keeps what is on screen, which of its pixels may; and then, on any thread, its LZW codes
/// (`coded()`), which depend on nothing else.
public struct GIFPlan: Sendable {
    public let frame: GIFFrame
    /// The rectangle the frame stores; the rest of the screen keeps the previous frame.
    public let area: PixelRect
    /// Per pixel of the whole frame when the frame keeps what is on screen: `mustCode`, or the
    /// bound on what the pixel shows where it takes the transparent index (see `GIFPlanner`),
    /// which is then its limit in LZW. Nil when every pixel of `area` is coded.
    let keep: [Float]?
    let tolerance: Int
    /// The codes, when the planner already made them while judging the frame.
    let codes: [UInt8]?

    /// In `keep`: the pixel must take an index of the frame's palette.
    static let mustCode = Float.infinity

    /// The index that keeps what is on screen: one past the palette.
    public var transparent: Int? { keep == nil ? nil : frame.image.palette.count }

    /// The frame as the file stores it.
    public func coded() -> GIFCodedFrame {
        var encoder = LZWEncoder()
        return GIFCodedFrame(area: area, palette: frame.image.palette, usesShared: frame.usesShared, transparent: transparent,
                             codes: codes ?? code(bands: 1, with: &encoder))
    }

    /// The LZW codes of `area`, row by row; with `bands` = k, of only every k-th band of 16 rows.
    func code(bands: Int, with encoder: inout LZWEncoder) -> [UInt8] {
        let rows = (area.y..<area.maxY).filter { ($0 - area.y) / 16 % bands == 0 }
        let palette = frame.image.palette
        let codeSize = GIFPlan.codeSize(palette.count, transparent: keep != nil || frame.usesShared)
        let (indices, truth, behind, limits) = inputs(rows: rows)
        return indices.withUnsafeBufferPointer { indices in
            palette.withUnsafeBufferPointer { palette in
                truth.withUnsafeBufferPointer { truth in
                    behind.withUnsafeBufferPointer { behind in
                        limits.withUnsafeBufferPointer { limits in
                            encoder.encode(indices, codeSize: codeSize,
                                           lossy: LossyMatch(palette: palette, transparent: transparent ?? 256, truth: truth,
                                                             behind: behind, limits: limits))
                        }
                    }
                }
            }
        }
    }

    /// What LZW reads for `rows` of `area`, in order: the index each pixel stores (the transparent
    /// index where it may keep what is on screen), its true colour, what the transparent index
    /// shows there for `LossyMatch` (rejected where the pixel must be coded; empty without a
    /// transparent index), and its limit (see `GIFPlanner`). One pass, no array filled twice.
    private func inputs(rows: [Int]) -> (indices: [UInt8], truth: [UInt32], behind: [UInt32], limits: [Float]) {
        let width = frame.image.width, count = rows.count * area.width, tolerance = Float(tolerance)
        var indices = [UInt8](unsafeUninitializedCapacity: count) { _, filled in filled = count }
        var truth = [UInt32](unsafeUninitializedCapacity: count) { _, filled in filled = count }
        var limits = [Float](unsafeUninitializedCapacity: count) { _, filled in filled = count }
        var behind = [UInt32](unsafeUninitializedCapacity: keep == nil ? 0 : count) { _, filled in filled = keep == nil ? 0 : count }
        indices.withUnsafeMutableBufferPointer { indicesOut in
            truth.withUnsafeMutableBufferPointer { truthOut in
                limits.withUnsafeMutableBufferPointer { limitsOut in
                    behind.withUnsafeMutableBufferPointer { behindOut in
                        frame.image.indices.withUnsafeBufferPointer { stored in
                            frame.truth.withUnsafeBufferPointer { allTruth in
                                frame.errors.withUnsafeBufferPointer { errors in
                                    var k = 0
                                    for row in rows {
                                        let start = row &* width &+ area.x
                                        truthOut.baseAddress!.advanced(by: k).update(from: allTruth.baseAddress! + start, count: area.width)
                                        indicesOut.baseAddress!.advanced(by: k).update(from: stored.baseAddress! + start, count: area.width)
                                        for x in 0..<area.width { limitsOut[k &+ x] = max(tolerance, errors[start &+ x]) }
                                        if let keep, let transparent {
                                            keep.withUnsafeBufferPointer { keep in
                                                for x in 0..<area.width {
                                                    if keep[start &+ x] == GIFPlan.mustCode {
                                                        behindOut[k &+ x] = LossyMatch.rejected
                                                    } else {
                                                        indicesOut[k &+ x] = UInt8(truncatingIfNeeded: transparent)
                                                        limitsOut[k &+ x] = keep[start &+ x]
                                                        behindOut[k &+ x] = 0
                                                    }
                                                }
                                            }
                                        }
                                        k &+= area.width
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (indices, truth, behind, limits)
    }

    /// LZW's starting code size for a colour table: the table's bits, at least 2, as GIF requires
    /// and giflib writes in the image descriptor.
    static func codeSize(_ colours: Int, transparent: Bool) -> Int {
        var bits = 1
        while 1 << bits < colours + (transparent ? 1 : 0) { bits += 1 }
        return max(2, bits)
    }
}

/// A frame ready for `GIFWriter.write`: the rectangle it stores, its colour table, and the LZW
/// codes of its pixels.
public struct GIFCodedFrame: Sendable {
    public let area: PixelRect
    public let palette: [UInt32]
    /// Whether `palette` is the writer's shared palette, stored once as the global colour table.
    public let usesShared: Bool
    /// The index that keeps what is on screen, if the frame uses one.
    public let transparent: Int?
    public let codes: [UInt8]
}
