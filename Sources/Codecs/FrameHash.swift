import CCrypto
import Raster

/// The regression hash of a frame: SHA-256 over width and height as 32-bit big-endian unsigned
/// integers, then the straight-alpha RGBA8 pixels row by row.
///
/// That is exactly what a PNG decoder gives back for the frame, so the hash does not depend on the
/// zlib version or the PNG encoder settings.
public enum FrameHash {
    /// Lowercase hexadecimal SHA-256 of the frame.
    public static func sha256(_ bitmap: Bitmap) throws -> String {
        try sha256(width: bitmap.width, height: bitmap.height, straightRGBA: bitmap.straightBytes())
    }

    /// The same hash from straight-alpha bytes, e.g. from a decoded PNG.
    public static func sha256(width: Int, height: Int, straightRGBA bytes: [UInt8]) throws -> String {
        guard let context = EVP_MD_CTX_new() else { throw EncodeError.hash("EVP_MD_CTX_new returned NULL") }
        defer { EVP_MD_CTX_free(context) }
        var header = [UInt8]()
        for value in [UInt32(truncatingIfNeeded: width), UInt32(truncatingIfNeeded: height)] {
            header += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1
            && header.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) } == 1
            && bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) } == 1
            && EVP_DigestFinal_ex(context, &digest, &length) == 1
        guard ok, length == 32 else { throw EncodeError.hash("OpenSSL digest failed") }
        return hexString(digest.prefix(32))
    }
}

/// Lowercase hexadecimal digits of bytes.
func hexString<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
    return String(decoding: out, as: UTF8.self)
}
