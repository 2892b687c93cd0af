/// An image reduced to a palette, with how far each pixel's palette colour is from its own.
///
/// Invariant: `errors[i]` is `LossyMatch.distance` from pixel i's palette colour to the colour it
/// was quantized from where that is below 255, and 255 where it is 255 or more; `errorSum` is the
/// sum of the whole distances.
public struct Quantized: Sendable {
    public let image: IndexedImage
    let errors: [UInt8]
    let errorSum: Int

    /// An image whose every pixel is its exact palette colour.
    init(exact image: IndexedImage) {
        self.image = image
        errors = [UInt8](repeating: 0, count: image.indices.count)
        errorSum = 0
    }

    init(image: IndexedImage, errors: [UInt8], errorSum: Int) {
        precondition(errors.count == image.indices.count)
        self.image = image
        self.errors = errors
        self.errorSum = errorSum
    }
}
