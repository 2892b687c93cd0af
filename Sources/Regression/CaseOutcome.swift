/// What checking one case found: the frames that failed, with their images, or the error that
/// kept it from running. Reports (JUnit, HTML) are made from these.
public struct CaseOutcome: Sendable {
    /// The case's name, as its references are named: `stretchy.scale2`.
    public var name: String
    /// The scene file.
    public var scene: String
    /// Frames compared.
    public var frames: Int
    /// Wall time spent on the case.
    public var seconds: Double
    /// Why the case could not be checked (a broken scene, missing references); nil when it ran.
    public var error: String?
    public var failures: [FrameFailure]
    /// Frames within the tolerance although their hash differs.
    public var tolerated: Int
    /// A PNG of the failing frames tiled, each captioned with its number and offset.
    public var contactSheet: [UInt8]?

    public init(name: String, scene: String, frames: Int = 0, seconds: Double = 0, error: String? = nil,
                failures: [FrameFailure] = [], tolerated: Int = 0, contactSheet: [UInt8]? = nil) {
        self.name = name; self.scene = scene; self.frames = frames; self.seconds = seconds; self.error = error
        self.failures = failures; self.tolerated = tolerated; self.contactSheet = contactSheet
    }

    public var passed: Bool { error == nil && failures.isEmpty }

    /// What moved or changed in the failing frames, a line per change (`GeometrySummary`); empty
    /// when their geometry is as recorded, or was not recorded.
    public var geometrySummary: [String] { GeometrySummary.lines(of: failures) }
}

/// One frame that differs from its reference.
public struct FrameFailure: Sendable {
    /// Its index in the whole timeline.
    public var index: Int
    /// The scroll offset it shows, in points.
    public var offset: Double?
    /// Why it fails, in a few words: `1204 pixels differ, 36 from anti-aliasing`.
    public var reason: String
    /// Counted by the pixel diff; nil when there was no reference frame to diff against.
    public var differing: Int?
    public var antialiased: Int?
    /// The expected, actual and diff images (whichever exist), in that order.
    public var images: [FailureImage]
    /// What changed in the frame's geometry since its reference was recorded: empty when nothing
    /// did, nil when the reference has no geometry.
    public var changes: [GeometryChange]?

    public init(index: Int, offset: Double?, reason: String, differing: Int? = nil, antialiased: Int? = nil,
                images: [FailureImage] = [], changes: [GeometryChange]? = nil) {
        self.index = index; self.offset = offset; self.reason = reason; self.differing = differing
        self.antialiased = antialiased; self.images = images; self.changes = changes
    }

    public func image(_ role: FailureImage.Role) -> FailureImage? { images.first { $0.role == role } }
}

/// A failure image: where it was written, and its PNG bytes while a report still needs them.
public struct FailureImage: Sendable {
    public enum Role: String, Sendable, CaseIterable { case expected, actual, diff }

    public var role: Role
    /// Empty once a report no longer needs them (see `FailureLog.reportedFrames`).
    public var png: [UInt8]
    /// The file written for it, as the user would type it.
    public var path: String

    public init(role: Role, png: [UInt8], path: String) { self.role = role; self.png = png; self.path = path }
}
