/// When each frame of an animation starts, in milliseconds: frame i of a timeline is due at
/// ⌊1000·i / fps⌋, so durations round cumulatively (30 fps gives 33, 33, 34 …) and the total is
/// exact. A range keeps the times it has in the whole timeline, shifted to start at 0.
public struct MillisecondTiming: Equatable {
    public let fps: Int
    public let frames: Range<Int>

    /// - Precondition: 1 ≤ fps ≤ 1000, so that every frame lasts at least a millisecond.
    public init(frames: Range<Int>, fps: Int) {
        precondition((1...1000).contains(fps))
        self.frames = frames
        self.fps = fps
    }

    /// When frame `index` starts, from the range's first frame.
    public func start(_ index: Int) -> Int { due(index) - due(frames.lowerBound) }

    /// When the last frame ends.
    public var end: Int { start(frames.upperBound) }

    private func due(_ index: Int) -> Int { 1000 * index / fps }
}
