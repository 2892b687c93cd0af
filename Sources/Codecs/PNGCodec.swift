import CPNG
import Raster

/// PNG files through libpng's simplified API (`png_image_*`).
///
/// The classic API reports errors by longjmp, which must never cross Swift frames; the simplified
/// API catches them inside libpng and returns 0 with a message, which becomes a thrown error here.
public enum PNGCodec {
    /// Decodes any PNG libpng accepts (grey, palette, 16-bit, interlaced…) to premultiplied RGBA8.
    ///
    /// The header is read first: an image of more than `maxPixels` pixels is refused before its
    /// pixels are allocated or inflated, so a small file cannot expand into gigabytes.
    public static func decode(_ data: [UInt8], maxPixels: Int = Int.max) throws -> Bitmap {
        // libpng would call an empty buffer an invalid argument to png_image_begin_read_from_memory.
        guard !data.isEmpty else { throw DecodeError.empty }
        var image = png_image()
        image.version = SRPNG_IMAGE_VERSION
        defer { png_image_free(&image) }
        let begun = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else { throw DecodeError.png(message(of: &image)) }
        image.format = SRPNG_FORMAT_RGBA
        // 16-bit samples without gAMA or sRGB are sRGB, as 8-bit ones are and as browsers and UIKit
        // take them; by default libpng would take them as linear light and brighten them.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        return try StraightDecode.bitmap(width: Int(image.width), height: Int(image.height), maxPixels: maxPixels,
                                         failure: DecodeError.png) { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(image.width * 4), nil) != 0 ? nil : message(of: &image)
        }
    }

    /// Encodes straight-alpha RGBA8 (un-premultiplied from `bitmap`) as an 8-bit RGBA PNG.
    /// `fast` trades size for time (libpng's `PNG_IMAGE_FLAG_FAST`): for frames shown at once
    /// and thrown away, such as the studio's; the pixels are the same.
    public static func encode(_ bitmap: Bitmap, fast: Bool = false) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width < 1 << 31 / 4 else {
            throw EncodeError.unsupportedSize(width: bitmap.width, height: bitmap.height, format: "PNG")
        }
        let straight = bitmap.straightBytes()
        var image = png_image()
        image.version = SRPNG_IMAGE_VERSION
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = SRPNG_FORMAT_RGBA
        if fast { image.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
        defer { png_image_free(&image) }
        // First call measures, second writes.
        var size = 0
        let measured = straight.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, Int32(bitmap.width * 4), nil)
        }
        guard measured != 0 else { throw EncodeError.png(message(of: &image)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = straight.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress,
                                          Int32(bitmap.width * 4), nil)
            }
        }
        guard written != 0 else { throw EncodeError.png(message(of: &image)) }
        out.removeSubrange(size...)
        return out
    }

    /// libpng's message, a NUL-terminated `char[64]` inside the struct.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
