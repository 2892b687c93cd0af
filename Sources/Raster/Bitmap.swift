/// A premultiplied RGBA8 image: flat storage, row after row, with stride equal to width.
///
/// Invariant: `pixels.count == width * height * 4`, and in every pixel each colour byte is at most
/// the alpha byte.
public struct Bitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, premultiplied.
    public internal(set) var pixels: [UInt8]

    /// A bitmap filled with one colour (transparent by default).
    public init(width: Int, height: Int, fill: PremultipliedColor = .clear) {
        precondition(width >= 0 && height >= 0, "bitmap size must not be negative")
        self.width = width
        self.height = height
        guard fill != .clear else {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
            return
        }
        pixels = Bitmap.filled(width: width, height: height, with: fill, hidden: Occluders())
    }

    /// A bitmap filled with one colour except where `hidden` says later drawing covers it. Those
    /// pixels are left as the allocator gives them (in debug builds, opaque magenta, so that a
    /// pixel wrongly left out shows in every test), and the caller draws them.
    public init(width: Int, height: Int, fill: PremultipliedColor, hidden: Occluders) {
        precondition(width >= 0 && height >= 0, "bitmap size must not be negative")
        self.width = width
        self.height = height
        pixels = Bitmap.filled(width: width, height: height, with: fill, hidden: hidden)
    }

    /// Written once, with the colour, rather than zeroed first.
    private static func filled(width: Int, height: Int, with fill: PremultipliedColor, hidden: Occluders) -> [UInt8] {
        let bytes = width * height * 4
        let hidden = hidden.within(PixelRect(x: 0, y: 0, width: width, height: height))
        let one = UInt32(fill.r) | UInt32(fill.g) << 8 | UInt32(fill.b) << 16 | UInt32(fill.a) << 24
        let four = SIMD4<UInt32>(repeating: one)
        return [UInt8](unsafeUninitializedCapacity: bytes) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            #if DEBUG
            if !hidden.isEmpty {
                for i in stride(from: 0, to: bytes, by: 4) { raw.storeBytes(of: 0xFFFF_00FF as UInt32, toByteOffset: i, as: UInt32.self) }
            }
            #endif
            for y in 0..<height {
                hidden.forEachGap(row: y, from: 0, to: width) { start, end in
                    var i = (y * width + start) * 4
                    let stop = (y * width + end) * 4
                    while i + 16 <= stop { raw.storeBytes(of: four, toByteOffset: i, as: SIMD4<UInt32>.self); i += 16 }
                    while i < stop { raw.storeBytes(of: one, toByteOffset: i, as: UInt32.self); i += 4 }
                }
            }
            count = bytes
        }
    }

    /// Wraps premultiplied bytes; nil when the count is wrong or a colour byte exceeds alpha.
    public init?(width: Int, height: Int, premultiplied bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = bytes[i + 3]
            if bytes[i] > a || bytes[i + 1] > a || bytes[i + 2] > a { return nil }
        }
        self.width = width; self.height = height; pixels = bytes
    }

    /// Premultiplies straight RGBA8 bytes; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, straight bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        var out = bytes
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                if a == 255 { continue }
                p[i] = UInt8(div255(Int(p[i]) * a))
                p[i + 1] = UInt8(div255(Int(p[i + 1]) * a))
                p[i + 2] = UInt8(div255(Int(p[i + 2]) * a))
            }
        }
        self.width = width; self.height = height; pixels = out
    }

    /// Whether every pixel is opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 } }
    }

    /// The straight-alpha RGBA8 bytes that files carry. The only place colour is un-premultiplied.
    public func straightBytes() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            let raw = UnsafeRawPointer(p.baseAddress!)
            let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
            var i = 0
            while i < p.count {
                // Four opaque pixels at once need no change: the usual case.
                if i + 16 <= p.count && raw.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self) & opaque == opaque {
                    i += 16
                    continue
                }
                let a = p[i + 3]
                if a != 255 {
                    p[i] = unpremultiply(p[i], a)
                    p[i + 1] = unpremultiply(p[i + 1], a)
                    p[i + 2] = unpremultiply(p[i + 2], a)
                }
                i += 4
            }
        }
        return out
    }

    /// Same size and same bytes. The bytes are compared eight at a time, and not at all when both
    /// share one buffer (a copy not yet written to): frames are compared to tell repeats, and the
    /// element-wise comparison of arrays takes 17 ms for a frame @3x.
    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { x in
            b.pixels.withUnsafeBytes { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
                var i = 0
                while i + 64 <= x.count {
                    var differ: UInt64 = 0
                    for k in stride(from: i, to: i + 64, by: 8) {
                        differ |= p.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    }
                    if differ != 0 { return false }
                    i += 64
                }
                while i < x.count { if x[i] != y[i] { return false }; i += 1 }
                return true
            }
        }
    }

    public func pixel(x: Int, y: Int) -> PremultipliedColor {
        let i = (y * width + x) * 4
        return PremultipliedColor(unchecked: pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
