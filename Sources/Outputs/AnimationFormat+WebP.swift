import Codecs

extension AnimationFormat {
    /// An animated WebP that loops forever: lossless, or lossy with `--quality`. Frames are
    /// un-premultiplied on the workers and encoded in order.
    public static let webp = AnimationFormat(
        name: "WebP", fileExtension: "webp", kind: .webp, quality: .lossy(defaultQuality: nil), streams: true,
        reader: { try WebPReader($0) }
    ) { frames, quality, target, stats in
        let writer = try WebPWriter(width: frames.width, height: frames.height, quality: quality) { try target.write($0) }
        let timing = MillisecondTiming(frames: frames.range, fps: frames.fps)
        return EncoderSink(target: target, stats: stats, convert: { $0.straightBytes() },
                           add: { try writer.addFrame(straight: $1, start: timing.start($0)) },
                           end: { try writer.finish(end: timing.end) })
    }
}
