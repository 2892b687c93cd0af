import CAVIF

/// Writes an animated AVIF through libavif with libaom's AV1 encoder, which predicts each frame
/// from the one before, as a video does, where GIF and WebP store each frame by itself.
///
/// - Frames are packed RGB8 already flattened onto white (`OnWhite.packedRGB`): a preview, as the
///   GIF and the MP4 are. They are stored as 8-bit YUV 4:4:4 (full-resolution chroma, so that
///   interface text stays crisp), BT.601 matrix, sRGB primaries and transfer, in video's limited
///   range (luma 16…235): Chromium reads a full-range image sequence as limited, stretching its
///   contrast (white from 242, 235 from 230), while every decoder reads a limited one alike.
/// - `quality` 1…100 sets the AV1 quantizer, 63 (smallest) to 0, as libavif's own quality scale:
///   quantizer = ((100 − quality) × 63 + 50) / 100. Quantizer 0 is near lossless: only the
///   conversion to limited-range YUV rounds.
/// - Frame i starts at i / fps seconds, each is shown 1 / fps (the timescale is the frame rate).
///   Browsers loop an animated AVIF that says nothing about repeating.
/// - The encoder runs on one thread at libaom's speed 6 (its fastest "good quality" mode; the
///   faster real-time modes make files twice as large for the same quality): with more threads
///   libaom's output depends on their number.
/// - libavif keeps the encoded frames until `finish`, which writes the whole file through `write`,
///   with the clock's times in its headers cleared (`MediaTimes`), so the same frames make the
///   same bytes.
/// - Every failure becomes a thrown error: `write`'s own, or `EncodeError.avif` with libavif's words.
public final class AVIFWriter {
    public let width: Int
    public let height: Int
    public let quality: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var encoder: UnsafeMutablePointer<avifEncoder>?
    private var image: UnsafeMutablePointer<avifImage>?

    /// The quality without `--quality`: quantizer 13, which keeps interface text sharp and a
    /// photo's grain, at a small fraction of a lossless WebP's size.
    public static let defaultQuality = 80

    /// The encoder's speed: libaom's fastest good-quality mode (see the type's comment).
    static let speed: Int32 = 6

    /// Why AVIF cannot be written on this machine, or nil when it can.
    public static var unavailable: String? {
        avifCodecName(AVIF_CODEC_CHOICE_AOM, avifCodecFlags(AVIF_CODEC_FLAG_CAN_ENCODE.rawValue)) == nil
            ? "this libavif has no libaom encoder" : nil
    }

    /// The AV1 quantizer a quality maps to: 0 (best) to 63.
    public static func quantizer(quality: Int) -> Int32 { Int32(((100 - quality) * 63 + 50) / 100) }

    public init(width: Int, height: Int, fps: Int, quality: Int,
                write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "AVIF")
        }
        precondition((1...1000).contains(fps) && (1...100).contains(quality))
        if let why = AVIFWriter.unavailable { throw EncodeError.avif(why) }
        self.width = width
        self.height = height
        self.quality = quality
        self.write = write
        guard let encoder = avifEncoderCreate() else { throw EncodeError.avif("could not create the encoder") }
        self.encoder = encoder
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        encoder.pointee.maxThreads = 1
        encoder.pointee.speed = AVIFWriter.speed
        encoder.pointee.timescale = UInt64(fps)
        encoder.pointee.keyframeInterval = 0
        let quantizer = AVIFWriter.quantizer(quality: quality)
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        guard let image = avifImageCreate(UInt32(width), UInt32(height), 8, AVIF_PIXEL_FORMAT_YUV444) else {
            throw EncodeError.avif("could not create an image")
        }
        self.image = image
        image.pointee.yuvRange = AVIF_RANGE_LIMITED
        image.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_BT709)
        image.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        image.pointee.matrixCoefficients = avifMatrixCoefficients(AVIF_MATRIX_COEFFICIENTS_BT601)
    }

    deinit { release() }

    /// Adds the next frame: packed RGB8 flattened onto white, `width × height × 3` bytes.
    public func addFrame(rgb: [UInt8]) throws {
        precondition(rgb.count == width * height * 3, "frame size differs from the animation's")
        guard let encoder, let image else { throw EncodeError.avif("writer already finished") }
        var converted = AVIF_RESULT_OK
        rgb.withUnsafeBufferPointer { pixels in
            var packed = avifRGBImage()
            avifRGBImageSetDefaults(&packed, image)
            packed.format = AVIF_RGB_FORMAT_RGB
            packed.depth = 8
            packed.rowBytes = UInt32(width * 3)
            // libavif reads the pixels only.
            packed.pixels = UnsafeMutablePointer(mutating: pixels.baseAddress)
            converted = avifImageRGBToYUV(image, &packed)
        }
        try AVIFWriter.check(converted, "converting a frame to YUV")
        try AVIFWriter.check(avifEncoderAddImage(encoder, image, 1, avifAddImageFlags(AVIF_ADD_IMAGE_FLAG_NONE.rawValue)),
                             "encoding a frame")
    }

    /// Ends the animation and writes the whole file.
    public func finish() throws {
        guard let encoder else { return }
        var output = avifRWData(data: nil, size: 0)
        defer { avifRWDataFree(&output) }
        try AVIFWriter.check(avifEncoderFinish(encoder, &output), "ending the file")
        release()
        var file = [UInt8](UnsafeBufferPointer(start: output.data, count: output.size))
        MediaTimes.clear(&file)
        try file.withUnsafeBytes(write)
    }

    private func release() {
        if let image { avifImageDestroy(image) }
        if let encoder { avifEncoderDestroy(encoder) }
        image = nil
        encoder = nil
    }

    private static func check(_ result: avifResult, _ doing: String) throws {
        guard result != AVIF_RESULT_OK else { return }
        throw EncodeError.avif("\(doing): \(String(cString: avifResultToString(result)))")
    }
}
