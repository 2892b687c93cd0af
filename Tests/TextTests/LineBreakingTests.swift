import Text
import XCTest

/// Wrapping and truncation against widths measured independently: each line's text laid out on
/// its own by `Font.layout`, which knows nothing of breaking.
final class LineBreakingTests: XCTestCase {
    let typesetter = Typesetter()
    let font = FontFixtures.regular
    let size = 20.0

    func lines(_ text: String, width: Double?, maxLines: Int = 0, _ mode: LineBreakMode = .wordWrap,
               lineHeight: Double? = nil) throws -> TextBlock {
        let prepared = try typesetter.prepare(text, font: font, weight: 80)
        return try typesetter.layout(prepared, style: TextStyle(pixelSize: size, lineHeight: lineHeight), width: width,
                                     maxLines: maxLines, lineBreak: mode)
    }

    func width(_ text: String) throws -> Double { try font.layout(text, pixelSize: size).width }

    /// The text of a laid-out line, from its glyphs' clusters in `source` (one glyph per character
    /// in these Latin texts).
    func text(_ line: TextLine, _ source: String) -> String {
        let scalars = Array(source.unicodeScalars)
        return String(String.UnicodeScalarView(line.glyphs.map { scalars[$0.cluster] }))
    }

    func testWordsWrapAtTheLastSpaceThatFits() throws {
        let source = "Shipped the new plan today"
        let limit = try width("Shipped the new") + 1
        XCTAssertLessThan(limit, try width("Shipped the new plan"))
        let block = try lines(source, width: limit)
        XCTAssertEqual(block.lines.map { text($0.text, source) }, ["Shipped the new", "plan today"])
        XCTAssertEqual(block.lines[0].text.width, try width("Shipped the new"), accuracy: 1.0 / 64, "the space hangs")
        XCTAssertEqual(block.lines[1].text.width, try width("plan today"), accuracy: 1.0 / 64)
    }

    func testAWordLongerThanTheLineBreaksBetweenCharacters() throws {
        let limit = try width("Supercal") + 0.5
        let block = try lines("Supercalifragilistic", width: limit)
        XCTAssertEqual(text(block.lines[0].text, "Supercalifragilistic"), "Supercal")
        XCTAssertTrue(block.lines.allSatisfy { $0.text.width <= limit })
        XCTAssertEqual(block.lines.map { text($0.text, "Supercalifragilistic") }.joined(), "Supercalifragilistic")
    }

    /// Thousands of words: every line fits, and the lines put back together are the text.
    func testALongParagraphBreaksIntoLinesThatFit() throws {
        let source = (0..<4000).map { "w\($0 % 97)" }.joined(separator: " ")
        let limit = try width("w12 w34 w56")
        let block = try lines(source, width: limit)
        XCTAssertGreaterThan(block.lines.count, 1000)
        XCTAssertTrue(block.lines.allSatisfy { $0.text.width <= limit })
        XCTAssertEqual(block.lines.map { text($0.text, source) }.joined(separator: " "), source)
    }

