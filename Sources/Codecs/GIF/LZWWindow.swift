/// The pixels LZW codes, held a stretch at a time instead of all at once: the indices, and what
/// `LossyMatch` reads for each pixel (true colour, what the transparent index shows, limit).
///
/// A frame @3x has three million pixels, 13 bytes each here: whole, these copies were the
/// largest memory a coding thread held. The window holds `stretch` pixels plus `lookahead`, and
/// slides on before the coder's position comes within `lookahead` of its end. No string in the
/// dictionary is longer than 4,096 pixels (it grows by one per code, and there are fewer than
/// 4,096 codes), so the search never looks past the window while pixels remain, and the codes are
/// those of the whole sequence at once.
///
/// Invariant: slots `0..<filled` hold pixels `base..<base + filled` of the sequence; `behind` only
/// where the frame has a transparent index, the only case in which it is read. The slots hold
/// plain numbers, so a slot never written may be moved along unread.
struct LZWWindow {
    static let stretch = 1 << 16
    static let lookahead = 4_096
    /// Slots: stretch + lookahead, or the whole sequence when that is shorter.
    let capacity: Int

    let indices: UnsafeMutablePointer<UInt8>
    let truth: UnsafeMutablePointer<UInt32>
    let behind: UnsafeMutablePointer<UInt32>
    let limits: UnsafeMutablePointer<Float>
    /// The sequence position of slot 0.
    private(set) var base = 0
    private(set) var filled = 0
    /// Pixels in the whole sequence.
    let count: Int

    /// Where a window's filler writes pixels: slot `first`'s pointers.
    struct Slots {
        let indices: UnsafeMutablePointer<UInt8>
        let truth: UnsafeMutablePointer<UInt32>
        let behind: UnsafeMutablePointer<UInt32>
        let limits: UnsafeMutablePointer<Float>
    }

    /// Writes `n` pixels of the sequence, from position `first`, into the slots.
    typealias Filler = (_ slots: Slots, _ first: Int, _ n: Int) -> Void

    init(count: Int) {
        self.count = count
        capacity = min(count, LZWWindow.stretch + LZWWindow.lookahead)
        indices = .allocate(capacity: capacity)
        truth = .allocate(capacity: capacity)
        behind = .allocate(capacity: capacity)
        limits = .allocate(capacity: capacity)
    }

    func deallocate() {
        indices.deallocate(); truth.deallocate(); behind.deallocate(); limits.deallocate()
    }

    /// Whether the window must slide on before the coder reads from `position`: it lacks some of
    /// the `lookahead` after it, and pixels remain.
    @inline(__always)
    func ends(before position: Int) -> Bool {
        position &- base &+ LZWWindow.lookahead >= filled && base &+ filled < count
    }

    /// Drops what lies before `position` and fills up with `fill` (see `ends(before:)`).
    mutating func slide(to position: Int, _ fill: Filler) {
        let local = position - base, kept = filled - local
        indices.update(from: indices + local, count: kept)
        truth.update(from: truth + local, count: kept)
        behind.update(from: behind + local, count: kept)
        limits.update(from: limits + local, count: kept)
        base = position
        filled = kept
        let n = min(capacity - filled, count - (base + filled))
        fill(Slots(indices: indices + filled, truth: truth + filled, behind: behind + filled, limits: limits + filled),
             base + filled, n)
        filled += n
    }
}
