import Raster

/// PNG files as a renderer loads a scene's images (see `PNGCodec.decode`).
public struct PNGDecoder: ImageDecoder {
    public init() {}

    public func decode(_ bytes: [UInt8], maxPixels: Int) throws -> Bitmap { try PNGCodec.decode(bytes, maxPixels: maxPixels) }
}
