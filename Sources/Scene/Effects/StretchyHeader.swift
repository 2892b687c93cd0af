/// E1 and E1b: headers that react to the pull.
///
/// - E1, the stretchy header of seed 004 (`pinned == false`): pulled down (offset < 0), the top
///   stays at the screen top (content y = y₀ + offset) and the height grows to H − offset, so an
///   aspect-fill image zooms from its centre. At offset ≥ 0 it scrolls with the content.
/// - E1b, the Auto Layout variant of seed 000 (`pinned == true`): the top is pinned to the screen
///   top (priority 750) and the bottom stays attached to the content at y₀ + H. So the screen rect
///   is (x, y₀, W, H − offset) for every offset up to H: stretching when pulled, shrinking (its
///   centred aspect-fill image drifting up at half the scroll speed: the parallax) when pushed.
///   Past H the height is 0 and the header is gone.
///
/// `offset` is measured from rest (`ScrollSpec.offsetFromRest`: contentOffset.y +
/// adjustedContentInset.top, as a UIKit app under a navigation bar computes it), so at rest the
/// header is never stretched, and pulled it keeps its top where it rested: under the bars.
/// Without insets or bars that is the article's contentOffset.y.
public struct StretchyHeader: Equatable, Sendable {
    public var pinned: Bool

    public init(pinned: Bool = false) { self.pinned = pinned }

    /// The header's frame in content coordinates at `offset` from rest, from its frame at rest.
    public func frame(_ frame: Rect, offset: Double) -> Rect {
        guard pinned || offset < 0 else { return frame }
        return Rect(x: frame.x, y: frame.y + offset, width: frame.width, height: max(0, frame.height - offset))
    }
}
