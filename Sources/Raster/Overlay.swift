/// A second layer laid over a layer while it is composited: E4's blurred copy of a view.
///
/// Each overlay pixel is, in order: tinted source-atop (the tint shows where there is content, in
/// proportion to its alpha, and alpha is unchanged: c' = div255(t·a + c·(255 − tₐ))); scaled by the
/// anti-aliased coverage of `shape`, or by the layer's own alpha where that is more (so that
/// content hanging out of a view that does not clip keeps its outline); and mixed into the layer
/// pixel, layer × (1 − f) + overlay × f with f = `fraction65536` / 65536, rounded.
///
/// Invariant: `bitmap` has the size of the layer it is laid over; `shape` is in that layer's pixels.
public struct Overlay: Sendable {
    public var bitmap: Bitmap
    public var tint: PremultipliedColor?
    public var shape: RoundedRect
    /// Whether the layer's alpha is a floor under the shape's coverage.
    public var keepsLayerOutline: Bool
    /// 0…65536.
    public var fraction65536: Int

    public init(bitmap: Bitmap, tint: PremultipliedColor?, shape: RoundedRect, keepsLayerOutline: Bool, fraction65536: Int) {
        self.bitmap = bitmap; self.tint = tint; self.shape = shape
        self.keepsLayerOutline = keepsLayerOutline; self.fraction65536 = max(0, min(65536, fraction65536))
    }
}

