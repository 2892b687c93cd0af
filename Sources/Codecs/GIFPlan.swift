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
    /// whose whole part is the pixel's limit in LZW. Nil when every pixel of `area` is coded.
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
        let width = frame.image.width, palette = frame.image.palette
        let codeSize = GIFPlan.codeSize(palette.count, transparent: keep != nil || frame.usesShared)
        let truth = GIFPlan.gather(frame.truth, area, rows: rows, width: width)
        var indices = [UInt8](), behind = [UInt32](), limits = GIFPlan.limits(frame, area, rows: rows, tolerance: tolerance)
        if let keep, let transparent {
            (indices, behind) = GIFPlan.kept(frame, keep, area, rows: rows, transparent: transparent, limits: &limits)
        } else {
            indices = GIFPlan.gather(frame.image.indices, area, rows: rows, width: width)
        }
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

    /// Each pixel's limit in `rows` of `area`, in order: the tolerance, or the error of its
    /// quantized colour, whichever is larger.
    static func limits(_ frame: GIFFrame, _ area: PixelRect, rows: [Int], tolerance: Int) -> [UInt32] {
        let width = frame.image.width, tolerance = Float(tolerance)
        return [UInt32](unsafeUninitializedCapacity: rows.count * area.width) { out, count in
            frame.errors.withUnsafeBufferPointer { errors in
                var k = 0
                for row in rows {
                    for i in row &* width &+ area.x..<row &* width &+ area.maxX {
                        out[k] = UInt32(max(tolerance, errors[i]))
                        k &+= 1
                    }
                }
            }
            count = rows.count * area.width
        }
    }

    /// The indices a keeping frame stores in `rows` of `area` (the transparent index where the
    /// pixel may keep what is on screen), what the transparent index shows for `LossyMatch`
    /// (rejected where the pixel must be coded), and the limits of the pixels that keep.
    private static func kept(_ frame: GIFFrame, _ keep: [Float], _ area: PixelRect, rows: [Int], transparent: Int,
                             limits: inout [UInt32]) -> ([UInt8], [UInt32]) {
        let width = frame.image.width
        var indices = [UInt8](repeating: 0, count: limits.count), behind = [UInt32](repeating: 0, count: limits.count)
        frame.image.indices.withUnsafeBufferPointer { stored in
            keep.withUnsafeBufferPointer { keep in
                var k = 0
                for row in rows {
                    for i in row * width + area.x..<row * width + area.maxX {
                        if keep[i] == mustCode {
                            indices[k] = stored[i]; behind[k] = LossyMatch.rejected
                        } else {
                            indices[k] = UInt8(transparent); limits[k] = UInt32(keep[i])
                        }
                        k += 1
                    }
                }
            }
        }
        return (indices, behind)
    }

    /// The values of `rows` of `area` in a full-frame array, in order.
    private static func gather<T>(_ values: [T], _ area: PixelRect, rows: [Int], width: Int) -> [T] {
        var out: [T] = []
        out.reserveCapacity(rows.count * area.width)
        for row in rows { out += values[row * width + area.x..<row * width + area.maxX] }
        return out
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
