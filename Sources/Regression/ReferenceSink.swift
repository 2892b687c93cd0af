import Codecs
import FileOutput
import Foundation
import Paths
import Pipeline
import Raster
import Render
import Synchronization

/// `--references`: the frames that `--check` diffs against, beside the hash file, in the least
/// space that keeps them exact and easy to open.
///
/// - Each distinct frame is stored once, as a lossless WebP named after the first frame that
///   shows it; a frame that repeats an earlier one has no file, and `FrameCheck` finds its
///   reference through the hash they share.
/// - When the whole folder is written, and FFmpeg can encode H.264, the opaque frames also go into
///   lossless videos, one per run of consecutive opaque frames (`frames_0000.mkv`). A video
///   predicts each frame from earlier ones, so a scroll, whose frames are mostly the last ones
///   shifted, costs far less than a WebP a frame; a fade or a still image does not. At the end
///   the smaller wins: the videos with the WebPs of translucent frames (a video holds no alpha),
///   or the WebPs alone.
/// - Each frame's geometry goes into `geometry.json` (`GeometryFile`),
///   so that a failing frame can be told apart by what moved.
public final class ReferenceSink: FrameSink {
    /// What a frame becomes on the workers: its hash, its WebP unless a frame before it has the
    /// same hash, its RGB when it goes into a video, and its geometry.
    public typealias Prepared = (hash: String, file: [UInt8]?, rgb: [UInt8]?, geometry: FrameGeometry?)

    private let folder: StagedFolder
    private let stats: Stats
    private let width: Int, height: Int, fps: Int
    /// Whether opaque frames also go into videos.
    private let recordsVideos: Bool
    /// Hashes of the frames already written, in frame order: only the first frame of a hash is stored.
    private let stored = Mutex<Set<String>>([])
    /// A frame that repeats the one before needs neither hashing nor encoding again.
    private let made = LastMade<Bitmap, Prepared>()
    /// Shared with the run's other sinks that hash frames.
    private let hasher: FrameHasher
    // The rest is used in frame order only, by `consume` and `finish`.
    /// The video being written, with the index of its last frame.
    private var video: (writer: H264Writer, last: Int)?
    private var videoNames: [String] = []
    /// The WebPs of opaque frames: the ones the videos make unneeded.
    private var opaqueWebPs: [String] = []
    /// Where each frame's views are, by frame.
    private let geometryOf: (Int) throws -> FrameGeometry
    /// The frames' geometry: what the folder held, for a range written into it, and the frames written.
    private var geometry = GeometryFile()

    /// Throws before any frame is rendered when WebP cannot hold frames of this size, or when the
    /// geometry a range is added to cannot be read.
    public init(folder: StagedFolder, width: Int, height: Int, fps: Int, stats: Stats = Stats(), hasher: FrameHasher = FrameHasher(),
                geometry: @escaping (Int) throws -> FrameGeometry) throws {
        guard max(width, height) <= WebPWriter.maxSide else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "WebP")
        }
        self.folder = folder; self.stats = stats; self.hasher = hasher
        self.width = width; self.height = height; self.fps = fps
        recordsVideos = folder.replacingAll && H264Writer.unavailable == nil
        geometryOf = geometry
        let existing = PathText.joining(folder.target.path, GeometryFile.name)
        if !folder.replacingAll, FileManager.default.fileExists(atPath: existing) {
            do { self.geometry = try GeometryFile(parsing: Data(contentsOf: URL(fileURLWithPath: existing))) } catch {
                throw GeometryFile.ParseError(description: "\(existing): \(error)")
            }
        }
    }

    /// Tells the user, once, when references cannot be stored as videos on this machine and take
    /// more room for it.
    public static func noteFallback() {
        guard let why = H264Writer.unavailable else { return }
        FileHandle.standardError.write(Data(("note: references are stored as WebP only, which takes more room for scrolling "
            + "scenes than lossless video: \(why) (on Debian: apt-get install libavformat59 libavcodec59 libswscale6)\n").utf8))
    }

    /// The hash, the WebP and the RGB; a frame whose hash is stored already is not encoded, since
    /// only the first frame of a hash is written (a race only costs an encoding that goes unused).
    public func prepare(_ index: Int, _ frame: Bitmap) throws -> Prepared {
        var prepared = try stats.encode {
            try made.value(for: frame) { frame in
                let hash = try hasher.hash(frame)
                let file = stored.withLock { $0.contains(hash) } ? nil : try WebPCodec.encodeLossless(frame)
                let rgb = recordsVideos && frame.isOpaque
                    ? OnWhite.packedRGB(frame.pixels, width: frame.width, height: frame.height, even: false) : nil
                return (hash, file, rgb, nil)
            }
        }
        prepared.geometry = try geometryOf(index)
        return prepared
    }

    public func consume(_ index: Int, _ prepared: Prepared) throws {
        if let frame = prepared.geometry { geometry.frames[FrameName.stem(index)] = frame }
        if stored.withLock({ $0.insert(prepared.hash).inserted }) {
            guard let file = prepared.file else { preconditionFailure("a frame first stored in order was encoded") }
            try stats.encode { try folder.write(FrameName.webp(index), file) }
            if prepared.rgb != nil { opaqueWebPs.append(FrameName.webp(index)) }
        }
        guard recordsVideos else { return }
        try stats.encode {
            if let current = video, prepared.rgb == nil || current.last != index - 1 { try closeVideo() }
            guard let rgb = prepared.rgb else { return }
            if video == nil {
                let name = FrameName.video(from: index)
                let path = try folder.pathToWrite(name)
                // The folder, not self: the writer is kept by self, and would keep it alive.
                video = (try H264Writer(path: path, width: width, height: height, fps: fps, kind: .lossless) { [folder] in
                    folder.writeProblem(name, errno: $0)
                }, index)
                videoNames.append(name)
            }
            try video!.writer.addFrame(rgb: rgb)
            video!.last = index
        }
    }

    /// Closes the last video and keeps the smaller of the two ways to store the opaque frames.
    public func finish() throws {
        try stats.encode {
            try folder.write(GeometryFile.name, Array(geometry.text.utf8))
            try closeVideo()
            guard !videoNames.isEmpty else { return }
            let inVideos = videoNames.reduce(0) { $0 + (folder.size(of: $1) ?? 0) }
            let asWebP = opaqueWebPs.reduce(0) { $0 + (folder.size(of: $1) ?? 0) }
            for name in inVideos < asWebP ? opaqueWebPs : videoNames { try folder.remove(name) }
        }
    }

    private func closeVideo() throws {
        try video?.writer.finish()
        video = nil
    }
}
