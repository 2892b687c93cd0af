import Raster

/// Decides, frame after frame in order, what each GIF frame stores: the rectangle that must
/// change, and whether pixels inside it that may stay as they are get the transparent index.
/// The LZW coding of that decision (`GIFPlan.coded()`) depends on nothing else, so frames are
/// coded on many threads while only this, a small part of the work, runs in order.
///
/// Invariant: after every planned frame, each pixel on screen is within `bound[i]` (squared RGB
/// distance, as `LossyMatch.distance`) of that frame's true colour there, and `bound[i]` is at
/// most the pixel's limit: its tolerance (the quality's, scaled by the pixel's `TextureMasking`
/// weight where the quality masks), or the error of the colour the quantizer chose, whichever is
/// larger.
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
    /// pixel grew it; its sign set where that frame had to code the pixel over a previous one
    /// (see `GIFPlan.kept`). Empty before the first frame.
    private var bound: [Float] = []
    /// The last frame's bitmap, whose pixels the screen shows within `bound`.
    private var shown: Bitmap?
    private var encoder = LZWEncoder()

    /// Frames must be prepared at the same `quality`.
    public init(width: Int, height: Int, quality: GIFQuality = GIFQuality(100)) {
        self.width = width
        self.height = height
        tolerance = quality.tolerance
    }

    /// The next frame's plan. Over a previous frame, the index one past the palette can mean
    /// "keep what is there". That turns still areas into runs of one index, but among dither
    /// noise it breaks LZW's patterns instead, so each frame takes whichever form codes smaller,
    /// judged on a sample: every eighth band of 16 rows. A small area is judged whole, and the
    /// winning trial is then the frame's coding. A frame in which no pixel must change is stored
    /// as `GIFCodedFrame.unchanged(on:)`, without its colour table.
    public func plan(_ frame: GIFFrame) -> GIFPlan {
        precondition(frame.image.width == width && frame.image.height == height, "frame size differs from the GIF")
        defer { shown = frame.bitmap }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let shown else {
            bound = [Float](repeating: 0, count: width * height)
            codeAll(whole, frame)
            return GIFPlan(frame: frame, area: whole, kept: nil, keeps: false, tolerance: tolerance, codes: nil)
        }
        // A frame that is the last one again (a resting scroll: the sink hands back the same
        // quantized frame) keeps every pixel with its bound, which is what `keepable` would find.
        if repeats(frame, shown) {
            update { bound in GIFPlanner.magnitudes(bound, count: width * height) }
            return GIFPlan(unchanged: frame, tolerance: tolerance)
        }
        let changed = update { bound in keepable(frame, over: shown, bound: bound) }
        guard let area = changed else { return GIFPlan(unchanged: frame, tolerance: tolerance) }
        let sample = area.height >= 128 ? 8 : 1
        let kept = keptLimits(area)
        let plainCodes = GIFPlan(frame: frame, area: area, kept: nil, keeps: false, tolerance: tolerance, codes: nil)
            .code(bands: sample, with: &encoder)
        let keptCodes = GIFPlan(frame: frame, area: area, kept: kept, keeps: true, tolerance: tolerance, codes: nil)
            .code(bands: sample, with: &encoder)
        let keeps = keptCodes.count < plainCodes.count
        if !keeps { codeAll(area, frame) }
        // A plan whose codes are made already needs no limits to code.
        return GIFPlan(frame: frame, area: area, kept: keeps && sample > 1 ? kept : nil, keeps: keeps, tolerance: tolerance,
                       codes: sample > 1 ? nil : keeps ? keptCodes : plainCodes)
    }

    /// What a frame that keeps codes from, for the pixels of `area` row after row (see
    /// `GIFPlan.kept`): `GIFPlan.mustCode` where the bound's sign is set, else the bound rounded
    /// down, at most 65,534. A limit below the bound only holds the pixel nearer its true colour,
    /// so the bounds stay true; and 2 bytes a pixel, held by a plan until it is coded, where the
    /// bounds themselves take 4 (12 MB @3x).
    private func keptLimits(_ area: PixelRect) -> [UInt16] {
        bound.withUnsafeBufferPointer { GIFPlanner.keptLimits($0.baseAddress!, width: width, area: area) }
    }

    /// `keptLimits` of bounds `width` pixels a row.
    static func keptLimits(_ bound: UnsafePointer<Float>, width: Int, area: PixelRect) -> [UInt16] {
        let count = area.width * area.height
        return [UInt16](unsafeUninitializedCapacity: count) { out, initialized in
            let b = UnsafeRawPointer(bound), o = UnsafeMutableRawPointer(out.baseAddress!)
            let cap = SIMD4<Float>(repeating: 65_534), must = SIMD4<UInt32>(repeating: UInt32(GIFPlan.mustCode))
            // Below 2²³, adding 2²³ rounds a float to a whole number, which then sits in the
            // low bits of the sum: a rounding down and a conversion in five vector instructions,
            // where the standard library's conversions go lane by lane through calls.
            let magic = SIMD4<Float>(repeating: 8_388_608)
            for y in 0..<area.height {
                let from = (area.y &+ y) &* width &+ area.x, to = y &* area.width
                var x = 0
                while x &+ 4 <= area.width {
                    let v = b.loadUnaligned(fromByteOffset: (from &+ x) &* 4, as: SIMD4<Float>.self)
                    let signed = unsafeBitCast(v, to: SIMD4<Int32>.self) .< 0
                    let magnitude = GIFPlanner.magnitudes(v), m = magnitude.replacing(with: cap, where: magnitude .> cap)
                    let nearest = (m + magic) - magic
                    let down = nearest.replacing(with: nearest - 1, where: nearest .> m)
                    let limits = unsafeBitCast(down + magic, to: SIMD4<UInt32>.self) & 0xFFFF
                    o.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: limits.replacing(with: must, where: signed)),
                                 toByteOffset: (to &+ x) &* 2, as: SIMD4<UInt16>.self)
                    x &+= 4
                }
                while x < area.width {
                    let v = bound[from &+ x]
                    out[to &+ x] = v.sign == .minus ? GIFPlan.mustCode : UInt16(min(v, 65_534).rounded(.down))
                    x &+= 1
                }
            }
            initialized = count
        }
    }

    /// Whether `frame` is the last frame again: it holds the very bitmap (not merely an equal
    /// one: comparing would cost as much as planning). The planner keeps the last bitmap alive,
    /// so its storage is not another's, and a prepared frame is a function of its bitmap.
    private func repeats(_ frame: GIFFrame, _ shown: Bitmap) -> Bool {
        frame.bitmap.pixels.withUnsafeBytes { new in
            shown.pixels.withUnsafeBytes { old in new.baseAddress == old.baseAddress && new.count == old.count }
        }
    }

    /// Runs `body` with the bounds, which it replaces in place: it reads each pixel's bound before
    /// it writes that pixel's next one.
    private func update<R>(_ body: (UnsafeMutablePointer<Float>) -> R) -> R {
        bound.withUnsafeMutableBufferPointer { bound in body(bound.baseAddress!) }
    }

    /// Replaces each pixel's bound with its bound after `frame` if it keeps what the screen shows,
    /// or, where it must be coded, its limit with the sign set; returns the smallest rectangle
    /// holding every pixel that must be coded, nil when none must. Four pixels at a time, the rest
    /// of a row one by one.
    private func keepable(_ frame: GIFFrame, over shown: Bitmap, bound: UnsafeMutablePointer<Float>) -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        let width = width, tolerance = tolerance
        shown.pixels.withUnsafeBytes { old in
            frame.withPixels { new in
                let o = old.baseAddress!, b = UnsafeRawPointer(bound)
                let k = UnsafeMutableRawPointer(bound)
                for y in 0..<height {
                    var first = width, last = -1
                    let row = y &* width
                    var x = 0
                    while x &+ 4 <= width {
                        let i = row &+ x, at = i &* 4
                        let words = new.words(i)
                        let (kept, coded) = GIFPlanner.kept(
                            bound: b.loadUnaligned(fromByteOffset: at, as: SIMD4<Float>.self),
                            from: OnWhite.words(o.loadUnaligned(fromByteOffset: at, as: SIMD4<UInt32>.self)), to: words,
                            error: new.errors(i), tolerance: new.tolerances(i, tolerance))
                        k.storeBytes(of: kept, toByteOffset: at, as: SIMD4<Float>.self)
                        if any(coded) {
                            for lane in 0..<4 where coded[lane] { first = min(first, x &+ lane); last = x &+ lane }
                        }
                        x &+= 4
                    }
                    while x < width {
                        let i = row &+ x
                        let (kept, coded) = GIFPlanner.kept(
                            bound: SIMD4(repeating: bound[i]),
                            from: SIMD4(repeating: OnWhite.word(o.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))),
                            to: SIMD4(repeating: new.word(i)),
                            error: SIMD4(repeating: new.error(i)), tolerance: SIMD4(repeating: new.tolerance(i, tolerance)))
                        bound[i] = kept[0]
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
        return maxX >= 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
    }

    /// `values` with every sign cleared.
    @inline(__always)
    static func magnitudes(_ values: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(values, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }

    /// Clears the sign of `count` bounds.
    private static func magnitudes(_ bounds: UnsafeMutablePointer<Float>, count: Int) {
        let b = UnsafeRawPointer(bounds), o = UnsafeMutableRawPointer(bounds)
        var i = 0
        while i &+ 4 <= count {
            o.storeBytes(of: magnitudes(b.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<Float>.self)), toByteOffset: i &* 4,
                         as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < count { bounds[i] = bounds[i].magnitude; i &+= 1 }
    }

    /// After a frame that codes every pixel of `area`: their bounds are their limits.
    private func codeAll(_ area: PixelRect, _ frame: GIFFrame) {
        bound.withUnsafeMutableBufferPointer { bound in
            frame.withPixels { pixels in
                for y in area.y..<area.maxY {
                    let start = y &* width &+ area.x
                    pixels.limits(into: bound.baseAddress! + start, from: start, count: area.width, tolerance: tolerance)
                }
            }
        }
    }

    /// For four pixels that keep what the screen shows, whose true colours moved from `old` to
    /// `new` (in either byte order, `OnWhite`): their new bounds, or, for those that must be coded
    /// instead because the bound passes their limit, max(their `tolerance`, the `error` of their
    /// quantized colours), with the sign set; and which of them must be coded. `bound` may carry
    /// the sign its frame set.
    ///
    /// A pixel whose colour did not move keeps its bound exactly. For the others it is
    /// (√bound + √dt)², raised by 2⁻²⁰ of itself: that more than covers the roundings of the
    /// roots, the sum and the square (each within 2⁻²⁴), so it stays a true bound. Limits are
    /// whole numbers below 2²⁴, exact in `Float`; IEEE arithmetic rounds the same on every
    /// machine, so files do too.
    @inline(__always)
    static func kept(bound: SIMD4<Float>, from old: SIMD4<UInt32>, to new: SIMD4<UInt32>, error: SIMD4<Float>,
                     tolerance: SIMD4<Float>) -> (bound: SIMD4<Float>, coded: SIMDMask<SIMD4<Int32>>) {
        let limit = error.replacing(with: tolerance, where: error .< tolerance)
        // The bound is the magnitude. Clearing sign bits, which changes no distance, also lets the
        // compiler take the roots in one vector instruction each instead of a call per lane.
        let positive = magnitudes(bound)
        let still = SIMD4<Int32>(truncatingIfNeeded: old) .== SIMD4<Int32>(truncatingIfNeeded: new)
        var grown = positive
        // Most of a scrolling screen shows the colours it showed (flat backgrounds, cards): the
        // roots, the slowest instructions here, are taken only where a colour moved.
        if !all(still) {
            let root = positive.squareRoot() + magnitudes(LossyMatch.distances(old, new)).squareRoot()
            grown = (root * root * (1 + 0x1p-20)).replacing(with: positive, where: still)
        }
        let coded = grown .> limit
        // The sign bit set by hand: SIMD negation is a subtraction from 0, which leaves 0 positive.
        let signed = unsafeBitCast(unsafeBitCast(limit, to: SIMD4<UInt32>.self) | 0x8000_0000, to: SIMD4<Float>.self)
        return (grown.replacing(with: signed, where: coded), coded)
    }
}
