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
/// bits (as gifski does). The LZW codes are ScrollReel's own (`LZWEncoder`, lossy within the
/// bounds of `GIFQuality`), handed to giflib as image data. Every frame is still written,
/// so decoders count as many frames as were added. Every giflib error code becomes an
/// `EncodeError.gif` carrying giflib's message, and an error thrown by the sink is rethrown as it
/// was. Call `finish()` to write the trailer; without it the output is incomplete.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    public let quality: Int
    public let shared: [UInt32]?
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink: ByteSink
    /// The colour of every pixel on screen after the last frame, 0xRRGGBB; empty before the first.
    private var shown: [UInt32] = []
    /// The squared RGB distance from its true colour a pixel may take in lossy LZW.
    private let tolerance: Int
    private var encoder = LZWEncoder()

    /// - Parameter write: receives the file's bytes in order; what it throws ends the GIF.
    /// - Parameter quality: 1…100; below 100, LZW may trade a bounded error per pixel for size
    ///   (see `GIFQuality`). Frames must be prepared at the same quality.
    /// - Parameter shared: a palette for every frame (see `SharedPalette`), stored once as the
    ///   global colour table; frames must be prepared with it.
    public init(width: Int, height: Int, quality: Int = 100, shared: [UInt32]? = nil, write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "GIF")
        }
        self.width = width
        self.height = height
        self.quality = quality
        self.shared = shared
        tolerance = GIFQuality(quality).tolerance
        sink = ByteSink(write)
        var error: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), GIFWriter.output, &error)
        guard let gif else { throw GIFWriter.error(error) }
        // Must precede the screen descriptor, or the header says GIF87a.
        EGifSetGifVersion(gif, true)
        if let shared {
            precondition((1...Quantizer.maxColors).contains(shared.count))
            let map = try GIFWriter.colourMap(shared, transparent: true)
            defer { GifFreeMapObject(map) }
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map))
        } else {
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        }
        try putLoopForever(gif)
    }

    deinit {
        if let gif { var error: Int32 = 0; EGifCloseFile(gif, &error) }
    }

    /// Appends one frame shown for `delay` centiseconds.
    public func addFrame(_ bitmap: Bitmap, delay: Int) throws {
        try addFrame(GIFWriter.prepare(bitmap, quality: quality, shared: shared), delay: delay)
    }

    /// A frame as GIF stores it at `quality`: flattened onto white and quantized, with the colour
    /// each pixel shows and the colour it should show. Independent of other frames, so frames can
    /// be prepared on several threads and appended in order, which leaves only the comparison with
    /// the previous frame and the LZW coding to the writer.
    ///
    /// With a `shared` palette, the frame takes it instead of its own when its squared error over
    /// the frame is at most `sharedErrorAllowance` times its own palette's plus `sharedErrorFloor`
    /// per pixel (a 10% larger error costs 0.4 dB on that frame, and saves a colour table and
    /// every unchanged pixel).
    public static func prepare(_ bitmap: Bitmap, quality: Int = 100, shared: [UInt32]? = nil) -> GIFFrame {
        let flat = flattenOnWhite(bitmap)
        let spread = GIFQuality(quality).spread
        let own = Quantizer.quantize(width: bitmap.width, height: bitmap.height, rgb: flat, spread: spread)
        let ownColours = colours(own)
        if let shared {
            let common = Quantizer.map(width: bitmap.width, height: bitmap.height, rgb: flat, palette: shared, spread: spread)
            let commonColours = colours(common)
            if squaredError(commonColours, flat) * 10 <= squaredError(ownColours, flat) * sharedErrorAllowance + flat.count * sharedErrorFloor {
                return GIFFrame(image: common, colours: commonColours, truth: flat, usesShared: true)
            }
        }
        return GIFFrame(image: own, colours: ownColours, truth: flat, usesShared: false)
    }

    /// In tenths: how much more squared error than its own palette a frame accepts from the shared one.
    static let sharedErrorAllowance = 11
    /// In tenths, per pixel: squared error a frame accepts from the shared palette in any case.
    static let sharedErrorFloor = 1

    /// The palette colour of every pixel.
    private static func colours(_ image: IndexedImage) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: image.indices.count) { out, count in
            image.palette.withUnsafeBufferPointer { palette in
                image.indices.withUnsafeBufferPointer { indices in
                    for i in 0..<indices.count { out[i] = palette[Int(indices[i])] }
                }
            }
            count = image.indices.count
        }
    }

    /// The sum of `LossyMatch.distance` over the pixels, on colours rather than indices, two pixels
    /// to a vector (`LossyMatch.squaredDifferences` of their bytes), summed in 32-bit lanes that are
    /// emptied into the total before they can overflow.
    private static func squaredError(_ shown: [UInt32], _ truth: [UInt32]) -> Int {
        precondition(shown.count == truth.count)
        return shown.withUnsafeBytes { a in
            truth.withUnsafeBytes { b in
                let pairs = shown.count / 2
                var total = 0, pair = 0
                while pair < pairs {
                    // 2 × 4 lanes of at most 255² each: 32,768 steps stay below 2³².
                    let end = min(pairs, pair + 32_768)
                    var lanes = SIMD8<UInt32>()
                    while pair < end {
                        let x = a.loadUnaligned(fromByteOffset: pair &* 8, as: SIMD8<UInt8>.self)
                        let y = b.loadUnaligned(fromByteOffset: pair &* 8, as: SIMD8<UInt8>.self)
                        lanes &+= LossyMatch.squaredDifferences(x, y)
                        pair &+= 1
                    }
                    for k in 0..<8 { total += Int(lanes[k]) }
                }
                if shown.count % 2 == 1 { total += LossyMatch.distance(shown[shown.count - 1], truth[shown.count - 1]) }
                return total
            }
        }
    }

    /// Appends one prepared frame shown for `delay` centiseconds.
    public func addFrame(_ frame: GIFFrame, delay: Int) throws {
        let indexed = frame.image
        precondition(indexed.width == width && indexed.height == height, "frame size differs from the GIF")
        precondition(!frame.usesShared || indexed.palette == shared!, "frame prepared for another shared palette")
        guard let gif else { throw EncodeError.gif(code: 0, message: "writer already finished") }
        let area = changedArea(frame)
        // Over a previous frame, the index one past the palette can mean "keep what is there".
        // That turns still areas into runs of one index, but among dither noise it breaks LZW's
        // patterns instead, so each frame takes whichever form codes smaller, judged on a
        // sample: every eighth band of 16 rows.
        // A small area is judged whole: the winning trial is then the frame's coding.
        var unchanged: Int?
        var coded: (codes: [UInt8], shown: [UInt8])?
        if !shown.isEmpty {
            let sample = area.height >= 128 ? 8 : 1
            let plain = code(frame, area, unchanged: nil, bands: sample)
            let kept = code(frame, area, unchanged: indexed.palette.count, bands: sample)
            if kept.codes.count < plain.codes.count { unchanged = indexed.palette.count }
            if sample == 1 { coded = unchanged == nil ? plain : kept }
        }
        let chosen = coded ?? code(frame, area, unchanged: unchanged)
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(2, min(65535, delay))),
                                           TransparentColor: Int32(unchanged ?? Int(NO_TRANSPARENT_COLOR)))
        var block = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &block)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block))
        // A frame on the shared palette uses the global colour table.
        let map = frame.usesShared ? nil : try GIFWriter.colourMap(indexed.palette, transparent: unchanged != nil)
        defer { if let map { GifFreeMapObject(map) } }
        try check(EGifPutImageDesc(gif, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), false, map))
        try putCodes(chosen.codes, gif)
        remember(chosen.shown, area, palette: indexed.palette, unchanged: unchanged)
    }

    /// The LZW codes of what a frame stores in `area`, row by row, and the indices a decoder will
    /// read back (the stored ones unless lossy). With `unchanged`, that index wherever the screen
    /// already shows an acceptable colour. With `bands` = k, only every k-th band of 16 rows.
    private func code(_ frame: GIFFrame, _ area: PixelRect, unchanged: Int?, bands: Int = 1) -> (codes: [UInt8], shown: [UInt8]) {
        let rows = (area.y..<area.maxY).filter { ($0 - area.y) / 16 % bands == 0 }
        var indices = stored(frame, area, rows: rows, unchanged: unchanged)
        let truth = GIFWriter.gather(frame.truth, area, rows: rows, width: width)
        let behind = unchanged == nil ? [] : GIFWriter.gather(shown, area, rows: rows, width: width)
        let codeSize = GIFWriter.codeSize(frame.image.palette.count, transparent: unchanged != nil || frame.usesShared)
        let codes = frame.image.palette.withUnsafeBufferPointer { palette in
            truth.withUnsafeBufferPointer { truth in
                behind.withUnsafeBufferPointer { behind in
                    encoder.encode(&indices, codeSize: codeSize,
                                   lossy: LossyMatch(palette: palette, transparent: unchanged ?? 256, truth: truth, behind: behind,
                                                     tolerance: tolerance))
                }
            }
        }
        return (codes, indices)
    }

    /// The indices a frame stores in `rows` of `area`, in order; with `unchanged`, that index
    /// wherever the screen already shows an acceptable colour (see `acceptable`).
    private func stored(_ frame: GIFFrame, _ area: PixelRect, rows: [Int], unchanged: Int?) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rows.count * area.width) { out, count in
            frame.image.indices.withUnsafeBufferPointer { indices in
                guard let unchanged else {
                    for (k, row) in rows.enumerated() {
                        let start = row * width + area.x
                        UnsafeMutableRawPointer(out.baseAddress! + k * area.width)
                            .copyMemory(from: indices.baseAddress! + start, byteCount: area.width)
                    }
                    return
                }
                frame.colours.withUnsafeBufferPointer { colours in
                    frame.truth.withUnsafeBufferPointer { truth in
                        shown.withUnsafeBufferPointer { shown in
                            var k = 0
                            for row in rows {
                                for i in row * width + area.x..<row * width + area.maxX {
                                    let keep = GIFWriter.acceptable(shown[i], for: truth[i], quantized: colours[i], tolerance: tolerance)
                                    out[k] = keep ? UInt8(unchanged) : indices[i]
                                    k += 1
                                }
                            }
                        }
                    }
                }
            }
            count = rows.count * area.width
        }
    }

    /// The values of `rows` of `area` in a full-frame array, in order.
    private static func gather(_ values: [UInt32], _ area: PixelRect, rows: [Int], width: Int) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(rows.count * area.width)
        for row in rows { out += values[row * width + area.x..<row * width + area.maxX] }
        return out
    }

    /// Updates what the screen shows after a frame stored `indices` in `area`.
    private func remember(_ indices: [UInt8], _ area: PixelRect, palette: [UInt32], unchanged: Int?) {
        if shown.isEmpty { shown = [UInt32](repeating: 0, count: width * height) }
        let kept = unchanged ?? 256
        shown.withUnsafeMutableBufferPointer { shown in
            indices.withUnsafeBufferPointer { indices in
                palette.withUnsafeBufferPointer { palette in
                    var k = 0
                    for row in area.y..<area.maxY {
                        for i in row * width + area.x..<row * width + area.maxX {
                            let index = Int(indices[k])
                            if index != kept { shown[i] = palette[index] }
                            k += 1
                        }
                    }
                }
            }
        }
    }

    /// Writes LZW codes as an image's data: GIF's sub-blocks of at most 255 bytes, then an empty one.
    private func putCodes(_ codes: [UInt8], _ gif: UnsafeMutablePointer<GifFileType>) throws {
        var block = [GifByteType](repeating: 0, count: 256)
        var start = 0
        while start < codes.count {
            let n = min(255, codes.count - start)
            block[0] = GifByteType(n)
            for j in 0..<n { block[1 + j] = codes[start + j] }
            // The code size byte went out with the image descriptor.
            try check(start == 0 ? EGifPutCode(gif, 0, block) : EGifPutCodeNext(gif, block))
            start += n
        }
        try check(EGifPutCodeNext(gif, nil))
    }

    /// LZW's starting code size for a colour table: the table's bits, at least 2, as GIF requires
    /// and giflib writes in the image descriptor.
    private static func codeSize(_ colours: Int, transparent: Bool) -> Int {
        var bits = 1
        while 1 << bits < colours + (transparent ? 1 : 0) { bits += 1 }
        return max(2, bits)
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

    /// giflib's output callback: hands the bytes to the file's `ByteSink`.
    private static let output: OutputFunc = { file, bytes, length in
        guard let file, let bytes, let user = file.pointee.UserData else { return 0 }
        return Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue().write(bytes, Int(length))
    }

    /// The smallest rectangle holding every pixel that must change: its colour differs from what
    /// is on screen, and what is on screen is farther from the pixel's true colour than the
    /// tolerance and than its quantized colour (so a pixel that already shows an acceptable
    /// colour keeps it, as lossy LZW would let it). The whole frame for the first one, and one
    /// pixel (GIF has no empty image) when nothing must change.
    private func changedArea(_ frame: GIFFrame) -> PixelRect {
        guard shown.count == frame.colours.count else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var minX = width, minY = height, maxX = -1, maxY = -1
        shown.withUnsafeBufferPointer { old in
            frame.colours.withUnsafeBufferPointer { new in
                frame.truth.withUnsafeBufferPointer { truth in
                    // Two pixels at a time from each end of a row: most rows of a moving frame differ
                    // near their start, and most rows of a still one not at all.
                    let a = UnsafeRawPointer(old.baseAddress!), b = UnsafeRawPointer(new.baseAddress!)
                    @inline(__always) func pairDiffers(_ i: Int) -> Bool {
                        a.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
                    }
                    @inline(__always) func keeps(_ i: Int) -> Bool {
                        GIFWriter.acceptable(old[i], for: truth[i], quantized: new[i], tolerance: tolerance)
                    }
                    for y in 0..<height {
                        let row = y * width
                        var first = 0
                        while first < width {
                            while first + 2 <= width && !pairDiffers(row + first) { first += 2 }
                            if first < width && keeps(row + first) { first += 1 } else { break }
                        }
                        guard first < width else { continue }
                        var last = width - 1
                        while last > first {
                            while last - 1 > first && !pairDiffers(row + last - 1) { last -= 2 }
                            if keeps(row + last) { last -= 1 } else { break }
                        }
                        minX = min(minX, first); maxX = max(maxX, last)
                        minY = min(minY, y); maxY = y
                    }
                }
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Whether showing `colour` where the true colour is `truth` is within the bound of lossy
    /// LZW (see `LossyMatch`): no farther than the tolerance, or than the quantized colour (so
    /// the quantized colour itself always is; checked first, as most pixels that stay show it).
    @inline(__always)
    static func acceptable(_ colour: UInt32, for truth: UInt32, quantized: UInt32, tolerance: Int) -> Bool {
        if colour == quantized { return true }
        let d = LossyMatch.distance(colour, truth)
        return d <= tolerance || d <= LossyMatch.distance(quantized, truth)
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
    ///
    /// Each pixel is one little-endian word, r | g << 8 | b << 16 | a << 24: adding 255 − a to
    /// its three low bytes at once cannot carry, since c ≤ a; then red and blue trade places.
    /// Wrapping operations only, so that the loop vectorizes.
    static func flattenOnWhite(_ bitmap: Bitmap) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: bitmap.width * bitmap.height) { o, count in
            bitmap.pixels.withUnsafeBytes { bytes in
                let p = bytes.baseAddress!
                for i in 0..<o.count {
                    let v = p.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                    let w = (v &+ (255 &- (v >> 24)) &* 0x01_01_01) & 0xFF_FF_FF
                    o[i] = (w & 0xFF) << 16 | (w & 0xFF00) | w >> 16
                }
            }
            count = o.count
        }
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
    /// 0xRRGGBB per pixel before quantization.
    let truth: [UInt32]
    /// Whether `image` is on the writer's shared palette.
    let usesShared: Bool
}
