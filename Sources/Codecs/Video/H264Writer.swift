import CFFmpeg
import CFFmpegLoader

/// Writes H.264 through FFmpeg's libraries (libx264), in one of two kinds (see `Kind`): an MP4
/// preview, or the lossless video of a reference folder.
///
/// - Frame i of the file is shown at i / fps seconds; the file lasts frames / fps.
/// - The encoder runs on one thread, so the bytes do not depend on how many cores there are or
///   on `--jobs`.
/// - FFmpeg writes the file itself, by name. Every failure becomes a thrown error: a failed system
///   call through `systemError` (so the caller can word it for the user's path), anything else as
///   `EncodeError.h264` with FFmpeg's message.
public final class H264Writer {
    /// What the file is for.
    public enum Kind: Equatable, Sendable {
        /// An MP4 to watch: yuv420p in BT.709 colours at a constant rate factor for `quality`
        /// (1…100, nil is 80), and the index (`moov`) before the media (`+faststart`) so that a
        /// browser starts playing before the whole file has arrived. 4:2:0 needs an even width
        /// and height: an odd size gets one more column or row, a copy of the last, so nothing is
        /// cropped.
        case preview(quality: Int)
        /// A Matroska file that holds opaque frames exactly: RGB kept as RGB (libx264rgb) at
        /// quantizer 0, each frame predicted from earlier ones. Any size; no padding.
        case lossless
    }

    /// The frames' size.
    public let width: Int
    public let height: Int
    /// The size stored: the frames' size, rounded up to even for a preview.
    public let codedWidth: Int
    public let codedHeight: Int
    public let kind: Kind
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var scaler: OpaquePointer?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private let systemError: (Int32) -> Error
    private var next = 0

    /// A preview's quality without `--quality`: CRF 18.
    public static let defaultQuality = 80

    /// The x264 constant rate factor for a quality 1…100: 80 gives 18, which is visually lossless
    /// for most content, 1 gives 49, and above 80 each step buys more, up to 1 at 100, so that a
    /// size limit can be spent. (0 would be lossless, in a profile that browsers do not play.)
    static func rateFactor(quality: Int) -> Int {
        quality <= 80 ? 10 + (100 - quality) * 2 / 5 : 18 - ((quality - 80) * 17 + 10) / 20
    }

    /// How many earlier frames a lossless frame may be predicted from. A scroll brings back what
    /// was on screen several frames ago, so more references make the file much smaller (on the
    /// samples, 16 instead of 2 roughly halves it at @1x); x264 keeps each one as a full frame,
    /// so they are capped at about 192 MiB.
    static func referenceFrames(width: Int, height: Int) -> Int {
        min(16, max(2, 192 << 20 / (15 * width * height)))
    }

    /// Why H.264 cannot be written on this machine, or nil when it can: FFmpeg's libraries or
    /// libx264 are missing.
    public static var unavailable: String? {
        if let failure = scrollreel_ffmpeg_load() { return "FFmpeg's libraries could not be loaded: \(String(cString: failure))" }
        return avcodec_find_encoder_by_name("libx264rgb") == nil ? "this FFmpeg has no H.264 encoder (libx264)" : nil
    }

