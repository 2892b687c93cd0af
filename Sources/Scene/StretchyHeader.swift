/// E1, the stretchy header of seed 004: pulled down (offset < 0), the header's top follows the
/// screen top (content y = frame.y + offset) and its height grows by the pull (H − offset), so an
/// aspect-fill image in it zooms from the centre. At offset ≥ 0 it scrolls with the content.
public enum StretchyHeader {
    /// The header's frame in content coordinates at scroll `offset`.
    public static func frame(_ frame: Rect, offset: Double) -> Rect {
        guard offset < 0 else { return frame }
        return Rect(x: frame.x, y: frame.y + offset, width: frame.width, height: frame.height - offset)
    }
}
