import Raster

/// Decides, frame after frame in order, what each GIF frame stores: the rectangle that must
/// change, and whether pixels inside it that may stay as they are get the transparent index.
/// The LZW coding of that decision (`GIFPlan.coded()`) depends on nothing else, so frames are
/// coded on many threads while only this, a small part of the work, runs in order.
///
/// Invariant: after every planned frame, each pixel on screen is within `bound[i]` (squared RGB
/// distance, as `LossyMatch.distance`) of that frame's true colour there, and `bound[i]` is at
/// most the pixel's limit: the tolerance, or the error of the colour the quantizer chose,
/// whichever is larger.
/// - A pixel the frame codes is coded within its limit (`LossyMatch`), so that is its bound.
/// - A pixel kept from before, whose true colour moved by a squared distance dt, is within
///   (√bound + √dt)² of its new colour (the triangle inequality). It may stay only where that is
///   within the new limit, and that becomes its bound.
///
/// The bound is what the planner can know without the LZW coding, which may show any colour
/// within the limit; so the planner never waits for the coding, and the coding of one frame
/// never waits for the one before.
public final class GIFPlanner {
    public let width: Int
    public let height: Int
    let tolerance: Int
    /// Per pixel, after the last frame planned: the bound above, a whole number unless a moved
    /// pixel grew it; empty before the first frame.
    private var bound: [Float] = []
    /// The last frame's true colours, 0xRRGGBB per pixel.
    private var truth: [UInt32] = []
    private var encoder = LZWEncoder()

    /// `quality` as `GIFQuality` reads it; frames must be prepared at the same quality.
    public init(width: Int, height: Int, quality: Int = 100) {
        self.width = width
        self.height = height
        tolerance = GIFQuality(quality).tolerance
    }

    /// The next frame's plan. Over a previous frame, the index one past the palette can mean
    /// "keep what is there". That turns still areas into runs of one index, but among dither
    /// noise it breaks LZW's patterns instead, so each frame takes whichever form codes smaller,
    /// judged on a sample: every eighth band of 16 rows. A small area is judged whole, and the
    /// winning trial is then the frame's coding.
    public func plan(_ frame: GIFFrame) -> GIFPlan {
        precondition(frame.image.width == width && frame.image.height == height, "frame size differs from the GIF")
        defer { truth = frame.truth }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard !bound.isEmpty else {
            bound = [Float](repeating: 0, count: width * height)
            codeAll(whole, frame)
            return GIFPlan(frame: frame, area: whole, keep: nil, tolerance: tolerance, codes: nil)
        }
        // A frame that is the last one again (a resting scroll: the sink hands back the same
        // quantized frame) keeps every pixel with its bound, which is what `keepable` would find.
        let (keep, area) = repeats(frame) ? (bound, PixelRect(x: 0, y: 0, width: 1, height: 1)) : keepable(frame)
        let sample = area.height >= 128 ? 8 : 1
        let plain = GIFPlan(frame: frame, area: area, keep: nil, tolerance: tolerance, codes: nil)
        let kept = GIFPlan(frame: frame, area: area, keep: keep, tolerance: tolerance, codes: nil)
        let plainCodes = plain.code(bands: sample, with: &encoder)
        let keptCodes = kept.code(bands: sample, with: &encoder)
        let keeps = keptCodes.count < plainCodes.count
        if !keeps { codeAll(area, frame) }
        guard sample == 1 else { return keeps ? kept : plain }
        return GIFPlan(frame: frame, area: area, keep: keeps ? keep : nil, tolerance: tolerance,
                       codes: keeps ? keptCodes : plainCodes)
    }

    /// Whether `frame` is the last frame again: it holds the very array of true colours (not
    /// merely an equal one: comparing would cost as much as planning). Each `GIFWriter.prepare`
    /// makes its own array, and the planner keeps the last one alive, so only the same prepared
    /// frame, errors and all, can hold it.
    private func repeats(_ frame: GIFFrame) -> Bool {
        frame.truth.withUnsafeBufferPointer { new in
            truth.withUnsafeBufferPointer { old in new.baseAddress == old.baseAddress && new.count == old.count }
        }
    }

