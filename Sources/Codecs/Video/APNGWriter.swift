import CFFmpeg
import CFFmpegLoader

/// Writes an animated PNG through FFmpeg's `apng` encoder and muxer (Debian's libpng has no APNG
/// API).
///
/// - Every frame is lossless straight RGBA, as a PNG frame of the same pixels: decoded, frame i
///   of the file is frame i given.
/// - Frame i is shown at i / fps seconds, the last one for 1 / fps; the file loops forever.
/// - The bytes go through `write` in order, as the muxer makes them, so the file can be held in
///   memory or streamed into a file. The muxer fills in the frame count by seeking back, which a
///   stream cannot do; the writer knows the count from the start and writes it into the
///   animation control chunk on its way out.
/// - The encoder runs on one thread, so the bytes do not depend on the number of cores.
/// - Every failure becomes a thrown error: `write`'s own, or `EncodeError.apng` with FFmpeg's message.
public final class APNGWriter {
    public let width: Int
    public let height: Int
    public let frameCount: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var next = 0
    /// The file's first bytes, held until the animation control chunk has passed; nil after.
    private var head: [UInt8]? = []
    /// What `write` threw, which FFmpeg saw only as a failed write.
    private var failure: Error?

    /// Why APNG cannot be written on this machine, or nil when it can.
    public static var unavailable: String? {
        if let failure = scrollreel_ffmpeg_load() { return "FFmpeg's libraries could not be loaded: \(String(cString: failure))" }
        return avcodec_find_encoder_by_name("apng") == nil ? "this FFmpeg has no APNG encoder" : nil
    }

