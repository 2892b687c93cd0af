/// Turns an image file's bytes into a bitmap: what a renderer needs of a codec to load a scene's
/// images, without knowing the codecs.
public protocol ImageDecoder: Sendable {
    /// The image, premultiplied; throws an error whose description says what is wrong with the
    /// file, or that it has more than `maxPixels` pixels.
    func decode(_ bytes: [UInt8], maxPixels: Int) throws -> Bitmap
}
