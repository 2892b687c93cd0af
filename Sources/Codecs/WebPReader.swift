import CWebP

/// An animated WebP read back through libwebp's `WebPAnimDecoder` (see `AnimationReader`).
public final class WebPReader: AnimationReader {
    public let width: Int
    public let height: Int
    private let bytes: PinnedBytes
    private var decoder: OpaquePointer?
    /// Where the last picture ended, in milliseconds: the next one's start.
    private var end = 0

    public init(_ file: [UInt8]) throws {
        bytes = PinnedBytes(file)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw DecodeError.animation("libwebp's version does not match") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.pointer.baseAddress, size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw DecodeError.animation("libwebp cannot read it") }
        self.decoder = decoder
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw DecodeError.animation("libwebp cannot read its header") }
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
    }

    deinit { WebPAnimDecoderDelete(decoder) }

    public func next() throws -> (start: Double, rgb: [UInt8])? {
        guard let decoder, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
            throw DecodeError.animation("libwebp cannot decode a frame")
        }
        defer { end = Int(timestamp) }
        return (Double(end) / 1000, straightOnWhite(buffer, count: width * height))
    }
}