extension Bitmap {
    /// `composite(_:x:y:opacity:clip:)` of `layer` with `overlay` laid over it. Row by row, and
    /// only over the pixels the clip lets through, so the overlay's steps never leave the cache.
    public mutating func composite(_ layer: Bitmap, overlay: Overlay, x: Int, y: Int, opacity: UInt8, clip: Clip) {
        precondition(overlay.bitmap.width == layer.width && overlay.bitmap.height == layer.height,
                     "an overlay has its layer's size")
        guard opacity != 0 else { return }
        let coverage = self.coverage(ofBlockWidth: layer.width, height: layer.height, atX: x, y: y, clip: clip)
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let shape = Coverage(shape: overlay.shape, clip: Clip(pixelWidth: layer.width, pixelHeight: layer.height),
                             targetWidth: layer.width, targetHeight: layer.height)
        let w = width, lw = layer.width, first = area.x - x, n = area.width, o = Int(opacity)
        // The shape's coverage along a whole layer row, zero outside its bounds; and the row being
        // made, in the layer's columns `first..<first + n`.
        var shapeRow = [UInt8](repeating: 0, count: lw)
        var made = [UInt8](repeating: 0, count: n * 4)
        pixels.withUnsafeMutableBufferPointer { dst in
            layer.pixels.withUnsafeBufferPointer { sharp in
                overlay.bitmap.pixels.withUnsafeBufferPointer { over in
                    shapeRow.withUnsafeMutableBufferPointer { cover in
                        made.withUnsafeMutableBufferPointer { row in
                            coverage.forEachRow { ty, cov in
                                let ly = ty - y, j = (ly * lw + first) * 4
                                if shape.bounds.y <= ly && ly < shape.bounds.maxY {
                                    shape.row(ly, into: UnsafeMutableBufferPointer(rebasing: cover[shape.bounds.x..<shape.bounds.maxX]))
                                } else if shape.bounds.width > 0 {
                                    cover.update(repeating: 0)
                                }
                                OverlayRow.tint(over.baseAddress! + j, into: row.baseAddress!, bytes: n * 4, overlay.tint)
                                OverlayRow.mask(row.baseAddress!, coverage: cover.baseAddress! + first,
                                                floor: overlay.keepsLayerOutline ? sharp.baseAddress! + j : nil, count: n)
                                OverlayRow.mix(sharp.baseAddress! + j, into: row.baseAddress!, bytes: n * 4,
                                               fraction65536: overlay.fraction65536)
                                SpanBlend.over(dst, at: (ty * w + area.x) * 4, UnsafeBufferPointer(row), at: 0,
                                               coverage: cov, count: n, opacity: o)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The steps of an overlay along one row, each a small loop over plain pointers so that it
/// compiles to vector code without calls.
enum OverlayRow {
    /// `out` = `src` tinted with `color` (a copy when there is no tint). Four pixels at a time,
    /// their bytes split into the low and high halves of 16-bit lanes, so there is nothing to widen
    /// or narrow: with t ≤ tₐ and c ≤ a the sum is at most 255·a, so div255's intermediates stay
    /// below 65,536.
    @inline(never)
    static func tint(_ src: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, bytes: Int, _ color: PremultipliedColor?) {
        guard let color, color.a != 0 else {
            out.update(from: src, count: bytes)
            return
        }
        let tr = Int(color.r), tg = Int(color.g), tb = Int(color.b), keep = 255 - Int(color.a)
        // Low bytes are red and blue, high bytes green and alpha (whose result is replaced).
        let lowTint = unsafeBitCast(SIMD4<UInt32>(repeating: UInt32(color.r) | UInt32(color.b) << 16), to: SIMD8<UInt16>.self)
        let highTint = unsafeBitCast(SIMD4<UInt32>(repeating: UInt32(color.g)), to: SIMD8<UInt16>.self)
        let keepLanes = SIMD8<UInt16>(repeating: UInt16(keep)), alphaBits = SIMD4<UInt32>(repeating: 0xFF00_0000)
        let s = UnsafeRawPointer(src), o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 16 <= bytes {
            let pixels = s.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self)
            let alpha = unsafeBitCast((pixels &>> 24) &* 0x0001_0001, to: SIMD8<UInt16>.self)
            let words = unsafeBitCast(pixels, to: SIMD8<UInt16>.self)
            let low = div255(lowTint &* alpha &+ (words & 0xFF) &* keepLanes)
            let high = div255(highTint &* alpha &+ (words &>> 8) &* keepLanes)
            let colours = unsafeBitCast(low | high &<< 8, to: SIMD4<UInt32>.self)
            o.storeBytes(of: (colours & ~alphaBits) | (pixels & alphaBits), toByteOffset: i, as: SIMD4<UInt32>.self)
            i &+= 16
        }
        while i < bytes {
            let a = Int(src[i + 3])
            out[i] = UInt8(Raster.div255(tr * a + Int(src[i]) * keep))
            out[i + 1] = UInt8(Raster.div255(tg * a + Int(src[i + 1]) * keep))
            out[i + 2] = UInt8(Raster.div255(tb * a + Int(src[i + 2]) * keep))
            out[i + 3] = src[i + 3]
            i += 4
        }
    }

    /// Scales each pixel of `row` by its coverage, or by `floor`'s alpha where that is more.
    /// Full coverage leaves a pixel as it is: the interior of the shape is skipped eight pixels at
    /// a time.
    @inline(never)
    static func mask(_ row: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, floor: UnsafePointer<UInt8>?,
                     count: Int) {
        let covered = UnsafeRawPointer(coverage)
        var x = 0
        while x < count {
            if x + 8 <= count && covered.loadUnaligned(fromByteOffset: x, as: UInt64.self) == .max {
                x += 8
                continue
            }
            let m = floor.map { max(Int(coverage[x]), Int($0[x * 4 + 3])) } ?? Int(coverage[x])
            if m != 255 {
                for c in x * 4..<x * 4 + 4 { row[c] = UInt8(div255(Int(row[c]) * m)) }
            }
            x += 1
        }
    }

    /// `out` = (`layer` × (65536 − f) + `out` × f + 32768) >> 16, per byte. Sixteen bytes at a time,
    /// split into the low and high halves of 16-bit lanes, with the weights split into bytes too:
    /// g = 65536 − f = 256·gₕ + gₗ and f = 256·fₕ + fₗ, so the result is
    /// (a·gₕ + b·fₕ + ((a·gₗ + b·fₗ) >> 8) + 128) >> 8. Since gₗ + fₗ is 0 or 256 and gₕ + fₕ at most
    /// 256, every term stays below 65,536.
    @inline(never)
    static func mix(_ layer: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, bytes: Int, fraction65536 f: Int) {
        if f == 65536 { return }
        if f == 0 { out.update(from: layer, count: bytes); return }
        let g = 65536 - f
        let fHigh = SIMD8<UInt16>(repeating: UInt16(f >> 8)), fLow = SIMD8<UInt16>(repeating: UInt16(f & 0xFF))
        let gHigh = SIMD8<UInt16>(repeating: UInt16(g >> 8)), gLow = SIMD8<UInt16>(repeating: UInt16(g & 0xFF))
        @inline(__always) func mixed(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
            (a &* gHigh &+ b &* fHigh &+ ((a &* gLow &+ b &* fLow) &>> 8) &+ 128) &>> 8
        }
        let s = UnsafeRawPointer(layer), o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 16 <= bytes {
            let a = s.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
            let b = o.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
            let low = mixed(a & 0xFF, b & 0xFF), high = mixed(a &>> 8, b &>> 8)
            o.storeBytes(of: low | high &<< 8, toByteOffset: i, as: SIMD8<UInt16>.self)
            i &+= 16
        }
        while i < bytes { out[i] = UInt8((Int(layer[i]) * g + Int(out[i]) * f + 32768) >> 16); i += 1 }
    }
}
