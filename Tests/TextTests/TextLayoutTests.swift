import Text
import XCTest

final class TextLayoutTests: XCTestCase {
    let font = FontFixtures.regular

    func width(_ string: String, _ size: Double = 20) throws -> Double {
        try font.layout(string, pixelSize: size).width
    }

    func testPenPositionsStartAtZeroAndIncrease() throws {
        let line = try font.layout("Hello, World", pixelSize: 20)
        XCTAssertEqual(line.glyphs.count, 12)
        XCTAssertEqual(line.glyphs[0].x64, 0)
        for (a, b) in zip(line.glyphs, line.glyphs.dropFirst()) {
            XCTAssertGreaterThan(b.x64, a.x64)
        }
        XCTAssertGreaterThan(line.advance64, line.glyphs.last!.x64)
        XCTAssertEqual(line.width, Double(line.advance64) / 64)
        XCTAssertEqual(line.pixelSize, 20)
    }

    /// DejaVu Sans has a `kern` table with an A–V pair.
    func testKerningPullsAVTogether() throws {
        let a = try width("A"), v = try width("V")
        let line = try font.layout("AV", pixelSize: 20)
        XCTAssertLessThan(line.width, a + v - 0.5)
        XCTAssertLessThan(line.glyphs[1].x, a, "V starts before A's advance")
        XCTAssertEqual(try width("HH"), 2 * (try width("H")), accuracy: 1.0 / 64, "no kerning between H and H")
    }

    func testNarrowGlyphsMakeNarrowerLines() throws {
        XCTAssertLessThan(try width("iiii"), try width("WWWW"))
    }

    func testEmptyStringHasNoGlyphsAndZeroWidth() throws {
        let line = try font.layout("", pixelSize: 20)
        XCTAssertTrue(line.glyphs.isEmpty)
        XCTAssertEqual(line.width, 0)
    }

    /// Unhinted glyphs scale with the exact size: no rounding of the size to whole pixels.
    func testFractionalSizesScaleWidthsContinuously() throws {
        let text = "Fractional sizes"
        let w20 = try width(text, 20), w205 = try width(text, 20.5), w21 = try width(text, 21)
        XCTAssertLessThan(w20, w205)
        XCTAssertLessThan(w205, w21)
        XCTAssertEqual(w205, (w20 + w21) / 2, accuracy: Double(text.count) / 64)
    }

    func testCharactersTheFontLacksBecomeNotdef() throws {
        let line = try font.layout("a漢b", pixelSize: 20)
        XCTAssertEqual(line.glyphs.map { $0.index == 0 }, [false, true, false])
        XCTAssertGreaterThan(line.glyphs[2].x, line.glyphs[1].x, ".notdef has an advance")
    }

    /// Shaping composes: "é" written as e + U+0301 becomes the font's precomposed é, as written
    /// as U+00E9.
    func testShapingComposesMarks() throws {
        let decomposed = try font.layout("e\u{301}", pixelSize: 20), composed = try font.layout("\u{E9}", pixelSize: 20)
        XCTAssertEqual(decomposed.glyphs.map(\.index), composed.glyphs.map(\.index))
        XCTAssertEqual(decomposed.glyphs.count, 1)
    }

    /// DejaVu Sans: 2048 units per em, hhea ascender 1901, descender −483, no line gap.
    func testMetricsScaleTheHheaValues() {
        let m = font.metrics(pixelSize: 20)
        XCTAssertEqual(m.ascender, 1901.0 * 20 / 2048, accuracy: 1.0 / 128)
        XCTAssertEqual(m.descender, 483.0 * 20 / 2048, accuracy: 1.0 / 128)
        XCTAssertEqual(m.lineHeight, 2384.0 * 20 / 2048, accuracy: 1.0 / 128)
        XCTAssertEqual(m.ascender * 64, (m.ascender * 64).rounded(), "a whole number of 1/64 px")
        XCTAssertLessThan(font.metrics(pixelSize: 20).ascender, font.metrics(pixelSize: 20.5).ascender)
    }

    func testBoldIsWiderThanRegular() throws {
        XCTAssertGreaterThan(try FontFixtures.bold.layout("Hello", pixelSize: 20).width, try width("Hello"))
    }

    /// Letter spacing of 1.5 px moves glyph i by 1.5·i and widens the line by 1.5 per glyph, the
    /// last one included, to the 1/64 pixel (1.5 px is a whole number of them).
    func testTrackingAddsAfterEveryGlyph() throws {
        let plain = try font.layout("Spacing", pixelSize: 20)
        let spaced = try font.layout("Spacing", pixelSize: 20, tracking: 1.5)
        XCTAssertEqual(spaced.glyphs.map(\.index), plain.glyphs.map(\.index))
        for (i, (a, b)) in zip(plain.glyphs, spaced.glyphs).enumerated() {
            XCTAssertEqual(b.x64 - a.x64, i * 96, "glyph \(i)")
        }
        XCTAssertEqual(spaced.advance64 - plain.advance64, 7 * 96)
        let tight = try font.layout("Spacing", pixelSize: 20, tracking: -0.5)
        XCTAssertEqual(plain.advance64 - tight.advance64, 7 * 32)
    }
}
