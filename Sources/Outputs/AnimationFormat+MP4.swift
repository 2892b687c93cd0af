import Codecs

extension AnimationFormat {
    /// H.264 video in an MP4 (see `H264Writer.Kind.preview`); `--quality` sets its rate factor.
    /// FFmpeg writes it by name: its index is written last and then moved to the front. Frames are
    /// flattened and padded on the workers, encoded in order.
    public static let mp4 = AnimationFormat(
        name: "MP4", fileExtension: "mp4", kind: .mp4, quality: .lossy(defaultQuality: H264Writer.defaultQuality), streams: false, interFrame: true
    ) { frames, quality, target, stats in
        guard let path = target.path() else { preconditionFailure("an MP4 is written by name") }
        let writer = try H264Writer(path: path, width: frames.width, height: frames.height, fps: frames.fps,
                                    kind: .preview(quality: quality ?? H264Writer.defaultQuality)) { target.problem(errno: $0) }
        return EncoderSink(target: target, stats: stats,
                           convert: { OnWhite.packedRGB($0.pixels, width: $0.width, height: $0.height) },
                           add: { try writer.addFrame(rgb: $1) }, end: writer.finish)
    }
}
