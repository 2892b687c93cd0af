/// The rows of a vertical blur pass that writes its output over its source. Output row y
/// overwrites source row y, which windows further down still read, so each source row is first
/// saved in a ring of the last `slots` rows. The ring takes r + 2 rows, where a second image took
/// all of them: for a header blurred @3x, 0.3 MB instead of 6.
///
/// Invariant: rows are written in order, each after `save(y, …)` (a pass may save row y + 1 too
/// before it writes row y), and while row y is written a window reads only source rows y − r and
/// after, with `slots` ≥ min(r + 2, height): of rows y − r…y, and y + 1 once saved, those a window
/// reads again are then in the ring, and rows after those still in the image.
struct InPlaceRows {
    let image: UnsafeMutableRawPointer
    let ring: UnsafeMutableRawPointer
    /// Bytes in a row.
    let lanes: Int
    /// Rows the ring holds.
    let slots: Int

    /// The ring's rows for a window of radius `r` over `height` rows: one more than a row at a time
    /// needs, so that a pass may save rows y and y + 1 before it writes either (`blurColumnsHalves`).
    static func slots(radius r: Int, height: Int) -> Int { min(r + 2, height) }

    /// Calls `body` with the rows of `image` and a ring as large as `ring`, rows `lanes` bytes long.
    static func with(_ image: inout [UInt8], ring: inout [UInt8], lanes: Int, _ body: (InPlaceRows) -> Void) {
        image.withUnsafeMutableBytes { all in
            ring.withUnsafeMutableBytes { kept in
                body(InPlaceRows(image: all.baseAddress!, ring: kept.baseAddress!, lanes: lanes, slots: kept.count / lanes))
            }
        }
    }

    /// Source row k as it was before the pass, once rows up to y are saved (y = −1 before any).
    @inline(__always)
    func source(_ k: Int, at y: Int) -> UnsafeRawPointer {
        k > y ? UnsafeRawPointer(image + k &* lanes) : UnsafeRawPointer(ring + (k % slots) &* lanes)
    }

    /// Where output row y goes.
    @inline(__always)
    func output(_ y: Int) -> UnsafeMutableRawPointer { image + y &* lanes }

    /// Keeps source row y in the ring, before row y is written, where a window of radius `r` over
    /// rows 0…`last` will read it from there: as the row leaving the window of output row y + r, as
    /// row 0 repeated above the image, or as row `last` repeated below it. The rows in between near
    /// the bottom are read again by no window, and a wide window skips copying many of them.
    @inline(__always)
    func save(_ y: Int, radius r: Int, last: Int) {
        guard y == 0 || y == last || y + r <= last else { return }
        (ring + (y % slots) &* lanes).copyMemory(from: image + y &* lanes, byteCount: lanes)
    }
}
