import Raster

/// The part every image decoder shares once it has read a header: the declared size is checked
/// before anything is allocated, the library fills a straight RGBA8 buffer, and the result is
/// premultiplied into a `Bitmap`.
enum StraightDecode {
    /// - Parameters:
    ///   - failure: makes the decoder's own error from a message.
    ///   - fill: writes width × height × 4 straight RGBA bytes (rows of width × 4); returns nil,
    ///     or the library's message when it failed.
    static func bitmap(width: Int, height: Int, maxPixels: Int, failure: (String) -> DecodeError,
                       fill: (UnsafeMutableBufferPointer<UInt8>) -> String?) throws -> Bitmap {
        guard width > 0, height > 0 else { throw failure("the image has no pixels") }
        guard width * height <= maxPixels else {
            throw DecodeError.tooLarge(width: width, height: height, maxPixels: maxPixels)
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if let message = bytes.withUnsafeMutableBufferPointer({ fill($0) }) { throw failure(message) }
        guard let bitmap = Bitmap(width: width, height: height, straight: bytes) else {
            throw failure("decoded size does not match the header")
        }
        return bitmap
    }
}
