/// Lays out labels: finds a font for every character, shapes runs with HarfBuzz, orders them with
/// FriBidi, breaks lines and truncates, as UILabel does. Safe to share between threads.
///
/// Paragraphs are split at line feeds. Each character takes the label's font when the font has
/// it, else the font fontconfig finds for it (see `FontFallback`): an emoji in presentation form
/// takes a colour emoji font first. Marks, joiners, variation selectors and skin-tone modifiers
/// stay in the font of the character they attach to, and characters shared between scripts
/// (spaces, digits, punctuation) in the fallback font before them when it has them.
public final class Typesetter: Sendable {
    public let fallback: FontFallback

    /// One for the whole process, so each font file is opened once however many scenes render.
    public static let shared = Typesetter()

    public init(fallback: FontFallback = FontFallback()) {
        self.fallback = fallback
    }

    /// `string` itemized for `font`, with fallback fonts looked up in `weight` (fontconfig's scale).
    /// - Throws: `FontError.noFont` naming the first character no installed font has.
    public func prepare(_ string: String, font: Font, weight: Int) throws -> PreparedText {
        let paragraphs = try string.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let scalars = Array(line.unicodeScalars)
            return Paragraph(scalars, fonts: try fonts(for: scalars, primary: font, weight: weight))
        }
        return PreparedText(paragraphs: paragraphs, primary: font, weight: weight)
    }

    /// The lines of `text` in `width` pixels (nil: unbounded), at most `maxLines` of them (0: no
    /// limit), broken and cut as `lineBreak` says.
    /// - Throws: `FontError.freeType` when FreeType fails on a font.
    public func layout(_ text: PreparedText, style: TextStyle, width: Double?, maxLines: Int,
                       lineBreak: LineBreakMode) throws -> TextBlock {
        let limit = width.map { Int(($0 * 65536).rounded()) }
        var lines: [(TextLine, Bool)] = []
        paragraphs: for (p, paragraph) in text.paragraphs.enumerated() {
            let widths = try self.widths(paragraph, style)
            var start = 0
            repeat {
                let last = maxLines > 0 && lines.count == maxLines - 1
                let laterText = p < text.paragraphs.count - 1
                if last, lineBreak != .wordWrap, lineBreak != .charWrap {
                    let rest = start..<paragraph.text.count
                    var line = try self.line(paragraph, rest, style)
                    if lineBreak != .clip, let limit, laterText || line.advance64 << 10 > limit {
                        line = try truncated(paragraph, rest, text, style, limit: limit, mode: lineBreak)
                    }
                    lines.append((line, paragraph.rightToLeft))
                    break paragraphs
                }
                var end = limit.map { breakLine(paragraph, from: start, widths, limit: $0, anywhere: lineBreak == .charWrap) }
                    ?? paragraph.text.count
                var shaped = try line(paragraph, start..<end, style)
                // Measured in the whole paragraph, a line's last glyph kerned against the next
                // line's first; shaped alone it can come out wider. Then it breaks earlier.
                while let limit, shaped.advance64 << 10 > limit,
                      let earlier = earlierBreak(paragraph, from: start, before: end, anywhere: lineBreak == .charWrap) {
                    end = earlier
                    shaped = try line(paragraph, start..<end, style)
                }
                lines.append((shaped, paragraph.rightToLeft))
                start = end
                if last { break paragraphs }
            } while start < paragraph.text.count
        }
        let metrics = text.primary.metrics(pixelSize: style.pixelSize)
        return TextBlock(lines: lines, metrics: metrics, lineHeight: style.lineHeight)
    }

    /// Each character's font (see the type's documentation).
    private func fonts(for scalars: [Unicode.Scalar], primary: Font, weight: Int) throws -> [Font] {
        var fonts: [Font] = []
        fonts.reserveCapacity(scalars.count)
        for (i, scalar) in scalars.enumerated() {
            if i > 0, Typesetter.attaches(scalar) { fonts.append(fonts[i - 1]); continue }
            let emoji = scalar.properties.isEmojiPresentation || (i + 1 < scalars.count && scalars[i + 1] == "\u{FE0F}")
            if emoji, let font = try fallback.font(for: scalar, weight: weight, emoji: true), font.isColor {
                fonts.append(font)
            } else if i > 0, fonts[i - 1] !== primary, !fonts[i - 1].isColor, HarfBuzzFont.isCommon(scalar), fonts[i - 1].covers(scalar) {
                // Spaces, digits and punctuation inside Arabic or CJK text stay in that text's
                // font, as Core Text's cascade keeps them, so the run shapes and spaces as one.
                fonts.append(fonts[i - 1])
            } else if primary.covers(scalar) || Paragraph.isSpace(scalar.value) || scalar.properties.generalCategory == .control {
                fonts.append(primary)
            } else if let font = try fallback.font(for: scalar, weight: weight, emoji: false) {
                fonts.append(font)
            } else {
                throw FontError.noFont(scalar: scalar)
            }
        }
        return fonts
    }

    /// Characters that belong to the one before them: marks, joiners, selectors, modifiers, tags.
    private static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default:
            return scalar == "\u{200D}" || (0xFE00...0xFE0F).contains(scalar.value)
                || (0x1F3FB...0x1F3FF).contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
        }
    }

    /// The width of each prefix of the paragraph in 16.16 pixels (k characters: element k),
    /// shaped in logical runs: a glyph's advance counts for the first character of its cluster.
    private func widths(_ paragraph: Paragraph, _ style: TextStyle) throws -> [Int] {
        var advances = [Int](repeating: 0, count: paragraph.text.count)
        for run in paragraph.runs(in: 0..<paragraph.text.count) {
            let shaped = try shape(paragraph, run, style)
            for (k, glyph) in shaped.glyphs.enumerated() {
                let next = k + 1 < shaped.glyphs.count ? shaped.glyphs[k + 1].x16 : shaped.advance16
                advances[glyph.cluster] += next - glyph.x16
            }
        }
        var widths = [0]
        widths.reserveCapacity(advances.count + 1)
        for advance in advances { widths.append(widths[widths.count - 1] + advance) }
        return widths
    }

    /// Where the line starting at `start` ends: after the last break opportunity whose text (its
    /// trailing spaces hanging) fits in `limit`; when not even the first word fits, after as many
    /// characters as fit, and at least one. `widths[k]` is the width of the first k characters.
    ///
    /// One pass over the line's own characters, each measured in constant time, so a paragraph
    /// breaks in time proportional to its length.
    private func breakLine(_ paragraph: Paragraph, from start: Int, _ widths: [Int], limit: Int, anywhere: Bool) -> Int {
        let n = paragraph.text.count
        func fits(_ end: Int) -> Bool { widths[paragraph.trimmed(start..<end).upperBound] - widths[start] <= limit }
        guard !fits(n) else { return n }
        let bounds = paragraph.graphemes
        // The first grapheme boundary after `start`, by bisection.
        var low = 0, high = bounds.count - 1
        while low < high {
            let middle = (low + high) / 2
            if bounds[middle] > start { high = middle } else { low = middle + 1 }
        }
        var lastFit: Int?, lastBreak: Int?
        for k in low..<bounds.count where bounds[k] < n {
            guard fits(bounds[k]) else { break }
            lastFit = bounds[k]
            if anywhere || paragraph.breaks.contains(bounds[k]) { lastBreak = bounds[k] }
        }
        // A word longer than the line breaks between characters.
        return lastBreak ?? lastFit ?? bounds[low]
    }

    /// The break before `end` (any character boundary once no break opportunity is left) that
    /// still leaves the line a character; nil when there is none.
    private func earlierBreak(_ paragraph: Paragraph, from start: Int, before end: Int, anywhere: Bool) -> Int? {
        let bounds = paragraph.graphemes.filter { $0 > start && $0 < end }
        return bounds.last { anywhere || paragraph.breaks.contains($0) } ?? bounds.last
    }

    /// One line of a paragraph: the characters of `range` (trailing spaces dropped), in runs
    /// placed in visual order.
    private func line(_ paragraph: Paragraph, _ range: Range<Int>, _ style: TextStyle) throws -> TextLine {
        let runs = paragraph.runs(in: paragraph.trimmed(range))
        let shaped = try runs.map { try shape(paragraph, $0, style) }
        return TextLine(runs: Bidi.visualOrder(runs.map { paragraph.levels[$0.lowerBound] }).map { shaped[$0] })
    }

    private func shape(_ paragraph: Paragraph, _ run: Range<Int>, _ style: TextStyle) throws -> ShapedRun {
        try paragraph.fonts[run.lowerBound].shape(paragraph.text, run, rightToLeft: paragraph.levels[run.lowerBound] & 1 == 1,
                                                   script: paragraph.scripts[run.lowerBound], pixelSize: style.pixelSize,
                                                   tracking: style.tracking)
    }

    /// The rest of a paragraph cut to fit `limit` with an ellipsis: the longest run of whole
    /// characters kept at its start (tail), end (head) or both ends (middle, the start taking the
    /// odd one).
    private func truncated(_ paragraph: Paragraph, _ range: Range<Int>, _ text: PreparedText, _ style: TextStyle,
                           limit: Int, mode: LineBreakMode) throws -> TextLine {
        let ellipsis: Unicode.Scalar = "\u{2026}"
        let ellipsisFont = try fonts(for: [ellipsis], primary: text.primary, weight: text.weight)[0]
        let bounds = paragraph.graphemes.filter { range.contains($0) } + [range.upperBound]
        let count = bounds.count - 1
        let scalars = paragraph.text.map { Unicode.Scalar($0)! }
        func candidate(keeping kept: Int) throws -> TextLine {
            let head = mode == .truncateHead ? 0 : mode == .truncateTail ? kept : (kept + 1) / 2
            let tail = kept - head
            let front = paragraph.trimmed(bounds[0]..<bounds[head])
            var back = bounds[count - tail]..<bounds[count]
            while back.lowerBound < back.upperBound, Paragraph.isSpace(paragraph.text[back.lowerBound]) {
                back = back.index(after: back.lowerBound)..<back.upperBound
            }
            let cut = Paragraph(Array(scalars[front]) + [ellipsis] + Array(scalars[back]),
                                fonts: Array(paragraph.fonts[front]) + [ellipsisFont] + Array(paragraph.fonts[back]))
            return try line(cut, 0..<cut.text.count, style)
        }
        // Widths grow with the characters kept: the most that fit, by bisection.
        var low = 0, high = count
        var best = try candidate(keeping: 0)
        while low < high {
            let middle = (low + high + 1) / 2
            let line = try candidate(keeping: middle)
            if line.advance64 << 10 <= limit { low = middle; best = line } else { high = middle - 1 }
        }
        return best
    }
}

/// A label's text itemized by `Typesetter.prepare`, to be laid out at any width.
public struct PreparedText: Sendable {
    let paragraphs: [Paragraph]
    let primary: Font
    let weight: Int
}
