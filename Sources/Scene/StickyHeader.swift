/// A section header that pins, as in a plain-style `UITableView`: it scrolls with the content
/// until its top reaches `top` below the screen's top, stays there while its section scrolls
/// under it, and is pushed up by the next sticky header, whose top its bottom never passes.
public struct StickyHeader: Equatable, Sendable {
    /// Where it pins, in points below the screen's top; nil: the scroll's top inset, under a
    /// navigation bar.
    public var top: Double?

    public init(top: Double? = nil) { self.top = top }

    /// The header's frame in content coordinates at scroll `offset`, from its frame at rest:
    /// y = max(y₀, min(offset + top, next − height)), where `next` is the next sticky header's
    /// top at rest (none: nothing pushes it).
    public func frame(_ frame: Rect, offset: Double, topInset: Double, next: Double?) -> Rect {
        var pinned = offset + (top ?? topInset)
        if let next { pinned = min(pinned, next - frame.height) }
        return Rect(x: frame.x, y: max(frame.y, pinned), width: frame.width, height: frame.height)
    }
}
