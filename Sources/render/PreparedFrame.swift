import Codecs
import Raster

/// What the outputs of one run need from a rendered frame, computed on a worker thread: only the
/// parts some output asked for are filled in.
struct PreparedFrame: Sendable {
    var png: [UInt8]?
    var indexed: IndexedImage?
    var hash: String?
    var tile: Bitmap?
    /// Kept only when checking, to diff against the reference on a mismatch.
    var bitmap: Bitmap?
}
