/// How text breaks into lines, and what the last line shows when there is more text than lines:
/// `NSLineBreakMode`'s cases.
///
/// All modes wrap at word boundaries (a word longer than the line breaks between characters)
/// except `charWrap`, which breaks between any two characters. On the last line allowed, the
/// wrapping modes stop where the line breaks; `clip` shows the rest of the paragraph on that
/// line, running past the edge; the truncating modes fit the rest of the paragraph with "…" at
/// its end, start or middle.
public enum LineBreakMode: String, CaseIterable, Equatable, Sendable {
    case wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle
}
