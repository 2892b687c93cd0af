import Foundation
import Raster
import Text
import XCTest

final class FontLoadingTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try FontFixtures.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(_ data: Data, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// The error `Font(path:)` throws, or a failure when it loads.
    func loadingError(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> FontError? {
        do {
            _ = try Font(path: path)
            XCTFail("\(path) loaded", file: file, line: line)
            return nil
        } catch let error as FontError {
            return error
        } catch {
            XCTFail("not a FontError: \(error)", file: file, line: line)
            return nil
        }
    }

    func testDefaultFontsLoad() throws {
        XCTAssertNoThrow(try Font(path: Font.defaultRegularPath))
        XCTAssertNoThrow(try Font(path: Font.defaultBoldPath))
    }

    func testMissingFileIsReportedAsMissing() {
        let path = folder.appendingPathComponent("absent.ttf").path
        XCTAssertEqual(loadingError(path), .missingFile(path: path))
        XCTAssertEqual(loadingError(path)?.description, "\(path): no such file")
    }

    /// FreeType's error 0x02 with FreeType's own message, although Debian's FreeType is built
    /// without `FT_Error_String`.
    func testEmptyFileIsNotAFontWithFreeTypesMessage() throws {
        let path = try write(Data(), "empty.ttf")
        guard case .notAFont(let reported, let reason)? = loadingError(path) else { return XCTFail("not notAFont") }
        XCTAssertEqual(reported, path)
        XCTAssertEqual(reason.code, 0x02)
        XCTAssertEqual(reason.message, "unknown file format")
        XCTAssertEqual(loadingError(path)?.description,
                       "\(path): not a usable font (FreeType: unknown file format)")
    }

    func testTextFileRenamedTTFIsNotAFont() throws {
        let path = try write(Data("this is not a font\n".utf8), "notes.ttf")
        guard case .notAFont(_, let reason)? = loadingError(path) else { return XCTFail("not notAFont") }
        XCTAssertEqual(reason.message, "unknown file format")
    }

    func testTruncatedFontIsNotAFont() throws {
        let full = try Data(contentsOf: URL(fileURLWithPath: Font.defaultRegularPath))
        // FreeType drops tables that run past the end of the file, so a cut through the required
        // tables makes the file unrecognisable rather than crashing later.
        for length in [12, 1000, full.count / 2] {
            let path = try write(full.prefix(length), "truncated-\(length).ttf")
            guard case .notAFont? = loadingError(path) else { return XCTFail("length \(length)") }
        }
    }

    func testDirectoryIsNotAFont() {
        guard case .notAFont? = loadingError(folder.path) else { return XCTFail("not notAFont") }
    }

    /// A font whose one glyph is corrupt opens and lays out, and drawing that glyph throws
    /// FreeType's error instead of crashing. The font stays usable for its other glyphs.
    func testDamagedGlyphThrowsWhenDrawn() throws {
        let path = try write(try FontFixtures.damagedFont(glyph: 36), "damaged.ttf")   // 36 is "A"
        let font = try Font(path: path)
        let line = try font.layout("BAB", pixelSize: 20)
        XCTAssertEqual(line.glyphs[1].index, 36)
        var bitmap = FontFixtures.whiteBitmap(60, 30)
        let clip = Clip(pixelWidth: 60, pixelHeight: 30)
        XCTAssertThrowsError(try line.draw(x: 2, y: 22, color: FontFixtures.black, clip: clip, into: &bitmap)) { error in
            guard case .freeType(let reported, let operation, let reason)? = error as? FontError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(reported, path)
            XCTAssertEqual(operation, "loading glyph 36")
            XCTAssertEqual(reason.message, "invalid outline")
        }
        var fine = FontFixtures.whiteBitmap(60, 30)
        XCTAssertNoThrow(try font.layout("BB", pixelSize: 20).draw(x: 2, y: 22,
                                       color: FontFixtures.black, clip: clip, into: &fine))
        XCTAssertTrue(fine.pixels.contains { $0 < 128 }, "the undamaged glyphs draw")
    }
}