    /// - Parameters:
    ///   - path: the file FFmpeg creates and writes.
    ///   - kind: a preview MP4 or a lossless reference video.
    ///   - systemError: turns a failed system call's errno into the error to throw.
    public init(path: String, width: Int, height: Int, fps: Int, kind: Kind,
                systemError: @escaping (Int32) -> Error) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: kind == .lossless ? "H.264" : "MP4")
        }
        precondition((1...1000).contains(fps))
        // Before any stored property has its value: `deinit` calls FFmpeg, so it must not run
        // without it.
        if let failure = scrollreel_ffmpeg_load() {
            throw EncodeError.h264("FFmpeg's libraries could not be loaded: \(String(cString: failure))")
        }
        self.width = width
        self.height = height
        self.kind = kind
        let even = kind != .lossless
        codedWidth = even ? (width + 1) & ~1 : width
        codedHeight = even ? (height + 1) & ~1 : height
        self.systemError = systemError
        // Every stored property has its value from here on, so a failure below still runs
        // `deinit`, which frees whatever FFmpeg allocated so far.
        av_log_set_level(AV_LOG_QUIET)

        guard let codec = avcodec_find_encoder_by_name(even ? "libx264" : "libx264rgb") else {
            throw EncodeError.h264("this FFmpeg has no H.264 encoder (libx264)")
        }
        var format: UnsafeMutablePointer<AVFormatContext>?
        // The muxer keeps the name: with the index first, an MP4 is opened again by it at the end.
        try H264Writer.check(avformat_alloc_output_context2(&format, nil, even ? "mp4" : "matroska", H264Writer.fileURL(path)),
                             "choosing the muxer", systemError)
        guard let format else { throw EncodeError.h264("could not allocate the muxer") }
        self.format = format
        guard let encoder = avcodec_alloc_context3(codec) else { throw EncodeError.h264("could not allocate the encoder") }
        self.encoder = encoder
        guard let stream = avformat_new_stream(format, nil) else { throw EncodeError.h264("could not add the video stream") }
        self.stream = stream
        encoder.pointee.width = Int32(codedWidth)
        encoder.pointee.height = Int32(codedHeight)
        encoder.pointee.pix_fmt = even ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_RGB24
        encoder.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        encoder.pointee.framerate = AVRational(num: Int32(fps), den: 1)
        if even {
            encoder.pointee.color_range = AVCOL_RANGE_MPEG
            encoder.pointee.colorspace = AVCOL_SPC_BT709
            encoder.pointee.color_primaries = AVCOL_PRI_BT709
            encoder.pointee.color_trc = AVCOL_TRC_BT709
        }
        encoder.pointee.thread_count = 1
        encoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        format.pointee.flags |= AVFMT_FLAG_BITEXACT
        try check(av_opt_set(encoder.pointee.priv_data, "preset", "medium", 0), "setting the preset")
        // x264 looks 40 frames ahead at this preset, each a full frame in memory; 10 keeps peak
        // memory at @2x near 210 MiB instead of 340, for a file no larger on the samples.
        // Without AVX-512, whose x264 code reads memory it has not written: the file would depend on
        // the heap's history (see `scrollreel_x264_flags_without_avx512`).
        let flags = scrollreel_x264_flags_without_avx512()
        var parameters = "rc-lookahead=10" + (flags == 0 ? "" : ":asm=\(flags)")
        switch kind {
        case .preview(let quality):
            try check(av_opt_set(encoder.pointee.priv_data, "crf", "\(H264Writer.rateFactor(quality: quality))", 0),
                      "setting the quality")
        case .lossless:
            try check(av_opt_set(encoder.pointee.priv_data, "qp", "0", 0), "setting lossless coding")
            // A scrolled frame's blocks moved by the scroll, often far: a wider motion search finds
            // them (on `fling` @1x the file is 41% smaller than with the preset's search). No frame
            // is coded on its own for looking new: fine detail moved by an odd number of rows looks
            // new at the half size where x264 decides, yet is all in the frame before (a block that
            // is new still gets coded on its own).
            parameters += ":ref=\(H264Writer.referenceFrames(width: width, height: height)):me=umh:merange=64:scenecut=0"
        }
        try check(av_opt_set(encoder.pointee.priv_data, "x264-params", parameters, 0),
                  "setting the look-ahead, the motion search and the instruction sets")
        try check(avcodec_open2(encoder, codec, nil), "opening the H.264 encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "describing the stream")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = encoder.pointee.framerate

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw EncodeError.h264("could not allocate a frame")
        }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = encoder.pointee.pix_fmt.rawValue
        picture.pointee.width = Int32(codedWidth)
        picture.pointee.height = Int32(codedHeight)
        try check(av_frame_get_buffer(picture, 0), "allocating a frame")
        if even {
            scaler = sws_getContext(Int32(codedWidth), Int32(codedHeight), AV_PIX_FMT_RGB24,
                                    Int32(codedWidth), Int32(codedHeight), AV_PIX_FMT_YUV420P,
                                    SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil, nil)
            guard let scaler else { throw EncodeError.h264("could not create the colour converter") }
            // RGB in, BT.709 limited-range YUV out, as the stream is tagged.
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            // -1 where the conversion does not support these colour spaces: not an FFmpeg error code.
            guard sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
                throw EncodeError.h264("the colour converter does not support BT.709")
            }
        }

        try check(avio_open(&format.pointee.pb, H264Writer.fileURL(path), AVIO_FLAG_WRITE), "creating the file")
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if even { try check(av_dict_set(&options, "movflags", "+faststart", 0), "asking for the index first") }
        try check(avformat_write_header(format, &options), "writing the header")
    }

    deinit { release() }

    /// Adds the next frame: packed RGB8, `codedWidth × codedHeight × 3` bytes (see `OnWhite.packedRGB`).
    public func addFrame(rgb: [UInt8]) throws {
        precondition(rgb.count == codedWidth * codedHeight * 3, "frame size differs from the video's")
        guard let encoder, let picture else { throw EncodeError.h264("writer already finished") }
        try check(av_frame_make_writable(picture), "preparing a frame")
        if let scaler { try convert(rgb, scaler, into: picture) } else { copy(rgb, into: picture) }
        picture.pointee.pts = Int64(next)
        next += 1
        try check(avcodec_send_frame(encoder, picture), "encoding a frame")
        try drain()
    }

    /// The frame as 4:2:0 YUV.
    private func convert(_ rgb: [UInt8], _ scaler: OpaquePointer, into picture: UnsafeMutablePointer<AVFrame>) throws {
        // The rows written: all of them, or none on failure (0, or a negative FFmpeg error).
        let rows = rgb.withUnsafeBufferPointer { source -> Int32 in
            var planes: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(codedWidth * 3), 0, 0, 0]
            return withUnsafeMutablePointer(to: &picture.pointee.data) { data in
                withUnsafeMutablePointer(to: &picture.pointee.linesize) { sizes in
                    data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { out in
                        sizes.withMemoryRebound(to: Int32.self, capacity: 8) { lines in
                            sws_scale(scaler, &planes, &strides, 0, Int32(codedHeight), out, lines)
                        }
                    }
                }
            }
        }
        guard rows > 0 else { throw EncodeError.h264("converting a frame's colours failed") }
    }

    /// `path` as FFmpeg's file protocol reads it: a relative path such as `a:b/x.mp4` would
    /// otherwise name protocol `a`.
    static func fileURL(_ path: String) -> String { "file:" + path }

    /// The frame as it is, row by row into the picture's padded rows.
    private func copy(_ rgb: [UInt8], into picture: UnsafeMutablePointer<AVFrame>) {
        let row = codedWidth * 3, stride = Int(picture.pointee.linesize.0)
        guard let plane = picture.pointee.data.0 else { return }
        rgb.withUnsafeBufferPointer { source in
            for y in 0..<codedHeight { (plane + y * stride).update(from: source.baseAddress! + y * row, count: row) }
        }
    }

    /// Flushes the encoder, writes the index and closes the file.
    public func finish() throws {
        guard let encoder, let format else { return }
        try check(avcodec_send_frame(encoder, nil), "flushing the encoder")
        try drain()
        try check(av_write_trailer(format), "writing the index")
        try check(avio_closep(&format.pointee.pb), "closing the file")
        release()
    }

    /// Writes every packet the encoder has ready.
    private func drain() throws {
        guard let encoder, let format, let packet, let stream else { return }
        try FFmpegPackets.drain(encoder, into: format, stream: stream, packet: packet, check: check)
    }

    private func release() {
        sws_freeContext(scaler)
        scaler = nil
        av_frame_free(&picture)
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        stream = nil
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
            self.format = nil
        }
    }

    private func check(_ result: Int32, _ doing: String) throws {
        try H264Writer.check(result, doing, systemError)
    }

    private static func check(_ result: Int32, _ doing: String, _ systemError: (Int32) -> Error) throws {
        try FFmpegStatus.check(result, doing, systemError: systemError, failure: EncodeError.h264)
    }
}
