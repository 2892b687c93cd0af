import Foundation
import TestSupport
import Text
import XCTest

/// Shaped lines against HarfBuzz's own command-line shaper, `hb-shape`, run on the same font
/// files: the same glyphs (ligatures, Arabic joining forms, the fallback font's glyphs for CJK and
/// emoji) at the same positions, and the runs in the visual order of the bidi algorithm.
final class ShapingTests: XCTestCase {
    let typesetter = Typesetter()
    let size = 20.0

    typealias Piece = HarfBuzzShape.Piece
    static let dejaVu = HarfBuzzShape.dejaVu, cjk = HarfBuzzShape.notoCJK, emoji = HarfBuzzShape.notoEmoji

    /// Lays out `text` in DejaVu Sans (with fallback) and checks the line against the pieces,
    /// concatenated left to right (see `HarfBuzzShape.differences`).
    func check(_ text: String, _ pieces: [Piece], file: StaticString = #filePath, line: UInt = #line) throws {
        let prepared = try typesetter.prepare(text, font: FontFixtures.regular, weight: 80)
        let block = try typesetter.layout(prepared, style: TextStyle(pixelSize: size), width: nil, maxLines: 0, lineBreak: .wordWrap)
        XCTAssertEqual(block.lines.count, 1, file: file, line: line)
        XCTAssertEqual(try HarfBuzzShape.differences(block.lines[0].text, pieces), [], text, file: file, line: line)
    }

    /// "ffi" and "fl" become DejaVu's ligature glyphs; kerning pairs move.
    func testLatinLigaturesAndKerningMatchHarfBuzz() throws {
        try check("office flow AVAToday", [Piece("office flow AVAToday", font: ShapingTests.dejaVu)])
    }

    /// Arabic joins (initial, medial and final forms) and runs right to left.
    func testArabicMatchesHarfBuzz() throws {
        try check("مرحبا بالعالم", [Piece("مرحبا بالعالم", font: ShapingTests.dejaVu, rightToLeft: true)])
    }

    /// Mixed scripts in one line: Latin, then the Arabic word reversed into its visual order, then
    /// CJK from Noto Sans CJK and an emoji with a skin tone from Noto Color Emoji, found through
    /// fontconfig because DejaVu Sans has neither.
    func testMixedScriptsMatchHarfBuzzPieceByPiece() throws {
        try check("Hi مرحبا 世界 👍🏽", [
            Piece("Hi ", font: ShapingTests.dejaVu),
            Piece("مرحبا", font: ShapingTests.dejaVu, rightToLeft: true),
            Piece(" ", font: ShapingTests.dejaVu),
            // The space after CJK text stays in its font.
            Piece("世界 ", font: ShapingTests.cjk),
            Piece("👍🏽", font: ShapingTests.emoji),
        ])
    }

    /// A right-to-left paragraph with a Latin word in it: the paragraph's direction is Arabic's,
    /// the Latin word keeps its own order, placed where the bidi algorithm puts it.
    func testRightToLeftParagraphWithLatinWord() throws {
        let text = "أهلا ScrollReel!"
        let prepared = try typesetter.prepare(text, font: FontFixtures.regular, weight: 80)
        let block = try typesetter.layout(prepared, style: TextStyle(pixelSize: size), width: nil, maxLines: 0, lineBreak: .wordWrap)
        XCTAssertTrue(block.lines[0].rightToLeft)
        // Visually: "!" (neutral at the end of an RTL paragraph goes to its left), "ScrollReel", " ", then أهلا.
        try check(text, [
            Piece("!", font: ShapingTests.dejaVu, rightToLeft: true),
            Piece("ScrollReel", font: ShapingTests.dejaVu),
            Piece(" ", font: ShapingTests.dejaVu, rightToLeft: true),
            Piece("أهلا", font: ShapingTests.dejaVu, rightToLeft: true),
        ])
    }

    func testCharacterNoFontHasIsAnError() throws {
        // U+FFFFD is a private-use character no installed font draws (Material Icons, which scenes'
        // icons need, maps U+10FFFD).
        XCTAssertThrowsError(try typesetter.prepare("a\u{FFFFD}", font: FontFixtures.regular, weight: 80)) { error in
            XCTAssertEqual(error as? FontError, .noFont(scalar: "\u{FFFFD}"))
            XCTAssertEqual("\(error)", "no installed font has U+FFFFD \"\u{FFFFD}\"")
        }
    }
}
