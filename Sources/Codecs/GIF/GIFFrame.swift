import Raster

/// A frame ready for `GIFPlanner.plan`: its indexed image, the bitmap it was made from, and
/// per pixel the error of its quantized colour, in a byte.
///
/// Each pixel's true colour (`OnWhite`) is computed where it is read (`GIFPixels`), not kept: @3x
/// it would be another 12 MB array for every frame in flight, and the bitmap is alive anyway.
/// Errors cost a palette lookup each to compute, and are read in order by the planner, so they
/// are kept, in a byte: on the samples fewer than 0.3% of them are 255 or more.
public struct GIFFrame: Sendable {
    public let image: IndexedImage
    /// What `image` was quantized from, premultiplied RGBA.
    let bitmap: Bitmap
    /// Per pixel, `LossyMatch.distance` from its palette colour to its true colour where that is
    /// below 255; 255 where it is 255 or more, and then computed again where read. The quantizer
    /// measures them as it maps the pixels (`Quantized`).
    let errors: [UInt8]
    /// The sum of every pixel's whole error (see `Quantized`).
    let errorSum: Int
    /// Whether `image` is on the writer's shared palette.
    let usesShared: Bool
    /// Per pixel, its `TextureMasking` weight; empty where the tolerance is not masked (or is 0,
    /// which no weight changes).
    let masking: [UInt8]

    /// `quantized` must come from `bitmap`'s colours over white (`OnWhite`), and `masking`, unless
    /// empty, hold a weight for each of its pixels.
    init(_ quantized: Quantized, bitmap: Bitmap, usesShared: Bool, masking: [UInt8] = []) {
        precondition(quantized.image.width == bitmap.width && quantized.image.height == bitmap.height)
        precondition(masking.isEmpty || masking.count == quantized.image.indices.count)
        image = quantized.image
        self.bitmap = bitmap
        self.usesShared = usesShared
        self.masking = masking
        errors = quantized.errors
        errorSum = quantized.errorSum
    }

    /// The frame's pixels through pointers, valid only inside `body`.
    func withPixels<R>(_ body: (GIFPixels) throws -> R) rethrows -> R {
        try errors.withUnsafeBufferPointer { errors in
            try masking.withUnsafeBufferPointer { masking in
                // An empty array's buffer may still have an address: no weights is nil.
                try GIFFrame.withPixels(image, bitmap, errors: errors.baseAddress!,
                                        masking: masking.isEmpty ? nil : masking.baseAddress, body)
            }
        }
    }

    private static func withPixels<R>(_ image: IndexedImage, _ bitmap: Bitmap, errors: UnsafePointer<UInt8>,
                                      masking: UnsafePointer<UInt8>?, _ body: (GIFPixels) throws -> R) rethrows -> R {
        // The palette in the bitmap's byte order, so that errors need no trading of red and blue.
        var shown = [UInt32](repeating: 0, count: 256)
        for (i, colour) in image.palette.enumerated() { shown[i] = OnWhite.swapped(SIMD4(repeating: colour))[0] }
        return try bitmap.pixels.withUnsafeBytes { rgba in
            try image.indices.withUnsafeBufferPointer { indices in
                try shown.withUnsafeBufferPointer { shown in
                    try body(GIFPixels(rgba: rgba.baseAddress!, indices: indices.baseAddress!, shown: shown.baseAddress!, errors: errors,
                                       masking: masking))
                }
            }
        }
    }
}

/// A `GIFFrame`'s pixels, by index in the frame: their true colours, 0xRRGGBB (`OnWhite`), the
/// `LossyMatch.distance` from each one's quantized colour to its true colour, and the tolerance
/// each may spend.
struct GIFPixels {
    let rgba: UnsafeRawPointer
    let indices: UnsafePointer<UInt8>
    /// The palette's colours in the bitmap's byte order (`OnWhite.words`).
    let shown: UnsafePointer<UInt32>
    /// `GIFFrame.errors`.
    let errors: UnsafePointer<UInt8>
    /// `GIFFrame.masking`; nil when it is empty.
    let masking: UnsafePointer<UInt8>?

