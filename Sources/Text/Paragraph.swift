/// One paragraph of a label, itemized: each character's font, script and bidi level, and where
/// lines may break. Made once per label; laying it out at a width shapes it.
///
/// Invariants: `fonts`, `scripts` and `levels` have one entry per scalar of `text`;
/// `graphemes` lists the scalar offsets where user-perceived characters start, then `text.count`;
/// `breaks` holds the offsets (between 1 and `text.count` − 1, all grapheme starts) before which a
/// line may break.
struct Paragraph: Sendable {
    let text: [UInt32]
    let fonts: [Font]
    let scripts: [UInt32]
    let levels: [UInt8]
    let rightToLeft: Bool
    let graphemes: [Int]
    let breaks: Set<Int>

    init(_ scalars: [Unicode.Scalar], fonts: [Font]) {
        text = scalars.map(\.value)
        self.fonts = fonts
        (levels, rightToLeft) = Bidi.levels(text)
        scripts = Paragraph.resolvedScripts(scalars)
        var starts: [Int] = [], offset = 0
        for character in String(String.UnicodeScalarView(scalars)) {
            starts.append(offset)
            offset += character.unicodeScalars.count
        }
        graphemes = starts + [scalars.count]
        breaks = Set(starts.dropFirst().filter { Paragraph.mayBreak(before: $0, scalars) })
    }

    /// Runs of equal font, script and level in `range`: what HarfBuzz shapes in one go.
    func runs(in range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = range.lowerBound
        for i in range.dropFirst() where fonts[i] !== fonts[start] || scripts[i] != scripts[start] || levels[i] != levels[start] {
            runs.append(start..<i)
            start = i
        }
        if start < range.upperBound { runs.append(start..<range.upperBound) }
        return runs
    }

    /// `range` without the whitespace at its end, which hangs past the line's edge.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, Paragraph.isSpace(text[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// Each character's script; characters shared between scripts (spaces, digits, punctuation,
    /// combining marks) take the script before them, or the first one after at the start, so
    /// they shape with their neighbours.
    private static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        let own = scalars.map(HarfBuzzFont.script)
        var current = HarfBuzzFont.leadingScript(own)
        return own.map { script in
            if !HarfBuzzFont.commonScripts.contains(script) { current = script }
            return current
        }
    }

    /// A simplified UAX #14: after spaces, after a dash that follows a letter, and around
    /// ideographs, kana, hangul and emoji, except before closing and after opening punctuation.
    private static func mayBreak(before j: Int, _ s: [Unicode.Scalar]) -> Bool {
        let before = s[j - 1], after = s[j]
        if isSpace(after.value) { return false }
        if isSpace(before.value) { return true }
        if "-\u{2010}\u{2013}\u{2014}".unicodeScalars.contains(before), j >= 2, s[j - 2].properties.isAlphabetic { return true }
        guard isWide(before) || isWide(after) else { return false }
        return !noBreakBefore.contains(after) && !noBreakAfter.contains(before)
    }

    /// Spaces at which lines break and that hang at the end of a line: not the no-break ones.
    static func isSpace(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isWhitespace && !"\u{A0}\u{2007}\u{202F}".unicodeScalars.contains(scalar)
    }

    /// Characters between any two of which a line may break: CJK and emoji.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || ScalarClass.isCJK(scalar)
    }

    private static let noBreakBefore = Set("、。，．・：；？！ーっゃゅょャュョッ）」』】〕〉》〙〛”’,.:;?!)]}".unicodeScalars)
    private static let noBreakAfter = Set("（「『【〔〈《〘〚“‘([{".unicodeScalars)
}
