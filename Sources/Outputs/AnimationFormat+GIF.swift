import Codecs

extension AnimationFormat {
    /// An animated GIF that loops forever; `--quality` trades colours and a bounded error per pixel
    /// for size. Frames above 50 fps are dropped, as GIF delays are whole centiseconds.
    public static let gif = AnimationFormat(
        name: "GIF", fileExtension: "gif", kind: .gif, quality: .lossy(defaultQuality: 100), streams: true,
        shown: { range, fps in GIFTiming(frames: range, fps: fps).entries.map(\.frame) }, reader: { try GIFReader($0) }
    ) { frames, quality, target, stats in
        let writer = try GIFWriter(width: frames.width, height: frames.height, quality: GIFQuality(quality!),
                                   shared: try frames.sharedPalette()) { try target.write($0) }
        return GIFSink(writer: writer, timing: GIFTiming(frames: frames.range, fps: frames.fps), target: target, stats: stats)
    }
}
