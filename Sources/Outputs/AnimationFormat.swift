import Codecs
import FileOutput
import Pipeline

/// A file format that a run of frames can be written as: an animated image or a video.
///
/// Every format render writes is registered once, in `all`; the command line's `--out`,
/// `--quality` and `--max-size`, `render gif` and the library find formats there, by the file
/// name's extension. Adding a format is one file, with its sink and its `AnimationFormat`, and
/// its entry in `all`.
public struct AnimationFormat: Sendable, Equatable {
    /// Its name in messages: "GIF", "WebP".
    public let name: String
    /// The file name extension, lower case, without the dot.
    public let fileExtension: String
    /// What a file of the format holds: an existing file is replaced only by one of its kind.
    public let kind: FileKind
    /// How `--quality` sets it.
    public let quality: Quality
    /// The best quality `--max-size` tries without `--quality`: where a better one costs far
    /// more time for what it shows.
    public let budgetCeiling: Int
    /// Whether the codec predicts each frame from the one before, as a video does, so that a
    /// frame's cost depends on how far it moved from the last.
    public let interFrame: Bool
    /// Whether the file can be written as a stream of bytes (held in memory by `--max-size`),
    /// rather than only by name, as a video whose index is written last and moved first.
    public let streams: Bool
    /// The frames of a range that the file shows: all of them, unless its timing cannot hold
    /// their rate (see `GIFTiming`).
    let shown: @Sendable (Range<Int>, Int) -> [Int]
    /// Reads a file of the format back as a viewer shows it; nil where render does not (an MP4,
    /// and an APNG, whose frames are the PNG frames).
    public let reader: (@Sendable ([UInt8]) throws -> any AnimationReader)?
    let sink: @Sendable (AnimationFrames, Int?, any ByteTarget, Stats) throws -> any FrameSink

    /// What `--quality` does to a format.
    public enum Quality: Sendable, Equatable {
        /// Always lossless; `--quality` does not apply.
        case lossless
        /// 1 (smallest) to 100 (best); `defaultQuality` without `--quality`, or lossless when nil.
        case lossy(defaultQuality: Int?)
    }

    init(name: String, fileExtension: String, kind: FileKind, quality: Quality, streams: Bool, interFrame: Bool = false,
         budgetCeiling: Int = 100,
         shown: @escaping @Sendable (Range<Int>, Int) -> [Int] = { range, _ in Array(range) },
         reader: (@Sendable ([UInt8]) throws -> any AnimationReader)? = nil,
         sink: @escaping @Sendable (AnimationFrames, Int?, any ByteTarget, Stats) throws -> any FrameSink) {
        self.name = name; self.fileExtension = fileExtension; self.kind = kind; self.quality = quality
        self.streams = streams; self.interFrame = interFrame; self.budgetCeiling = budgetCeiling; self.shown = shown; self.reader = reader; self.sink = sink
    }

    /// Every format, in the order messages list them.
    public static let all: [AnimationFormat] = [.gif, .webp, .avif, .mp4, .apng]

    /// The format whose extension `path` ends with (in any case), if any.
    public static func named(by path: String) -> AnimationFormat? {
        let name = path.lowercased()
        return all.first { name.hasSuffix("." + $0.fileExtension) }
    }

    /// The frames of `frames` that a file at `fps` shows, in order.
    public func shownFrames(_ frames: Range<Int>, fps: Int) -> [Int] { shown(frames, fps) }

    /// The sink that writes `frames` into `target` at `quality` (nil: the format's default). Feed it
    /// the frames of `shownFrames`, then call its `finish`, which also closes the target.
    public func sink(for frames: AnimationFrames, quality: Int?, into target: any ByteTarget,
                     stats: Stats = Stats()) throws -> any FrameSink {
        let chosen: Int?
        switch self.quality {
        case .lossless: chosen = nil
        case .lossy(let defaultQuality): chosen = quality ?? defaultQuality
        }
        return try sink(frames, chosen, target, stats)
    }

    public static func == (a: AnimationFormat, b: AnimationFormat) -> Bool { a.fileExtension == b.fileExtension }

    /// `NAME.gif, NAME.webp and NAME.mp4`: the formats for a message.
    public static func listed(_ formats: [AnimationFormat]) -> String {
        let names = formats.map { "NAME.\($0.fileExtension)" }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension AnimationFormat {
    /// Writes the frames the format shows (`shownFrames`) into `target`, made on `frames.jobs`
    /// threads, and ends the file; `done` gets the count of frames written so far.
    public func write(_ frames: AnimationFrames, quality: Int?, into target: any ByteTarget, stats: Stats = Stats(),
                      done: (Int) -> Void = { _ in }) throws {
        let sink = try self.sink(for: frames, quality: quality, into: target, stats: stats)
        try FramePipeline(jobs: frames.jobs, frameBytes: frames.frameBytes).run(shownFrames(frames.range, fps: frames.fps), frame: { index in
            try stats.render { try frames.frame(index) }
        }, sinks: [sink], done: done)
        try sink.finish()
    }
}
