/// Which frames a GIF shows and for how long, in centiseconds.
///
/// Frame i is due at ⌊100·i / fps⌋ cs, so delays round cumulatively and the total is exact:
/// 30 fps gives 3, 3, 4, 3, 3, 4 …. Browsers show any delay under 2 cs as 10 cs, so none is ever
/// written: above 50 fps, a frame due less than 2 cs after the previous shown one is dropped and
/// its time goes to the frame before it. The last frame absorbs any remainder.
public struct GIFTiming: Equatable {
    public struct Entry: Equatable {
        /// Index of the rendered frame to show.
        public var frame: Int
        /// How long to show it, in centiseconds (≥ 2).
        public var delay: Int
    }

    public let entries: [Entry]

    /// The frames `0..<frameCount` of a timeline.
    public init(frameCount: Int, fps: Int) {
        self.init(frames: 0..<frameCount, fps: fps)
    }

    /// The frames `frames` of a timeline, timed as they are in the whole timeline, so that ranges
    /// rendered apart and a whole render agree frame for frame. The last one lasts until the frame
    /// after the range is due.
    ///
    /// - Precondition: fps > 0.
    public init(frames: Range<Int>, fps: Int) {
        precondition(fps > 0)
        let due = { (i: Int) in 100 * i / fps }
        let end = due(frames.upperBound)
        var shown: [Int] = []
        for i in frames where shown.isEmpty || due(i) - due(shown.last!) >= 2 {
            shown.append(i)
        }
        // The last shown frame must also last ≥ 2 cs; if not, its predecessor covers its time.
        while shown.count > 1 && end - due(shown.last!) < 2 { shown.removeLast() }
        var entries: [Entry] = []
        for (k, frame) in shown.enumerated() {
            let next = k + 1 < shown.count ? due(shown[k + 1]) : end
            entries.append(Entry(frame: frame, delay: max(2, next - due(frame))))
        }
        self.entries = entries
    }

    /// Total duration in centiseconds.
    public var total: Int { entries.reduce(0) { $0 + $1.delay } }
}
