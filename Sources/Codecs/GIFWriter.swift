import CGIF
import Raster

/// Writes an animated GIF89a, frame by frame, to a byte sink such as a file: a NETSCAPE2.0 block that loops forever,
/// then for each frame a graphics control block with its delay and an image with its own palette.
///
/// Frames are flattened onto white (GIF has no partial transparency) and quantized by `Quantizer`.
/// After the first, each frame stores only the rectangle whose shown colours changed; the rest of
/// the screen keeps the previous frame (disposal "do not dispose"), so what every frame shows is
/// unchanged while still scenes and small changes cost a few bytes. Inside that rectangle, a pixel
/// that shows the colour it already showed gets the frame's transparent index, one past its
/// palette, so that what did not change becomes long runs of one index, which LZW stores in few
/// bits (as gifski does). Every frame is still written,
/// so decoders count as many frames as were added. Every giflib error code becomes an
/// `EncodeError.gif` carrying giflib's message, and an error thrown by the sink is rethrown as it
/// was. Call `finish()` to write the trailer; without it the output is incomplete.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink: ByteSink
    /// The colour of every pixel on screen after the last frame, 0xRRGGBB; empty before the first.
    private var shown: [UInt32] = []

    /// - Parameter write: receives the file's bytes in order; what it throws ends the GIF.
    public init(width: Int, height: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "GIF")
        }
        self.width = width
        self.height = height
        sink = ByteSink(write)
        var error: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), GIFWriter.output, &error)
        guard let gif else { throw GIFWriter.error(error) }
        // Must precede the screen descriptor, or the header says GIF87a.
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        try putLoopForever(gif)
    }

    deinit {
        if let gif { var error: Int32 = 0; EGifCloseFile(gif, &error) }
    }

    /// Appends one frame shown for `delay` centiseconds.
    public func addFrame(_ bitmap: Bitmap, delay: Int) throws {
        try addFrame(GIFWriter.prepare(bitmap), delay: delay)
    }

    /// A frame as GIF stores it: flattened onto white and quantized, with the colour each pixel
    /// shows. Independent of other frames, so frames can be prepared on several threads and
    /// appended in order, which leaves only the comparison with the previous frame and the LZW
    /// coding to the writer.
    public static func prepare(_ bitmap: Bitmap) -> GIFFrame {
        let image = Quantizer.quantize(width: bitmap.width, height: bitmap.height, rgb: flattenOnWhite(bitmap))
        return GIFFrame(image: image, colours: image.indices.map { image.palette[Int($0)] })
    }

    /// Appends one prepared frame shown for `delay` centiseconds.
    public func addFrame(_ frame: GIFFrame, delay: Int) throws {
        let indexed = frame.image
        precondition(indexed.width == width && indexed.height == height, "frame size differs from the GIF")
        guard let gif else { throw EncodeError.gif(code: 0, message: "writer already finished") }
        let area = changedArea(frame.colours)
        // Over a previous frame, the index one past the palette can mean "keep what is there".
        // That turns still areas into runs of one index, but among dither noise it breaks LZW's
        // patterns instead, so each frame takes whichever form giflib compresses smaller, judged
        // on a sample: every eighth band of 16 rows.
        var unchanged: Int?
        if !shown.isEmpty {
            let sample = area.height >= 128 ? 8 : 1
            let plain = try GIFWriter.compressedSize(stored(frame, area, unchanged: nil, bands: sample), area,
                                                     palette: indexed.palette, transparent: false)
            let kept = try GIFWriter.compressedSize(stored(frame, area, unchanged: indexed.palette.count, bands: sample), area,
                                                    palette: indexed.palette, transparent: true)
            if kept < plain { unchanged = indexed.palette.count }
        }
        var pixels = stored(frame, area, unchanged: unchanged)
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(2, min(65535, delay))),
                                           TransparentColor: Int32(unchanged ?? Int(NO_TRANSPARENT_COLOR)))
        var block = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &block)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block))
        let map = try GIFWriter.colourMap(indexed.palette, transparent: unchanged != nil)
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), false, map))
        try check(EGifPutLine(gif, &pixels, Int32(pixels.count)))
        shown = frame.colours
    }

    /// The indices a frame stores in `area`, row by row; with `unchanged`, that index wherever a
    /// pixel shows the colour already on screen. With `bands` = k, only every k-th band of 16 rows.
    private func stored(_ frame: GIFFrame, _ area: PixelRect, unchanged: Int?, bands: Int = 1) -> [GifByteType] {
        let rows = (area.y..<area.maxY).filter { ($0 - area.y) / 16 % bands == 0 }
        return [GifByteType](unsafeUninitializedCapacity: rows.count * area.width) { out, count in
            frame.image.indices.withUnsafeBufferPointer { indices in
                frame.colours.withUnsafeBufferPointer { colours in
                    shown.withUnsafeBufferPointer { shown in
                        var k = 0
                        for row in rows {
                            let start = row * width + area.x
                            if let unchanged {
                                let mark = GifByteType(unchanged)
                                for i in start..<start + area.width {
                                    out[k] = colours[i] == shown[i] ? mark : indices[i]
                                    k += 1
                                }
                            } else {
                                UnsafeMutableRawPointer(out.baseAddress! + k)
                                    .copyMemory(from: indices.baseAddress! + start, byteCount: area.width)
                                k += area.width
                            }
                        }
                    }
                }
            }
            count = rows.count * area.width
        }
    }

    /// A colour table for `palette`, plus a slot for the transparent index; GIF wants a
    /// power-of-two size, and the entries past the palette stay black.
    private static func colourMap(_ palette: [UInt32], transparent: Bool) throws -> UnsafeMutablePointer<ColorMapObject> {
        var size = 2
        while size < palette.count + (transparent ? 1 : 0) { size *= 2 }
        let colors = (0..<size).map { i -> GifColorType in
            let c = i < palette.count ? palette[i] : 0
            return GifColorType(Red: UInt8(c >> 16), Green: UInt8((c >> 8) & 0xFF), Blue: UInt8(c & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw EncodeError.gif(code: Int32(E_GIF_ERR_NOT_ENOUGH_MEM), message: "GifMakeMapObject failed")
        }
        return map
    }

    /// How many bytes giflib's LZW makes of an image `area.width` wide: a trial GIF written to a
    /// byte counter.
    private static func compressedSize(_ pixels: [GifByteType], _ area: PixelRect, palette: [UInt32],
                                       transparent: Bool) throws -> Int {
        let rows = pixels.count / area.width
        var count = 0
        let sink = ByteSink { count += $0.count }
        var error: Int32 = 0
        guard let trial = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), GIFWriter.output, &error) else {
            throw GIFWriter.error(error)
        }
        defer { EGifCloseFile(trial, &error) }
        let map = try colourMap(palette, transparent: transparent)
        defer { GifFreeMapObject(map) }
        var line = pixels
        guard EGifPutScreenDesc(trial, Int32(area.width), Int32(rows), 8, 0, nil) == GIF_OK,
              EGifPutImageDesc(trial, 0, 0, Int32(area.width), Int32(rows), false, map) == GIF_OK,
              EGifPutLine(trial, &line, Int32(line.count)) == GIF_OK else { throw GIFWriter.error(trial.pointee.Error) }
        return count
    }

    /// giflib's output callback: hands the bytes to the file's `ByteSink`.
    private static let output: OutputFunc = { file, bytes, length in
        guard let file, let bytes, let user = file.pointee.UserData else { return 0 }
        return Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue().write(bytes, Int(length))
    }

    /// The smallest rectangle holding every pixel whose colour differs from what is on screen: the
    /// whole frame for the first one, and one pixel (GIF has no empty image) when nothing changed.
    private func changedArea(_ colours: [UInt32]) -> PixelRect {
        guard shown.count == colours.count else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var minX = width, minY = height, maxX = -1, maxY = -1
        shown.withUnsafeBufferPointer { old in
            colours.withUnsafeBufferPointer { new in
                // Two pixels at a time from each end of a row: most rows of a moving frame differ
                // near their start, and most rows of a still one not at all.
                let a = UnsafeRawPointer(old.baseAddress!), b = UnsafeRawPointer(new.baseAddress!)
                @inline(__always) func pairDiffers(_ i: Int) -> Bool {
                    a.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
                }
                for y in 0..<height {
                    let row = y * width
                    var first = 0
                    while first + 2 <= width && !pairDiffers(row + first) { first += 2 }
                    while first < width && old[row + first] == new[row + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while last - 1 > first && !pairDiffers(row + last - 1) { last -= 2 }
                    while old[row + last] == new[row + last] { last -= 1 }
                    minX = min(minX, first); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Writes the trailer.
    public func finish() throws {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        let closed = EGifCloseFile(gif, &error)
        if let failure = sink.failure { throw failure }
        guard closed == GIF_OK else { throw GIFWriter.error(error) }
    }

    private func putLoopForever(_ gif: UnsafeMutablePointer<GifFileType>) throws {
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        var name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), &name))
        var loop: [GifByteType] = [1, 0, 0]   // sub-block 1, loop count 0 = forever
        try check(EGifPutExtensionBlock(gif, 3, &loop))
        try check(EGifPutExtensionTrailer(gif))
    }

    /// giflib reports a failed write as its own code; the sink's error says what really happened.
    private func check(_ result: Int32) throws {
        guard result == GIF_OK else { throw sink.failure ?? GIFWriter.error(gif?.pointee.Error ?? 0) }
    }

    private static func error(_ code: Int32) -> EncodeError {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "unknown error"
        return .gif(code: code, message: text)
    }

    /// Opaque 0xRRGGBB per pixel: premultiplied colour over white is c + (255 − a).
    static func flattenOnWhite(_ bitmap: Bitmap) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: bitmap.width * bitmap.height)
        bitmap.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<o.count {
                    let j = i * 4, white = 255 - UInt32(p[j + 3])
                    o[i] = (UInt32(p[j]) + white) << 16 | (UInt32(p[j + 1]) + white) << 8 | (UInt32(p[j + 2]) + white)
                }
            }
        }
        return out
    }
}

/// The destination of giflib's output callback, which cannot throw: the first error is kept,
/// and every write after it fails, so giflib stops and the writer rethrows that error.
final class ByteSink {
    private let body: (UnsafeRawBufferPointer) throws -> Void
    private(set) var failure: Error?

    init(_ body: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.body = body }

    /// Returns the number of bytes written, as giflib expects.
    func write(_ bytes: UnsafePointer<GifByteType>, _ count: Int) -> Int32 {
        guard failure == nil else { return 0 }
        do { try body(UnsafeRawBufferPointer(start: bytes, count: count)) } catch {
            failure = error
            return 0
        }
        return Int32(count)
    }
}

/// A frame ready for `GIFWriter.addFrame`: its indexed image and the colour each pixel shows.
public struct GIFFrame: Sendable {
    public let image: IndexedImage
    /// 0xRRGGBB per pixel: the palette entry of each index.
    let colours: [UInt32]
}