    /// Random mixed-script text (Latin, Arabic, Hebrew, CJK, emoji with modifiers and joiners,
    /// combining marks, spaces and line feeds) in random widths, line limits and modes: layout
    /// never fails, lines wrapped at a width fit it unless a single character is wider, and a
    /// truncated line fits whenever the ellipsis alone does.
    func testRandomMixedTextLaysOutWithinItsWidth() throws {
        let pieces = ["Hello", "office", " ", "  ", "\n", "مرحبا", "שלום", "漢字", "かな", "。", "👍🏽", "👩‍💻", "🇯🇵",
                      "e\u{301}", "-", "ScrollReel", "١٢٣", "«", "»", "(", ")"]
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let ellipsis = try width("…")
        for _ in 0..<300 {
            let text = (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined()
            let limit = Double(1 + next(300))
            let mode = LineBreakMode.allCases[next(LineBreakMode.allCases.count)]
            let maxLines = next(4)
            let block = try lines(text, width: limit, maxLines: maxLines, mode)
            if maxLines > 0 { XCTAssertLessThanOrEqual(block.lines.count, maxLines, text) }
            for (k, line) in block.lines.enumerated() {
                let last = k == block.lines.count - 1
                if mode == .clip && last && maxLines > 0 { continue }
                let clusters = Set(line.text.glyphs.map(\.cluster))
                if clusters.count > 1 && !(last && mode.rawValue.hasPrefix("truncate") && ellipsis > limit) {
                    XCTAssertLessThanOrEqual(line.text.width, limit + 1.0 / 64, "\(mode) \(limit): \(text)")
                }
            }
        }
    }

    func testCharWrapFillsEveryLine() throws {
        let source = "ab cd ef gh"
        let limit = try width("ab c") + 0.5
        let block = try lines(source, width: limit, .charWrap)
        XCTAssertEqual(text(block.lines[0].text, source), "ab c")
    }

    func testParagraphsAndLineLimits() throws {
        let block = try lines("One\nTwo\nThree", width: nil)
        XCTAssertEqual(block.lines.count, 3)
        XCTAssertEqual(try lines("One\nTwo\nThree", width: nil, maxLines: 2, .wordWrap).lines.count, 2)
        XCTAssertEqual(try lines("One\n\nThree", width: nil).lines.count, 3, "an empty paragraph is an empty line")
    }

    /// Two lines, tail truncation: the second line is the rest cut to fit with "…", the longest
    /// such cut: one more character would not fit.
    func testTailTruncationKeepsTheMostThatFits() throws {
        let source = "Tea at noon, then code review, then the design sync and a walk in the park"
        let limit = try width("Tea at noon, then code") + 2
        let block = try lines(source, width: limit, maxLines: 2, .truncateTail)
        XCTAssertEqual(block.lines.count, 2)
        let first = text(block.lines[0].text, source)
        XCTAssertEqual(first, "Tea at noon, then code")
        let last = block.lines[1].text
        let ellipsis = try font.layout("…", pixelSize: size).glyphs[0].index
        XCTAssertEqual(last.glyphs.last?.index, ellipsis)
        XCTAssertLessThanOrEqual(last.width, limit)
        let kept = last.glyphs.count - 1
        let rest = Array(source.dropFirst(first.count + 1))
        XCTAssertEqual(last.width, try width(String(rest.prefix(kept)).trimmingTrailingSpaces + "…"), accuracy: 1.0 / 64)
        var longer = String(rest.prefix(kept + 1)).trimmingTrailingSpaces
        if longer.count == kept { longer = String(rest.prefix(kept + 2)) }
        XCTAssertGreaterThan(try width(longer + "…"), limit, "one more character would not fit")
    }

    func testHeadAndMiddleTruncation() throws {
        let source = "0123456789ABCDEFGHIJ"
        let limit = try width("0123456789") + 0.5
        let head = try lines(source, width: limit, maxLines: 1, .truncateHead).lines[0].text
        let middle = try lines(source, width: limit, maxLines: 1, .truncateMiddle).lines[0].text
        let tail = try lines(source, width: limit, maxLines: 1, .truncateTail).lines[0].text
        // One glyph per character and one for the ellipsis: the kept characters are the glyph count − 1.
        XCTAssertEqual(head.width, try width("…" + String(source.suffix(head.glyphs.count - 1))), accuracy: 1.0 / 64)
        XCTAssertEqual(tail.width, try width(String(source.prefix(tail.glyphs.count - 1)) + "…"), accuracy: 1.0 / 64)
        let kept = middle.glyphs.count - 1
        let expected = String(source.prefix((kept + 1) / 2)) + "…" + String(source.suffix(kept / 2))
        XCTAssertEqual(middle.width, try width(expected), accuracy: 1.0 / 64)
        for line in [head, middle, tail] {
            XCTAssertLessThanOrEqual(line.width, limit)
            XCTAssertGreaterThanOrEqual(line.glyphs.count, 9)
        }
    }

    func testClipKeepsTheRestOnTheLastLine() throws {
        let source = "one two three four"
        let block = try lines(source, width: try width("one two") + 1, maxLines: 1, .clip)
        XCTAssertEqual(block.lines.count, 1)
        XCTAssertEqual(block.lines[0].text.width, try width(source), accuracy: 1.0 / 64)
    }

    func testTextThatFitsIsNotTruncated() throws {
        let block = try lines("Short", width: 500, maxLines: 1, .truncateTail)
        XCTAssertEqual(block.lines[0].text.width, try width("Short"), accuracy: 1.0 / 64)
    }

    /// Natural line height: baselines one font line height apart; a set line height puts glyphs at
    /// the bottom of each line box.
    func testLineHeights() throws {
        let metrics = font.metrics(pixelSize: size)
        let natural = try lines("a\nb\nc", width: nil)
        XCTAssertEqual(natural.lines.map(\.baseline), [0, 1, 2].map { metrics.ascender + Double($0) * metrics.lineHeight })
        XCTAssertEqual(natural.height, metrics.ascender + metrics.descender + 2 * metrics.lineHeight)
        XCTAssertEqual(natural.measuredHeight, 3 * metrics.lineHeight)
        let set = try lines("a\nb", width: nil, lineHeight: 40)
        XCTAssertEqual(set.lines.map(\.baseline), [40 - metrics.descender, 80 - metrics.descender])
        XCTAssertEqual(set.height, 80)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
