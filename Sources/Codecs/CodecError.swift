/// Failures of the image codecs. Each carries the C library's own message where it has one.
public enum DecodeError: Error, Equatable, CustomStringConvertible {
    /// libpng refused the data.
    case png(String)
    /// libwebp refused the data; the message says why.
    case webp(String)
    /// FFmpeg could not read a reference video, or found it damaged; the message says why.
    case video(String)
    /// An animation written by render could not be read back; the message names the library and why.
    case animation(String)
    /// The file has no bytes at all.
    case empty
    /// The header declares more pixels than allowed; nothing was decoded.
    case tooLarge(width: Int, height: Int, maxPixels: Int)

    public var description: String {
        switch self {
        case .png(let message): return "not a readable PNG (libpng: \(message))"
        case .webp(let message): return "not a readable WebP image (libwebp: \(message))"
        case .video(let message): return "not a readable lossless video (\(message))"
        case .animation(let message): return "the animation could not be read back (\(message))"
        case .empty: return "the file is empty, not a PNG"
        case let .tooLarge(w, h, limit):
            return "the image is \(w)×\(h) (\(w * h) pixels), above the limit of \(limit) pixels (raise it with --max-image-pixels)"
        }
    }
}

public enum EncodeError: Error, Equatable, CustomStringConvertible {
    /// libpng could not encode the image.
    case png(String)
    /// giflib reported an error code; the message is giflib's text for it.
    case gif(code: Int32, message: String)
    /// libwebp reported an error; the message is libwebp's, or says what was being done.
    case webp(String)
    /// FFmpeg reported an error; the message says what was being done, then FFmpeg's words.
    case h264(String)
    /// FFmpeg could not write an animated PNG; the message says what was being done, then FFmpeg's words.
    case apng(String)
    /// libavif or its AV1 encoder failed; the message says what was being done, then libavif's words.
    case avif(String)
    /// The image has a size the format cannot store.
    case unsupportedSize(width: Int, height: Int, format: String)
    /// OpenSSL's digest failed.
    case hash(String)

    public var description: String {
        switch self {
        case .png(let message): return "PNG encoding failed (libpng: \(message))"
        case .gif(let code, let message): return "GIF encoding failed (giflib error \(code): \(message))"
        case .webp(let message): return "WebP encoding failed (libwebp: \(message))"
        case .h264(let message): return "H.264 encoding failed (FFmpeg, \(message))"
        case .apng(let message): return "APNG encoding failed (FFmpeg, \(message))"
        case .avif(let message): return "AVIF encoding failed (libavif, \(message))"
        case .unsupportedSize(let w, let h, let format): return "\(w)×\(h) cannot be stored as \(format)"
        case .hash(let message): return "SHA-256 failed: \(message)"
        }
    }
}
