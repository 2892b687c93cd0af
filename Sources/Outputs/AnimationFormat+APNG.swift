import Codecs

extension AnimationFormat {
    /// An animated PNG that loops forever, every frame lossless as its PNG frame (see
    /// `APNGWriter`). Frames are un-premultiplied on the workers and encoded in order.
    public static let apng = AnimationFormat(
        name: "APNG", fileExtension: "apng", kind: .png, quality: .lossless, streams: true
    ) { frames, _, target, stats in
        let writer = try APNGWriter(width: frames.width, height: frames.height, fps: frames.fps,
                                    frameCount: frames.range.count) { try target.write($0) }
        return EncoderSink(target: target, stats: stats, convert: { $0.straightBytes() },
                           add: { try writer.addFrame(straight: $1) }, end: writer.finish)
    }
}