    /// Each pixel's new bound if it keeps what the screen shows, or `GIFPlan.mustCode`, and the
    /// smallest rectangle holding every pixel that must be coded; one pixel (GIF has no empty
    /// image) when none must. `bound` becomes the bounds after a frame that keeps what it may.
    /// Four pixels at a time, the rest of a row one by one.
    private func keepable(_ frame: GIFFrame) -> (keep: [Float], area: PixelRect) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        let width = width, tolerance = SIMD4(repeating: Float(tolerance))
        let keep = [Float](unsafeUninitializedCapacity: width * height) { out, count in
            bound.withUnsafeMutableBufferPointer { bound in
                truth.withUnsafeBufferPointer { old in
                    frame.truth.withUnsafeBufferPointer { new in
                        frame.errors.withUnsafeBufferPointer { errors in
                            let o = UnsafeRawPointer(old.baseAddress!), n = UnsafeRawPointer(new.baseAddress!)
                            let e = UnsafeRawPointer(errors.baseAddress!), b = UnsafeMutableRawPointer(bound.baseAddress!)
                            let k = UnsafeMutableRawPointer(out.baseAddress!)
                            for y in 0..<height {
                                var first = width, last = -1
                                let row = y &* width
                                var x = 0
                                while x &+ 4 <= width {
                                    let at = (row &+ x) &* 4
                                    let (kept, limit, coded) = GIFPlanner.kept(
                                        bound: b.loadUnaligned(fromByteOffset: at, as: SIMD4<Float>.self),
                                        from: o.loadUnaligned(fromByteOffset: at, as: SIMD4<UInt32>.self),
                                        to: n.loadUnaligned(fromByteOffset: at, as: SIMD4<UInt32>.self),
                                        error: e.loadUnaligned(fromByteOffset: at, as: SIMD4<Float>.self), tolerance: tolerance)
                                    k.storeBytes(of: kept, toByteOffset: at, as: SIMD4<Float>.self)
                                    b.storeBytes(of: kept.replacing(with: limit, where: coded), toByteOffset: at, as: SIMD4<Float>.self)
                                    if any(coded) {
                                        for lane in 0..<4 where coded[lane] { first = min(first, x &+ lane); last = x &+ lane }
                                    }
                                    x &+= 4
                                }
                                while x < width {
                                    let i = row &+ x
                                    let (kept, limit, coded) = GIFPlanner.kept(
                                        bound: SIMD4(repeating: bound[i]), from: SIMD4(repeating: old[i]), to: SIMD4(repeating: new[i]),
                                        error: SIMD4(repeating: errors[i]), tolerance: tolerance)
                                    out[i] = kept[0]
                                    bound[i] = coded[0] ? limit[0] : kept[0]
                                    if coded[0] { first = min(first, x); last = x }
                                    x &+= 1
                                }
                                if last >= 0 {
                                    minX = min(minX, first); maxX = max(maxX, last)
                                    minY = min(minY, y); maxY = y
                                }
                            }
                        }
                    }
                }
            }
            count = width * height
        }
        let area = maxX >= 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            : PixelRect(x: 0, y: 0, width: 1, height: 1)
        return (keep, area)
    }

    /// After a frame that codes every pixel of `area`: their bounds are their limits.
    private func codeAll(_ area: PixelRect, _ frame: GIFFrame) {
        let tolerance = Float(tolerance)
        bound.withUnsafeMutableBufferPointer { bound in
            frame.errors.withUnsafeBufferPointer { errors in
                for y in area.y..<area.maxY {
                    for i in y &* width &+ area.x..<y &* width &+ area.maxX { bound[i] = max(tolerance, errors[i]) }
                }
            }
        }
    }

    /// For four pixels that keep what the screen shows, whose true colours moved from `old` to
    /// `new`: their new bounds; their limits, max(`tolerance`, the `error` of their quantized
    /// colours); and which of them must be coded instead because the bound passes the limit
    /// (their bound is then `mustCode`).
    ///
    /// A pixel whose colour did not move keeps its bound exactly. For the others it is
    /// (√bound + √dt)², raised by 2⁻²⁰ of itself: that more than covers the roundings of the
    /// roots, the sum and the square (each within 2⁻²⁴), so it stays a true bound. Limits are
    /// whole numbers below 2²⁴, exact in `Float`; IEEE arithmetic rounds the same on every
    /// machine, so files do too.
    @inline(__always)
    static func kept(bound: SIMD4<Float>, from old: SIMD4<UInt32>, to new: SIMD4<UInt32>, error: SIMD4<Float>,
                     tolerance: SIMD4<Float>) -> (kept: SIMD4<Float>, limit: SIMD4<Float>, coded: SIMDMask<SIMD4<Int32>>) {
        let limit = error.replacing(with: tolerance, where: error .< tolerance)
        // Bounds are never negative: clearing the sign bit changes nothing, but lets the compiler
        // take the root in one vector instruction instead of a call per lane.
        let positive = unsafeBitCast(unsafeBitCast(bound, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
        let root = positive.squareRoot() + LossyMatch.distances(old, new).squareRoot()
        let moved = root * root * (1 + 0x1p-20)
        let grown = moved.replacing(with: bound, where: SIMD4<Int32>(truncatingIfNeeded: old) .== SIMD4<Int32>(truncatingIfNeeded: new))
        let coded = grown .> limit
        return (grown.replacing(with: GIFPlan.mustCode, where: coded), limit, coded)
    }
}
