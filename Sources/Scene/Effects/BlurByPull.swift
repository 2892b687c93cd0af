/// E4, seed 004: a blur over a view that grows as the content is pulled down.
///
/// fraction = clamp(−offset / fullAt, 0, 1) when offset < 0, else 0 (the article's
/// `animator.fractionComplete = abs(offset) / 100`). The overlay is the view's pixels after a box
/// blur of `radius` points run three times, optionally tinted, and then either
/// - `.opacity`: blended over the sharp pixels with alpha = fraction (a cross-fade, what the
///   article's property animator shows for a fixed-radius effect view), or
/// - `.radius`: drawn opaque with the radius scaled by the fraction, the way UIKit's animator
///   interpolates a blur effect from none to full.
///
/// The offset is measured from rest (`ScrollSpec.offsetFromRest`), so that a screen resting under
/// a navigation bar, at contentOffset.y = −155, is not blurred; the pull is −offset from rest.
public struct BlurByPull: Equatable, Sendable {
    public enum Mode: String, CaseIterable, Equatable, Sendable { case opacity, radius }

    /// Box radius in points at full strength.
    public var radius: Double
    /// The pull, in points, at which the blur is complete.
    public var fullAt: Double
    public var mode: Mode
    /// Laid over the blurred pixels (UIBlurEffect's regular style whitens slightly), or nil.
    public var tint: Color?

    public init(radius: Double = 20, fullAt: Double = 100, mode: Mode = .opacity, tint: Color? = nil) {
        self.radius = radius; self.fullAt = fullAt; self.mode = mode; self.tint = tint
    }

    /// The blur fraction at `offset` from rest.
    public func fraction(offset: Double) -> Double {
        guard offset < 0 else { return 0 }
        return min(1, max(0, -offset / fullAt))
    }
}
