import Codecs
import Raster
import Render

/// The failing frames of one scene, collected in frame order as a check finds them, with what a
/// report shows of them: the images of the first `reportedFrames`, and a contact sheet of those.
public final class FailureLog {
    /// Failing frames whose images a report shows, per scene; the others are listed with their
    /// files. It bounds the memory a scene that fails everywhere takes, and the page's size.
    public static let reportedFrames = 60

    /// Whether images are kept for a report at all.
    public let keepsImages: Bool
    /// Each frame's scroll offset, by index; set before the first failure is added.
    public var offsets: [Double]
    public private(set) var failures: [FrameFailure] = []
    private var sheet: ContactSheet?
    private var tiles: [(index: Int, offset: Double, tile: Bitmap)] = []

    public init(keepsImages: Bool, offsets: [Double] = []) { self.keepsImages = keepsImages; self.offsets = offsets }

    /// A frame that differs from its reference; `images` carry the paths they were written to, and
    /// `changes` what changed in its geometry (nil when the reference has none).
    public func add(index: Int, reason: String, diff: PixelDiff?, actual: Bitmap, images: [FailureImage],
                    changes: [GeometryChange]? = nil) throws {
        let kept = keepsImages && failures.count < FailureLog.reportedFrames
        let offset = index < offsets.count ? offsets[index] : nil
        let shown = kept ? images : images.map { image in
            var listed = image
            listed.png = []
            return listed
        }
        failures.append(FrameFailure(index: index, offset: offset, reason: reason, differing: diff?.differing,
                                     antialiased: diff?.antialiased, images: shown, changes: changes))
        guard kept else { return }
        if sheet == nil { sheet = try ContactSheet(frameWidth: actual.width, frameHeight: actual.height, count: FailureLog.reportedFrames) }
        tiles.append((index, offset ?? 0, sheet!.tile(actual)))
    }

    /// A frame the references list that was not rendered: the scene got shorter.
    public func addMissing(index: Int, reason: String) {
        failures.append(FrameFailure(index: index, offset: nil, reason: reason))
    }

    /// What the check found, for reports.
    public func outcome(name: String, scene: String, frames: Int, seconds: Double, tolerated: Int) throws -> CaseOutcome {
        let sheetPNG = try sheet.map { try PNGCodec.encode(try $0.sheet(tiles)) }
        return CaseOutcome(name: name, scene: scene, frames: frames, seconds: seconds, failures: failures, tolerated: tolerated,
                           contactSheet: sheetPNG)
    }
}
