import Pipeline
import Raster

/// The frames an animation is made of, as its formats need to know them before the first one.
public final class AnimationFrames: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The frames' numbers in the scene; the first is shown at the start of the file.
    public let range: Range<Int>
    public let fps: Int
    /// Threads for work over the frames before the file starts (a GIF's shared palette).
    public let jobs: Int
    /// Makes frame `index`, on any thread.
    public let frame: @Sendable (Int) throws -> Bitmap
    private var palette: [UInt32]??
    /// The animation a `subset` was taken from, whose shared palette it uses.
    private let whole: AnimationFrames?

    public init(width: Int, height: Int, range: Range<Int>, fps: Int, jobs: Int, frame: @escaping @Sendable (Int) throws -> Bitmap) {
        self.width = width; self.height = height; self.range = range; self.fps = fps; self.jobs = jobs; self.frame = frame
        whole = nil
    }

    private init(subset frames: [Int], of whole: AnimationFrames) {
        width = whole.width; height = whole.height; range = 0..<frames.count; fps = whole.fps; jobs = whole.jobs
        frame = { try whole.frame(frames[$0]) }
        self.whole = whole
    }

    /// An animation of some of these frames, one after another at the same rate, numbered from
    /// 0, whose GIF shares these frames' palette: a sample that predicts the whole's file.
    public func subset(_ frames: [Int]) -> AnimationFrames { AnimationFrames(subset: frames, of: self) }

    /// One frame's pixels in bytes.
    public var frameBytes: Int { width * height * 4 }

    /// The palette every GIF frame of these frames can share, or nil when they have too many
    /// colours for one (see `SharedPalette`). Sampled from the whole range, shown or not, so that a
    /// GIF assembled from a folder of frames is the one rendered from the scene. Found once, so
    /// that files tried at several qualities sample the frames once.
    func sharedPalette() throws -> [UInt32]? {
        if let whole { return try whole.sharedPalette() }
        if let palette { return palette }
        let found = try PaletteSampleSink.palette(of: Array(range), jobs: jobs, frameBytes: frameBytes, frame: frame)
        palette = .some(found)
        return found
    }
}
