import Raster

/// Deterministic pseudo-random premultiplied pixels, including translucent and clear ones.
public func noiseBitmap(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var state = seed
    var bytes: [UInt8] = []
    for _ in 0..<(width * height) {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt8(truncatingIfNeeded: state >> 56)
        let cap = UInt64(a) + 1
        bytes += [UInt8((state >> 8) % cap), UInt8((state >> 16) % cap), UInt8((state >> 24) % cap), a]
    }
    return Bitmap(width: width, height: height, premultiplied: bytes)!
}
