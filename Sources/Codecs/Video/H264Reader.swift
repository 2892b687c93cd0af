import CFFmpeg
import CFFmpegLoader
import Raster

/// Reads the frames of a lossless reference video (see `H264Writer.Kind.lossless`) in order,
/// through FFmpeg's libraries.
///
/// - Only H.264 whose frames decode to planar RGB is read: anything else cannot be a recorded
///   reference. (A planar-RGB video re-encoded lossily would be read; render never writes one.)
/// - The decoder stops at the first damaged packet instead of concealing it, and every frame's
///   timestamp must be its position at the stream's frame rate, so a broken file, or one missing
///   a packet, throws rather than yielding frames that are not the recorded ones.
/// - One thread, so the frames do not depend on the machine.
public final class H264Reader {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamIndex: Int32 = -1
    private let maxPixels: Int
    private var flushed = false
    /// The index of the frame `next()` gives next, and the stream's frames per time-base unit.
    private var position = 0
    private var framesPerTick = (num: Int64(0), den: Int64(1))
    /// What the first frame is called in messages, for a video that holds frames from there on.
    private let firstFrame: Int

    /// Opens `path`; throws `DecodeError.video` when it is not such a video, and
    /// `DecodeError.tooLarge` when its frames have more than `maxPixels` pixels. Messages number
    /// the frames from `firstFrame`.
    public init(path: String, maxPixels: Int, firstFrame: Int = 0) throws {
        // Before any stored property has its value: `deinit` calls FFmpeg, so it must not run
        // without it.
        if let failure = scrollreel_ffmpeg_load() {
            throw DecodeError.video("FFmpeg's libraries could not be loaded: \(String(cString: failure))")
        }
        self.maxPixels = maxPixels
        self.firstFrame = firstFrame
        av_log_set_level(AV_LOG_QUIET)
        try check(avformat_open_input(&format, H264Writer.fileURL(path), nil, nil), "opening it")
        guard let format else { throw DecodeError.video("could not open it") }
        try check(avformat_find_stream_info(format, nil), "reading its streams")
        var codec: UnsafePointer<AVCodec>?
        let found = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard found >= 0, let codec, codec.pointee.id == AV_CODEC_ID_H264 else {
            throw DecodeError.video("it holds no H.264 video")
        }
        streamIndex = found
        guard let stream = format.pointee.streams[Int(found)], let parameters = stream.pointee.codecpar else {
            throw DecodeError.video("it holds no H.264 video")
        }
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        guard width > 0, height > 0 else { throw DecodeError.video("its frames have no pixels") }
        guard width * height <= maxPixels else { throw DecodeError.tooLarge(width: width, height: height, maxPixels: maxPixels) }
        guard let decoder = avcodec_alloc_context3(codec) else { throw DecodeError.video("could not allocate the decoder") }
        self.decoder = decoder
        try check(avcodec_parameters_to_context(decoder, parameters), "reading its stream's parameters")
        decoder.pointee.thread_count = 1
        decoder.pointee.err_recognition |= AV_EF_EXPLODE
        // A later header in a hostile file may not raise the size past the limit either.
        decoder.pointee.max_pixels = Int64(maxPixels)
        let base = stream.pointee.time_base, rate = stream.pointee.avg_frame_rate
        guard base.num > 0, base.den > 0, rate.num > 0, rate.den > 0 else { throw DecodeError.video("it has no frame rate") }
        framesPerTick = (Int64(base.num) * Int64(rate.num), Int64(base.den) * Int64(rate.den))
        try check(avcodec_open2(decoder, codec, nil), "opening the H.264 decoder")
        picture = av_frame_alloc()
        packet = av_packet_alloc()
        guard picture != nil, packet != nil else { throw DecodeError.video("could not allocate a frame") }
    }

    deinit {
        av_frame_free(&picture)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }

    /// The next frame, or nil after the last.
    public func next() throws -> Bitmap? {
        guard let format, let decoder, let picture, let packet else { return nil }
        while true {
            let received = avcodec_receive_frame(decoder, picture)
            if received == scrollreel_averror_eof() { return nil }
            if received != scrollreel_averror_eagain() {
                try check(received, "decoding a frame")
                guard frameIndex(at: picture.pointee.best_effort_timestamp) == Int64(position) else {
                    av_frame_unref(picture)
                    throw DecodeError.video("frame \(firstFrame + position) is missing")
                }
                position += 1
                return try bitmap(picture)
            }
            // The decoder wants more: the next packet of the stream, or the end.
            while !flushed {
                let read = av_read_frame(format, packet)
                if read == scrollreel_averror_eof() {
                    flushed = true
                    try check(avcodec_send_packet(decoder, nil), "decoding the last frames")
                    break
                }
                try check(read, "reading a frame")
                defer { av_packet_unref(packet) }
                if packet.pointee.stream_index == streamIndex {
                    try check(avcodec_send_packet(decoder, packet), "decoding a frame")
                    break
                }
            }
        }
    }

    /// The index of the frame nearest to `stamp` (Matroska keeps milliseconds), or nil for a
    /// timestamp before the start or too large to scale, which a damaged file may hold.
    private func frameIndex(at stamp: Int64) -> Int64? {
        guard stamp >= 0 else { return nil }
        let (ticks, over) = stamp.multipliedReportingOverflow(by: framesPerTick.num)
        guard !over, ticks <= Int64.max / 2 - framesPerTick.den else { return nil }
        // den < 2³¹ · 2³¹, so 2 · den fits.
        return (2 * ticks + framesPerTick.den) / (2 * framesPerTick.den)
    }

    /// The decoded picture as a bitmap: G, B and R planes, every pixel opaque.
    private func bitmap(_ picture: UnsafeMutablePointer<AVFrame>) throws -> Bitmap {
        defer { av_frame_unref(picture) }
        guard picture.pointee.format == AV_PIX_FMT_GBRP.rawValue else {
            throw DecodeError.video("its frames are not lossless RGB, as recorded references are")
        }
        guard picture.pointee.decode_error_flags == 0, picture.pointee.flags & AV_FRAME_FLAG_CORRUPT == 0 else {
            throw DecodeError.video("a frame is damaged")
        }
        let width = Int(picture.pointee.width), height = Int(picture.pointee.height)
        let planes = [picture.pointee.data.0, picture.pointee.data.1, picture.pointee.data.2]
        let strides = [Int(picture.pointee.linesize.0), Int(picture.pointee.linesize.1), Int(picture.pointee.linesize.2)]
        guard let g = planes[0], let b = planes[1], let r = planes[2] else { throw DecodeError.video("a frame has no pixels") }
        return try StraightDecode.bitmap(width: width, height: height, maxPixels: maxPixels, failure: DecodeError.video) { out in
            for y in 0..<height {
                let gRow = g + y * strides[0], bRow = b + y * strides[1], rRow = r + y * strides[2], row = y * width * 4
                for x in 0..<width {
                    out[row + x * 4] = rRow[x]
                    out[row + x * 4 + 1] = gRow[x]
                    out[row + x * 4 + 2] = bRow[x]
                    out[row + x * 4 + 3] = 255
                }
            }
            return nil
        }
    }

    /// FFmpeg's negative result codes as `DecodeError.video`, with FFmpeg's words.
    private func check(_ result: Int32, _ doing: String) throws {
        guard result < 0 else { return }
        throw DecodeError.video("\(doing): \(FFmpegStatus.message(result))")
    }
}
