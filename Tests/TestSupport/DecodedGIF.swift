import CGIF
import Codecs
import Foundation
import Raster

/// What the tests read back from a GIF file through giflib's own decoder (DGif).
public struct DecodedGIF {
    public struct Frame {
        public var delay: Int
        public var rgb: [UInt32]   // 0xRRGGBB per pixel
    }
    public var header: String
    public var width: Int, height: Int
    public var loopCount: Int?
    public var frames: [Frame]
    /// The rectangle each image of the file covers.
    public var areas: [PixelRect] = []
    /// Each image's transparent index, which leaves the pixel on screen as it was.
    public var transparentIndices: [Int?] = []
    /// Whether each image has a colour table of its own (else it uses the global one).
    public var localTables: [Bool] = []
    public var hasGlobalTable = false

    public init(path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        header = String(decoding: bytes.prefix(6), as: UTF8.self)
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw DecodeFailure(code: error) }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw DecodeFailure(code: gif.pointee.Error) }
        width = Int(gif.pointee.SWidth); height = Int(gif.pointee.SHeight)
        hasGlobalTable = gif.pointee.SColorMap != nil
        frames = []
        // Each image paints its rectangle over what is on screen (disposal: do not dispose), so a
        // frame is the whole screen after its image.
        var screen = [UInt32](repeating: 0, count: width * height)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[i]
            for k in 0..<Int(saved.ExtensionBlockCount) {
                let block = saved.ExtensionBlocks[k]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                   String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                   k + 1 < Int(saved.ExtensionBlockCount) {
                    let sub = saved.ExtensionBlocks[k + 1]
                    loopCount = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8
                }
            }
            var gcb = GraphicsControlBlock()
            guard DGifSavedExtensionToGCB(gif, Int32(i), &gcb) == GIF_OK else { throw DecodeFailure(code: -1) }
            let desc = saved.ImageDesc
            localTables.append(desc.ColorMap != nil)
            let map = (desc.ColorMap ?? gif.pointee.SColorMap)!.pointee
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            areas.append(PixelRect(x: left, y: top, width: w, height: h))
            transparentIndices.append(gcb.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(gcb.TransparentColor))
            guard left + w <= width, top + h <= height else { throw DecodeFailure(code: -2) }
            for y in 0..<h {
                for x in 0..<w {
                    let index = Int(saved.RasterBits[y * w + x])
                    // The transparent index leaves what the screen shows.
                    if index == Int(gcb.TransparentColor) { continue }
                    let c = map.Colors[index]
                    screen[(top + y) * width + left + x] = UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                }
            }
            frames.append(Frame(delay: Int(gcb.DelayTime), rgb: screen))
        }
    }
}

public struct DecodeFailure: Error { public let code: Int32 }

/// A GIF written to a file, for tests: a `GIFWriter` whose bytes `finish()` saves at `path`.
public final class GIFFile {
    public let writer: GIFWriter
    private let path: String
    private let bytes: Bytes

    private final class Bytes { var data = Data() }

    public init(path: String, width: Int, height: Int, quality: Int = 100, shared: [UInt32]? = nil) throws {
        let bytes = Bytes()
        self.bytes = bytes
        self.path = path
        writer = try GIFWriter(width: width, height: height, quality: quality, shared: shared) { bytes.data.append(contentsOf: $0) }
    }

    public func addFrame(_ bitmap: Bitmap, delay: Int) throws { try writer.addFrame(bitmap, delay: delay) }

    /// Writes `frames` (3 cs each) to a temporary GIF and reads it back: what giflib decodes, and
    /// the file's size.
    public static func roundTrip(_ frames: [Bitmap], quality: Int = 100, shared: [UInt32]? = nil) throws -> (DecodedGIF, Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFFile(path: path, width: frames[0].width, height: frames[0].height, quality: quality, shared: shared)
        for b in frames { try writer.addFrame(b, delay: 3) }
        try writer.finish()
        return (try DecodedGIF(path: path), try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
    }

    public func finish() throws {
        try writer.finish()
        try bytes.data.write(to: URL(fileURLWithPath: path))
    }
}
