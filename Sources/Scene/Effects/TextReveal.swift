/// E3, seed 003: a dark band that slides over a column of labels and shows them in another colour.
///
/// A container of height Hc holds N label views in rows of h = Hc / N. A band of height h
/// (`bandColor`, black at alpha 0.8 by default) clips a copy of the same labels in `revealColor`;
/// the copy moves opposite to the band, so the revealed text sits exactly over the originals.
/// The band's top is clamped to [0, Hc − h]. It is driven by the scroll offset: offset `from`
/// puts it on the first row and offset `to` on the last, linearly in between; the defaults
/// (from 0, to Hc − h) make it follow the scroll one to one, like the article's drag. The offset
/// is measured from rest (`ScrollSpec.offsetFromRest`), as an offset binding's is.
public struct TextReveal: Equatable, Sendable {
    public var bandColor: Color
    public var revealColor: Color
    public var from: Double?
    public var to: Double?

    public init(bandColor: Color = Color(r: 0, g: 0, b: 0, a: 204), revealColor: Color = .white,
                from: Double? = nil, to: Double? = nil) {
        self.bandColor = bandColor; self.revealColor = revealColor; self.from = from; self.to = to
    }

    /// The band's top within the container, for `rows` rows in a container of `height`.
    public func bandTop(offset: Double, containerHeight: Double, rows: Int) -> Double {
        let h = containerHeight / Double(max(1, rows))
        let travel = containerHeight - h
        let start = from ?? 0, end = to ?? travel
        let position = end == start ? (offset >= end ? travel : 0) : (offset - start) / (end - start) * travel
        return min(max(position, 0), travel)
    }
}
