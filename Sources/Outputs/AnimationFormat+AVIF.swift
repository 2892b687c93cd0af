import Codecs

extension AnimationFormat {
    /// An animated AVIF (AV1, 4:4:4; see `AVIFWriter`), lossy, flattened onto white; `--quality`
    /// sets its quantizer. Frames are flattened on the workers and encoded in order; the file is
    /// written whole at the end.
    public static let avif = AnimationFormat(
        name: "AVIF", fileExtension: "avif", kind: .avif, quality: .lossy(defaultQuality: AVIFWriter.defaultQuality), streams: true, interFrame: true,
        // Quantizer 6: above it libaom takes up to twice as long a frame (at 97) for no visible gain.
        budgetCeiling: 90,
        reader: { try AVIFReader($0) }
    ) { frames, quality, target, stats in
        let writer = try AVIFWriter(width: frames.width, height: frames.height, fps: frames.fps,
                                    quality: quality ?? AVIFWriter.defaultQuality) { try target.write($0) }
        return EncoderSink(target: target, stats: stats,
                           convert: { OnWhite.packedRGB($0.pixels, width: $0.width, height: $0.height, even: false) },
                           add: { try writer.addFrame(rgb: $1) }, end: writer.finish)
    }
}
