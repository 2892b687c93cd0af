import Codecs
import Pipeline
import Raster

/// Frame hashes shared by the sinks of one run: `--hashes` and `--references` both need each
/// frame's hash, and the second to ask for a frame gets the first one's.
///
/// It remembers the last frame hashed (see `LastMade`): the sinks of a run prepare a frame one
/// after another on the same thread, so the second asks right after the first; a frame that
/// repeats the one before (a resting scroll) is not hashed again either.
public final class FrameHasher: Sendable {
    private let last = LastMade<Bitmap, String>()

    public init() {}

    /// `FrameHash.sha256` of the frame.
    public func hash(_ frame: Bitmap) throws -> String { try last.value(for: frame, FrameHash.sha256) }
}
