/// What GIF shows of a premultiplied RGBA pixel, which has no partial transparency: the colour
/// flattened onto white. Premultiplied colour over white is c + (255 − a).
///
/// A pixel is read as one little-endian word, r | g << 8 | b << 16 | a << 24: adding 255 − a to
/// its three low bytes at once cannot carry, since c ≤ a. That gives the colour in the bitmap's
/// byte order (`word`); `rgb` then trades red and blue for 0xRRGGBB. Distances between colours
/// are the same in either order. Wrapping operations only, so that loops over it vectorize.
/// Regression's perceptual comparison sees translucent pixels as GIF does, through `word`.
public enum OnWhite {
    /// Four pixels over white, r | g << 8 | b << 16.
    @inline(__always)
    static func words(_ pixels: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // 255 − a in each colour byte, by shifts: SSE2 has no 32-bit multiply.
        let clear = (pixels &>> 24) ^ 0xFF
        return (pixels &+ (clear | clear &<< 8 | clear &<< 16)) & 0xFF_FF_FF
    }

    /// Four pixels over white, 0xRRGGBB.
    @inline(__always)
    static func rgb(_ pixels: SIMD4<UInt32>) -> SIMD4<UInt32> { swapped(words(pixels)) }

    /// One pixel over white, r | g << 8 | b << 16.
    @inlinable @inline(__always)
    public static func word(_ pixel: UInt32) -> UInt32 {
        let clear = (pixel >> 24) ^ 0xFF
        return (pixel &+ (clear | clear << 8 | clear << 16)) & 0xFF_FF_FF
    }

    /// One pixel over white, 0xRRGGBB.
    @inline(__always)
    static func rgb(_ pixel: UInt32) -> UInt32 {
        let w = word(pixel)
        return (w & 0xFF) << 16 | (w & 0xFF00) | w >> 16
    }

    /// Red and blue traded: 0xRRGGBB from the byte order, or the byte order from 0xRRGGBB.
    @inline(__always)
    static func swapped(_ w: SIMD4<UInt32>) -> SIMD4<UInt32> { (w & 0xFF) &<< 16 | (w & 0xFF00) | w &>> 16 }

    /// Premultiplied RGBA flattened onto white as packed RGB8 (c + 255 − a), as the formats
    /// without transparency take a frame (H.264, AVIF), with the last column and row repeated up
    /// to the even size when `even` (as a 4:2:0 video needs). An opaque frame keeps its exact colours.
    public static func packedRGB(_ pixels: [UInt8], width: Int, height: Int, even: Bool = true) -> [UInt8] {
        let codedWidth = even ? (width + 1) & ~1 : width, codedHeight = even ? (height + 1) & ~1 : height
        var out = [UInt8](repeating: 0, count: codedWidth * codedHeight * 3)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<codedHeight {
                    let source = min(y, height - 1) * width * 4, row = y * codedWidth * 3
                    for x in 0..<codedWidth {
                        let s = source + min(x, width - 1) * 4, d = row + x * 3, white = 255 - p[s + 3]
                        o[d] = p[s] &+ white
                        o[d + 1] = p[s + 1] &+ white
                        o[d + 2] = p[s + 2] &+ white
                    }
                }
            }
        }
        return out
    }
}
