import Raster
import Synchronization

/// The last frame painted and the display list it was painted from.
///
/// Painting is a pure function of the display list, so a frame whose list equals this one's is
/// these very pixels, and handing them back is bit-identical to painting again. Scripted scrolls
/// rest often (waits, the end of a fling, the top of a drag): in the samples a third of all frames
/// repeat the one before, and in `stretchy-blur` they are the blurred ones, the dearest to paint.
///
/// Holds one frame, whatever thread painted it last: with several workers a resting scroll still
/// hits, because every frame of the rest has the same list. The bitmap is shared copy-on-write, so
/// a hit costs no copy, and the memo keeps at most one frame alive beyond those in flight.
final class RecentFrames: Sendable {
    private struct Entry {
        var items: [DisplayItem]
        var bitmap: Bitmap
    }
    private let last = Mutex<Entry?>(nil)

    /// The pixels of `items` if they are the last ones painted, else nil.
    func bitmap(for items: [DisplayItem]) -> Bitmap? {
        last.withLock { entry in entry.flatMap { $0.items == items ? $0.bitmap : nil } }
    }

    func remember(_ items: [DisplayItem], _ bitmap: Bitmap) {
        last.withLock { $0 = Entry(items: items, bitmap: bitmap) }
    }
}