    /// Pixel `i`.
    @inline(__always)
    func truth(_ i: Int) -> UInt32 { OnWhite.rgb(rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }

    /// Pixels `i..<i + 4`.
    @inline(__always)
    func truths(_ i: Int) -> SIMD4<UInt32> { OnWhite.rgb(rgba.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)) }

    /// Pixel `i` over white in the bitmap's byte order (`OnWhite.word`).
    @inline(__always)
    func word(_ i: Int) -> UInt32 { OnWhite.word(rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }

    /// Pixels `i..<i + 4` over white in the bitmap's byte order (`OnWhite.words`).
    @inline(__always)
    func words(_ i: Int) -> SIMD4<UInt32> { OnWhite.words(rgba.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)) }

    /// Pixels `i..<i + 4`'s errors, computed.
    @inline(__always)
    func exactErrors(_ i: Int) -> SIMD4<Int32> {
        let colours = SIMD4(shown[Int(indices[i])], shown[Int(indices[i &+ 1])], shown[Int(indices[i &+ 2])], shown[Int(indices[i &+ 3])])
        return LossyMatch.wholeDistances(colours, words(i))
    }

    /// Pixel `i`'s error, computed.
    @inline(__always)
    func exactError(_ i: Int) -> Int { LossyMatch.distance(shown[Int(indices[i])], word(i)) }

    /// Pixels `i..<i + 4`'s errors, from `errors` where it holds them.
    @inline(__always)
    func errors(_ i: Int) -> SIMD4<Float> {
        let stored = UnsafeRawPointer(errors + i).loadUnaligned(as: SIMD4<UInt8>.self)
        return SIMD4<Float>(any(stored .== 255) ? exactErrors(i) : SIMD4<Int32>(truncatingIfNeeded: stored))
    }

    /// Pixel `i`'s error.
    @inline(__always)
    func error(_ i: Int) -> Float {
        errors[i] == 255 ? Float(exactError(i)) : Float(errors[i])
    }

    /// Pixels `i..<i + 4`'s tolerances: `tolerance` times their masking weights in sixteenths,
    /// rounded down (⌊t·w/16⌋), or `tolerance` itself without weights. Whole numbers, exact in
    /// `Float`, and t·w fits 32 bits: t is at most 3 × 255² (`GIFQuality`).
    @inline(__always)
    func tolerances(_ i: Int, _ tolerance: Int) -> SIMD4<Float> {
        guard let masking else { return SIMD4(repeating: Float(tolerance)) }
        let weights = SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(masking + i).loadUnaligned(as: SIMD4<UInt8>.self))
        return SIMD4<Float>((weights &* Int32(truncatingIfNeeded: tolerance)) &>> 4)
    }

    /// Pixel `i`'s tolerance, as `tolerances`.
    @inline(__always)
    func tolerance(_ i: Int, _ tolerance: Int) -> Float {
        guard let masking else { return Float(tolerance) }
        // Parenthesized: in Swift a shift binds tighter than a multiplication.
        return Float((Int(masking[i]) &* tolerance) &>> 4)
    }

    /// Pixels `start..<start + count`'s limits in LZW when they are coded: max(their tolerance,
    /// error).
    @inline(__always)
    func limits(into out: UnsafeMutablePointer<Float>, from start: Int, count: Int, tolerance: Int) {
        var i = 0
        while i &+ 4 <= count {
            let errors = errors(start &+ i), floor = tolerances(start &+ i, tolerance)
            UnsafeMutableRawPointer(out + i).storeBytes(of: errors.replacing(with: floor, where: errors .< floor), as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < count { out[i] = max(self.tolerance(start &+ i, tolerance), error(start &+ i)); i &+= 1 }
    }
}
