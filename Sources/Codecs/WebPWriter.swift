import CWebP

/// Writes an animated WebP through libwebp's `WebPAnimEncoder`: frames in order, each with the
/// millisecond it starts at, on a canvas that loops forever.
///
/// - Lossless by default: decoded frames equal the straight RGBA given, byte for byte, but for
///   the colour under fully transparent pixels, which is lost (premultiplied, they are equal).
///   With a quality (1…100) frames are lossy.
/// - The encoder stores only what changed from the frame before, and a frame identical to the
///   one before lengthens it instead of being stored, so the file may hold fewer frames than were
///   added; every frame still shows at its time, and the total duration is exact.
/// - Every failure libwebp reports becomes an `EncodeError.webp` with libwebp's message, and an
///   error thrown by `write` is rethrown as it was. Nothing is written before `finish`, which
///   assembles the file and hands all its bytes to `write` at once.
public final class WebPWriter {
    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private let write: (UnsafeRawBufferPointer) throws -> Void
    /// The start of the last frame added, in milliseconds; starts must increase.
    private var lastStart: Int?

    /// WebP's largest width and height.
    public static let maxSide = 16383

    /// - Parameters:
    ///   - quality: nil for lossless, else lossy at 1 (smallest) to 100 (best).
    ///   - write: receives the whole file, once, from `finish`.
    public init(width: Int, height: Int, quality: Int? = nil,
                write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...WebPWriter.maxSide).contains(width), (1...WebPWriter.maxSide).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "WebP")
        }
        self.width = width
        self.height = height
        self.write = write
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw EncodeError.webp("libwebp's version does not match the headers ScrollReel was built with")
        }
        options.anim_params.loop_count = 0
        // Every frame in the one mode asked for: mixing would let a lossless file hold lossy frames.
        options.allow_mixed = 0
        if let quality {
            precondition((1...100).contains(quality), "quality is 1…100")
            config.lossless = 0
            config.quality = Float(quality)
        } else {
            config.lossless = 1
            // The colour under a fully transparent pixel may change: the encoder then stores a
            // frame's unchanged pixels as transparent over the one before, in whatever colour
            // codes smallest. Asking it to keep them made samples/stretchy-blur @1x 20% larger.
            config.exact = 0
            // libwebp's effort 4 of 6, at quality 85 (its default is 75): as small as img2webp
            // -lossless makes the same frames, or a little smaller, in about the same time.
            config.method = 4
            config.quality = 85
        }
        guard WebPValidateConfig(&config) != 0 else { throw EncodeError.webp("invalid encoder settings") }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw EncodeError.webp("could not create the animation encoder (out of memory?)")
        }
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Adds a frame of straight-alpha RGBA8 bytes (width × height × 4) that starts at `start` ms.
    ///
    /// - Precondition: `start` is later than the previous frame's.
    public func addFrame(straight rgba: [UInt8], start: Int) throws {
        precondition(rgba.count == width * height * 4, "frame size differs from the WebP")
        precondition(lastStart.map { start > $0 } ?? (start >= 0), "frame starts must increase")
        guard let encoder else { throw EncodeError.webp("writer already finished") }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw EncodeError.webp("libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw EncodeError.webp("could not import a frame (error \(picture.error_code.rawValue))") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(start), &config) != 0 else { throw error(encoder) }
        lastStart = start
    }

    /// Ends the last frame at `end` ms, assembles the file and writes it.
    public func finish(end: Int) throws {
        guard let encoder else { return }
        self.encoder = nil
        defer { WebPAnimEncoderDelete(encoder) }
        precondition(lastStart.map { end > $0 } ?? true, "the last frame must last")
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else { throw error(encoder) }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw error(encoder) }
        try write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
    }

    private func error(_ encoder: OpaquePointer) -> EncodeError {
        .webp(WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error")
    }
}