    /// - Parameters:
    ///   - frameCount: how many frames `addFrame` will be given.
    ///   - write: takes the file's bytes in order.
    public init(width: Int, height: Int, fps: Int, frameCount: Int,
                write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "APNG")
        }
        precondition((1...1000).contains(fps) && frameCount >= 1)
        // Before any stored property has its value: `deinit` calls FFmpeg.
        if let why = APNGWriter.unavailable { throw EncodeError.apng(why) }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.write = write
        av_log_set_level(AV_LOG_QUIET)

        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&format, nil, "apng", nil), "choosing the muxer")
        guard let format else { throw EncodeError.apng("could not allocate the muxer") }
        self.format = format
        let codec = avcodec_find_encoder_by_name("apng")
        guard let encoder = avcodec_alloc_context3(codec) else { throw EncodeError.apng("could not allocate the encoder") }
        self.encoder = encoder
        guard let stream = avformat_new_stream(format, nil) else { throw EncodeError.apng("could not add the video stream") }
        self.stream = stream
        encoder.pointee.width = Int32(width)
        encoder.pointee.height = Int32(height)
        encoder.pointee.pix_fmt = AV_PIX_FMT_RGBA
        encoder.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        encoder.pointee.framerate = AVRational(num: Int32(fps), den: 1)
        encoder.pointee.thread_count = 1
        encoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        format.pointee.flags |= AVFMT_FLAG_BITEXACT | AVFMT_FLAG_CUSTOM_IO
        // Each row filtered by whichever of PNG's predictors suits it, as libpng chooses: without
        // prediction the file is several times larger.
        try check(av_opt_set(encoder.pointee.priv_data, "pred", "mixed", 0), "choosing the row filters")
        try check(avcodec_open2(encoder, codec, nil), "opening the APNG encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "describing the stream")
        stream.pointee.time_base = encoder.pointee.time_base

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw EncodeError.apng("could not allocate a frame")
        }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = AV_PIX_FMT_RGBA.rawValue
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        try check(av_frame_get_buffer(picture, 0), "allocating a frame")

        let size = 1 << 16
        guard let buffer = av_malloc(size)?.assumingMemoryBound(to: UInt8.self),
              let io = avio_alloc_context(buffer, Int32(size), 1, Unmanaged.passUnretained(self).toOpaque(), nil,
                                          APNGWriter.received, nil) else {
            throw EncodeError.apng("could not allocate the output buffer")
        }
        self.io = io
        format.pointee.pb = io
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        try check(av_dict_set(&options, "plays", "0", 0), "asking for a loop")
        try check(avformat_write_header(format, &options), "writing the header")
    }

    deinit { release() }

    /// Adds the next frame: straight RGBA8, `width × height × 4` bytes.
    public func addFrame(straight: [UInt8]) throws {
        precondition(straight.count == width * height * 4, "frame size differs from the animation's")
        guard let encoder, let picture else { throw EncodeError.apng("writer already finished") }
        precondition(next < frameCount, "more frames than the animation was made for")
        try check(av_frame_make_writable(picture), "preparing a frame")
        let row = width * 4, stride = Int(picture.pointee.linesize.0)
        if let plane = picture.pointee.data.0 {
            straight.withUnsafeBufferPointer { source in
                for y in 0..<height { (plane + y * stride).update(from: source.baseAddress! + y * row, count: row) }
            }
        }
        picture.pointee.pts = Int64(next)
        next += 1
        try check(avcodec_send_frame(encoder, picture), "encoding a frame")
        try drain()
    }

    /// Flushes the encoder and writes the rest of the file.
    public func finish() throws {
        guard let encoder, let format else { return }
        precondition(next == frameCount, "\(next) frames given to an animation of \(frameCount)")
        try check(avcodec_send_frame(encoder, nil), "flushing the encoder")
        try drain()
        try check(av_write_trailer(format), "writing the end of the file")
        if let rest = head {
            head = nil
            try rest.withUnsafeBytes(write)
        }
        release()
    }

    /// Writes every packet the encoder has ready.
    private func drain() throws {
        guard let encoder, let format, let packet, let stream else { return }
        try FFmpegPackets.drain(encoder, into: format, stream: stream, packet: packet, check: check)
    }

    /// FFmpeg's output callback: the bytes go to `write`, or a failure is kept to be thrown.
    private static let received: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, bytes, count in
        let writer = Unmanaged<APNGWriter>.fromOpaque(opaque!).takeUnretainedValue()
        do {
            try writer.take(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
            return count
        } catch {
            writer.failure = error
            return -EIO
        }
    }

    /// Passes bytes on, once the animation control chunk is among them with the frame count in it.
    private func take(_ bytes: UnsafeRawBufferPointer) throws {
        guard head != nil else { return try write(bytes) }
        head! += bytes
        guard APNGWriter.countFrames(frameCount, in: &head!) else { return }
        let ready = head!
        head = nil
        try ready.withUnsafeBytes(write)
    }

    /// Writes `count` into the `acTL` chunk of a PNG file's start, with its CRC; true once the
    /// chunk, or image data before any, has been seen (a single frame is a plain PNG), false when
    /// more bytes are needed to tell.
    static func countFrames(_ count: Int, in file: inout [UInt8]) -> Bool {
        var at = 8
        while at + 8 <= file.count {
            let length = file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
            if type == "IDAT" || type == "fcTL" { return true }
            guard at + 12 + length <= file.count else { return false }
            if type == "acTL" {
                for k in 0..<4 { file[at + 8 + k] = UInt8(truncatingIfNeeded: count >> (24 - 8 * k)) }
                let typeAndData = Array(file[at + 4..<at + 8 + length])
                let crc = ~typeAndData.withUnsafeBufferPointer { av_crc(av_crc_get_table(AV_CRC_32_IEEE_LE), ~0, $0.baseAddress, $0.count) }
                for k in 0..<4 { file[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
                return true
            }
            at += 12 + length
        }
        return false
    }

    private func release() {
        av_frame_free(&picture)
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        stream = nil
        if let format {
            format.pointee.pb = nil
            avformat_free_context(format)
            self.format = nil
        }
        if io != nil {
            av_freep(&io!.pointee.buffer)
            avio_context_free(&io)
        }
    }

    /// A failure of `write` comes first: FFmpeg saw it only as a failed write.
    private func check(_ result: Int32, _ doing: String) throws {
        if let failure { throw failure }
        try FFmpegStatus.check(result, doing, systemError: { EncodeError.apng("\(doing): \(FFmpegStatus.message(-$0))") },
                               failure: EncodeError.apng)
    }
}
