import Codecs
import FileOutput
import Raster
import Render
import Synchronization

/// `--references`: the frames that `--check` diffs against, beside the hash file, in the least
/// space that keeps them exact and easy to open. Each distinct frame is stored once, as a
/// lossless WebP named after the first frame that shows it; a frame that repeats an earlier one
/// has no file, and `FrameCheck` finds its reference through the hash they share.
final class ReferenceSink: FrameSink {
    private let folder: StagedFolder
    private let stats: Stats
    /// Hashes of the frames already written, in frame order: only the first frame of a hash is stored.
    private let stored = Mutex<Set<String>>([])
    /// A frame that repeats the one before needs neither hashing nor encoding again.
    private let made = LastMade<Bitmap, (hash: String, file: [UInt8]?)>()

    /// Throws before any frame is rendered when WebP cannot hold frames of this size.
    init(folder: StagedFolder, width: Int, height: Int, stats: Stats) throws {
        guard max(width, height) <= WebPWriter.maxSide else {
            throw EncodeError.unsupportedSize(width: width, height: height, format: "WebP")
        }
        self.folder = folder; self.stats = stats
    }

    /// The hash and the WebP; a frame whose hash is stored already is not encoded, since only the
    /// first frame of a hash is written (a race only costs an encoding that goes unused).
    func prepare(_ index: Int, _ frame: Bitmap) throws -> (hash: String, file: [UInt8]?) {
        try stats.encode {
            try made.value(for: frame) { frame in
                let hash = try FrameHash.sha256(frame)
                return (hash, stored.withLock { $0.contains(hash) } ? nil : try WebPCodec.encodeLossless(frame))
            }
        }
    }

    func consume(_ index: Int, _ prepared: (hash: String, file: [UInt8]?)) throws {
        guard stored.withLock({ $0.insert(prepared.hash).inserted }) else { return }
        guard let file = prepared.file else { preconditionFailure("a frame first stored in order was encoded") }
        try folder.write(FrameName.webp(index), file)
    }
}
