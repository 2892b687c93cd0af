import CFFmpeg

/// Moving encoded packets from an FFmpeg encoder into its muxer.
enum FFmpegPackets {
    /// Writes every packet `encoder` has ready into `format`'s `stream`; `check` turns a negative
    /// result into the writer's error.
    static func drain(_ encoder: UnsafeMutablePointer<AVCodecContext>, into format: UnsafeMutablePointer<AVFormatContext>,
                      stream: UnsafeMutablePointer<AVStream>, packet: UnsafeMutablePointer<AVPacket>,
                      check: (Int32, String) throws -> Void) throws {
        while true {
            let received = avcodec_receive_packet(encoder, packet)
            if received == scrollreel_averror_eagain() || received == scrollreel_averror_eof() { return }
            try check(received, "encoding a frame")
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            // Takes the packet's data, and leaves it blank for the next one.
            try check(av_interleaved_write_frame(format, packet), "writing a frame")
        }
    }
}
