import Foundation
import Raster
import Text
import XCTest

/// Fonts and files shared by the text tests.
enum FontFixtures {
    static let regular = try! Font(path: Font.defaultRegularPath)
    static let bold = try! Font(path: Font.defaultBoldPath)

    static let white = StraightColor(r: 255, g: 255, b: 255).premultiplied
    static let black = StraightColor(r: 0, g: 0, b: 0).premultiplied

    static func whiteBitmap(_ width: Int, _ height: Int) -> Bitmap {
        Bitmap(width: width, height: height, fill: white)
    }

    /// A fresh directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("text-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// DejaVu Sans with the outline of glyph `glyph` damaged: its contour count is set to 30000,
    /// far more than its bytes hold. The file still opens; loading that glyph fails.
    static func damagedFont(glyph: Int) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Font.defaultRegularPath)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let entry = 12 + 16 * i
            tables[String(decoding: bytes[entry..<entry + 4], as: UTF8.self)] = u32(entry + 8)
        }
        let head = tables["head"]!, loca = tables["loca"]!, glyf = tables["glyf"]!
        let longOffsets = u16(head + 50) == 1
        let offset = longOffsets ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph)
        bytes[glyf + offset] = UInt8(30000 >> 8)
        bytes[glyf + offset + 1] = UInt8(30000 & 0xFF)
        return Data(bytes)
    }
}

/// Fails with the first differing pixel rather than both bitmaps' bytes.
func assertSamePixels(_ actual: Bitmap, _ expected: Bitmap, _ message: String,
                      file: StaticString = #filePath, line: UInt = #line) {
    guard actual.width == expected.width, actual.height == expected.height else {
        return XCTFail("\(message): \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height)",
                       file: file, line: line)
    }
    for y in 0..<actual.height {
        for x in 0..<actual.width where actual.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
            return XCTFail("\(message): (\(x), \(y)) is \(actual.pixel(x: x, y: y)), expected \(expected.pixel(x: x, y: y))",
                           file: file, line: line)
        }
    }
}
