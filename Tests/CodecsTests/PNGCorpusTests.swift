import CPNG
import Codecs
import Raster
import XCTest

/// The files in `PNGs/`, written by `scripts/make-test-pngs.py`: broken PNGs, each with the exact
/// error it must give, and unusual valid ones, each with the pixels it must decode to.
final class PNGCorpusTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PNGs")

    /// The renderer's default `--max-image-pixels`.
    static let maxPixels = 40_000_000

    /// libpng's own words are part of most messages. They are compared exactly on the libpng the
    /// product is pinned to (Debian 12's 1.6.39), where a difference is a change users would see;
    /// another libpng may word its errors differently, so there only the rest is compared.
    func testBrokenFilesAreRefusedWithTheirMessage() throws {
        let expected = try entries("bad/expected.txt")
        XCTAssertEqual(expected.map(\.name), try pngs(in: "bad"), "every file has exactly one expectation, in order")
        let pinned = png_access_version_number() == 10639
        let libpng = "not a readable PNG (libpng: "
        for (name, message) in expected {
            XCTAssertThrowsError(try PNGCodec.decode(bytes("bad/" + name), maxPixels: PNGCorpusTests.maxPixels), name) { error in
                let description = "\(error)"
                if pinned || !message.hasPrefix(libpng) {
                    XCTAssertEqual(description, message, name)
                } else {
                    XCTAssertTrue(description.hasPrefix(libpng) && description.hasSuffix(")"), "\(name): \(description)")
                }
            }
        }
    }

    /// Each valid file decodes to the straight RGBA8 that the generator computed from the file's
    /// source samples, premultiplied as every decoded bitmap is.
    func testUnusualFilesDecodeToTheirExpectedPixels() throws {
        let expected = try entries("good/expected.txt")
        XCTAssertEqual(expected.map(\.name), try pngs(in: "good"), "every file has exactly one expectation, in order")
        for (name, size) in expected {
            let numbers = size.split(separator: " ").compactMap { Int($0) }
            XCTAssertEqual(numbers.count, 3, "\(name): expected WIDTH HEIGHT TOLERANCE")
            guard numbers.count == 3 else { continue }
            let (width, height, tolerance) = (numbers[0], numbers[1], numbers[2])
            let straight = try bytes("good/" + name.dropLast(".png".count) + ".rgba")
            let want = try XCTUnwrap(Bitmap(width: width, height: height, straight: straight), name)
            let got = try PNGCodec.decode(bytes("good/" + name), maxPixels: PNGCorpusTests.maxPixels)
            XCTAssertEqual([got.width, got.height], [width, height], name)
            guard got.pixels.count == want.pixels.count else { continue }
            if let i = got.pixels.indices.first(where: { abs(Int(got.pixels[$0]) - Int(want.pixels[$0])) > tolerance }) {
                let x = i / 4 % width, y = i / 4 / width
                XCTFail("\(name): pixel (\(x), \(y)) is \(got.pixel(x: x, y: y)), expected \(want.pixel(x: x, y: y)) within \(tolerance)")
            }
        }
    }

    /// The lines of a list in `PNGs/`, without comments, split at the first space.
    private func entries(_ list: String) throws -> [(name: String, rest: String)] {
        try String(contentsOf: PNGCorpusTests.folder.appendingPathComponent(list), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
    }

    private func pngs(in subfolder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: PNGCorpusTests.folder.appendingPathComponent(subfolder).path)
            .filter { $0.hasSuffix(".png") }.sorted()
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: PNGCorpusTests.folder.appendingPathComponent(path)))
    }
}
