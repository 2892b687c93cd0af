/// A section header that pins, as in a plain-style `UITableView`: it scrolls with the content
/// until its top reaches the visible top (or `top` below the screen's top), stays there while its
/// section scrolls under it, and is pushed up by the next sticky header, whose top its bottom
/// never passes.
public struct StickyHeader: Equatable, Sendable {
    /// Where it pins, in points below the screen's top; nil: the visible top
    /// (`ScrollSpec.visibleTop`), which under a navigation bar is the bar's bottom edge, moving
    /// up as its large title collapses, as UITableView pins at the adjusted content inset.
    public var top: Double?

    public init(top: Double? = nil) { self.top = top }

    /// The header's frame in content coordinates at scroll `offset`, from its frame at rest:
    /// y = max(y₀, min(offset + top, next − height)), with `top` the explicit pin or else
    /// `visibleTop` (screen y, at this offset), and `next` the next sticky header's top at rest
    /// (none: nothing pushes it).
    public func frame(_ frame: Rect, offset: Double, visibleTop: Double, next: Double?) -> Rect {
        var pinned = offset + (top ?? visibleTop)
        if let next { pinned = min(pinned, next - frame.height) }
        return Rect(x: frame.x, y: max(frame.y, pinned), width: frame.width, height: frame.height)
    }
}
