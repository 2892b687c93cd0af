import CGIF
import Raster

/// Writes an animated GIF89a, frame by frame, to a byte sink such as a file: a NETSCAPE2.0 block that loops forever,
/// then for each frame a graphics control block with its delay and an image with its own palette.
///
/// Frames are flattened onto white (GIF has no partial transparency) and quantized by `Quantizer`
/// (`prepare`, on any thread). After the first, each frame stores only the rectangle that must
/// change; the rest of the screen keeps the previous frame (disposal "do not dispose"), so still
/// scenes and small changes cost a few bytes. Inside that rectangle, a pixel that may keep what
/// the screen shows gets the frame's transparent index, one past its palette, so that what did not
/// change becomes long runs of one index, which LZW stores in few bits (as gifski does).
/// `planner` decides both, frame after frame in order; the LZW codes (`GIFPlan.coded()`, lossy
/// within the bounds of `GIFQuality`, on any thread) are ScrollReel's own, handed to giflib as
/// image data (`write`, in order). Every frame is still written, so decoders count as many frames
/// as were added. Every giflib error code becomes an `EncodeError.gif` carrying giflib's message,
/// and an error thrown by the sink is rethrown as it was. Call `finish()` to write the trailer;
/// without it the output is incomplete.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    public let quality: GIFQuality
    public let shared: [UInt32]?
    /// Decides what each frame stores; `plan` it frame by frame, in the order they are written.
    public let planner: GIFPlanner
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink: ByteSink

    /// - Parameter write: receives the file's bytes in order; what it throws ends the GIF.
    /// - Parameter quality: what the file trades for size (see `GIFQuality`); the default, that of
    ///   quality 100, trades nothing that the quantizer did not. Frames must be prepared at the
    ///   same quality.
    /// - Parameter shared: a palette for every frame (see `SharedPalette`), stored once as the
    ///   global colour table; frames must be prepared with it.
    public init(width: Int, height: Int, quality: GIFQuality = GIFQuality(100), shared: [UInt32]? = nil,
                write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "GIF")
        }
        self.width = width
        self.height = height
        self.quality = quality
        self.shared = shared
        planner = GIFPlanner(width: width, height: height, quality: quality)
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

    /// `init` at the `GIFQuality` of a quality of 1…100.
    public convenience init(width: Int, height: Int, quality: Int, shared: [UInt32]? = nil,
                            write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        try self.init(width: width, height: height, quality: GIFQuality(quality), shared: shared, write: write)
    }

    deinit {
        if let gif { var error: Int32 = 0; EGifCloseFile(gif, &error) }
    }

    /// Appends one frame shown for `delay` centiseconds: prepared, planned, coded and written here.
    public func addFrame(_ bitmap: Bitmap, delay: Int) throws {
        let frame = GIFWriter.prepare(bitmap, quality: quality, shared: shared)
        try write(planner.plan(frame).coded(), delay: delay)
    }

    /// A frame as GIF stores it at `quality`: flattened onto white (`OnWhite`) and quantized to
    /// its colours with its dither.
    /// Independent of other frames, so frames are prepared on several threads.
    ///
    /// With a `shared` palette, the frame takes it instead of its own when its squared error over
    /// the frame is at most `sharedErrorAllowance` times its own palette's plus `sharedErrorFloor`
    /// per pixel (a 10% larger error costs 0.4 dB on that frame, and saves a colour table and
    /// every unchanged pixel).
    public static func prepare(_ bitmap: Bitmap, quality: GIFQuality = GIFQuality(100), shared: [UInt32]? = nil) -> GIFFrame {
        let flat = RGBRows(bitmap)
        let spread = quality.spread
        let masking = quality.masking && quality.tolerance > 0 ? TextureMasking.weights(flat) : []
        let own = GIFFrame(Quantizer.quantize(flat, spread: spread, colors: quality.colors), bitmap: bitmap, usesShared: false,
                           masking: masking)
        guard let shared else { return own }
        // Mapping onto the shared palette stops once its error is too large for it to be taken.
        let allowed = own.errorSum * sharedErrorAllowance + bitmap.width * bitmap.height * sharedErrorFloor
        guard let common = Quantizer.map(flat, palette: shared, spread: spread, unlessErrorAbove: allowed / 10) else { return own }
        return GIFFrame(common, bitmap: bitmap, usesShared: true, masking: masking)
    }

    /// In tenths: how much more squared error than its own palette a frame accepts from the shared one.
    static let sharedErrorAllowance = 11
    /// In tenths, per pixel: squared error a frame accepts from the shared palette in any case.
    static let sharedErrorFloor = 1

    /// Appends one coded frame shown for `delay` centiseconds; frames are written in the order
    /// `planner` planned them.
    public func write(_ frame: GIFCodedFrame, delay: Int) throws {
        precondition(!frame.usesShared || frame.palette == shared!, "frame prepared for another shared palette")
        guard let gif else { throw EncodeError.gif(code: 0, message: "writer already finished") }
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(2, min(65535, delay))),
                                           TransparentColor: Int32(frame.transparent ?? Int(NO_TRANSPARENT_COLOR)))
        var block = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &block)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block))
        // A frame on the shared palette uses the global colour table.
        let map = frame.usesShared ? nil : try GIFWriter.colourMap(frame.palette, transparent: frame.transparent != nil)
        defer { if let map { GifFreeMapObject(map) } }
        let area = frame.area
        try check(EGifPutImageDesc(gif, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), false, map))
        try putCodes(frame.codes, gif)
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
