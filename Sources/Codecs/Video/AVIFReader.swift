import CAVIF

/// An animated AVIF read back through libavif, with whichever AV1 decoder it has (see
/// `AnimationReader`).
public final class AVIFReader: AnimationReader {
    public let width: Int
    public let height: Int
    private let bytes: PinnedBytes
    private var decoder: UnsafeMutablePointer<avifDecoder>?

    public init(_ file: [UInt8]) throws {
        bytes = PinnedBytes(file)
        guard let decoder = avifDecoderCreate() else { throw DecodeError.animation("libavif could not create a decoder") }
        self.decoder = decoder
        decoder.pointee.maxThreads = 1
        try AVIFReader.check(avifDecoderSetIOMemory(decoder, bytes.pointer.baseAddress, bytes.count))
        try AVIFReader.check(avifDecoderParse(decoder))
        width = Int(decoder.pointee.image.pointee.width)
        height = Int(decoder.pointee.image.pointee.height)
    }

    deinit { if let decoder { avifDecoderDestroy(decoder) } }

    public func next() throws -> (start: Double, rgb: [UInt8])? {
        guard let decoder else { return nil }
        let result = avifDecoderNextImage(decoder)
        if result == AVIF_RESULT_NO_IMAGES_REMAINING { return nil }
        try AVIFReader.check(result)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var converted = AVIF_RESULT_OK
        rgb.withUnsafeMutableBufferPointer { pixels in
            var packed = avifRGBImage()
            avifRGBImageSetDefaults(&packed, decoder.pointee.image)
            packed.format = AVIF_RGB_FORMAT_RGB
            packed.depth = 8
            packed.rowBytes = UInt32(width * 3)
            packed.pixels = pixels.baseAddress
            converted = avifImageYUVToRGB(decoder.pointee.image, &packed)
        }
        try AVIFReader.check(converted)
        return (decoder.pointee.imageTiming.pts, rgb)
    }

    private static func check(_ result: avifResult) throws {
        guard result != AVIF_RESULT_OK else { return }
        throw DecodeError.animation("libavif: \(String(cString: avifResultToString(result)))")
    }
}
