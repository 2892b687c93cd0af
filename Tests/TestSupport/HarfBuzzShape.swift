import Foundation
import Text

/// HarfBuzz's own command-line shaper, `hb-shape` (Debian's libharfbuzz-bin), as an independent
/// account of where glyphs go: pieces of a line shaped alone and placed left to right.
public enum HarfBuzzShape {
    /// A piece of a line: its text in a font file, in one direction.
    public struct Piece {
        public let text: String
        public let font: String
        public let index: Int
        public let rightToLeft: Bool

        public init(_ text: String, font: String, index: Int = 0, rightToLeft: Bool = false) {
            self.text = text; self.font = font; self.index = index; self.rightToLeft = rightToLeft
        }
    }

    /// A glyph: its index, its font file, and its origin in pixels from the line's start (y down).
    public struct Glyph {
        public let index: UInt32
        public let font: String
        public let x: Double
        public let y: Double
    }

    public static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    public static let notoEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The pieces shaped at `pixelSize`, one after another: the glyphs and the line's width.
    ///
    /// hb-shape runs at a font size of 65536, so its positions are in 1/65536 em whatever the
    /// font's units per em, and its rounding is far below what is compared.
    public static func line(_ pieces: [Piece], pixelSize: Double) throws -> (glyphs: [Glyph], width: Double) {
        var glyphs: [Glyph] = []
        var pen = 0.0
        let scale = pixelSize / 65536
        for piece in pieces {
            for g in try shape(piece) {
                glyphs.append(Glyph(index: UInt32(g["g"]!), font: piece.font, x: pen + Double(g["dx"]!) * scale,
                                    y: -Double(g["dy"]!) * scale))
                pen += Double(g["ax"]!) * scale
            }
        }
        return (glyphs, pen)
    }

    /// How `line` differs from the pieces placed left to right at its size: glyph for glyph the same
    /// index and font file, origins within 1/64 pixel, and the same width. Empty when it agrees.
    public static func differences(_ line: TextLine, _ pieces: [Piece]) throws -> [String] {
        let (expected, width) = try self.line(pieces, pixelSize: line.pixelSize)
        var found: [String] = []
        if line.glyphs.count != expected.count { found.append("\(line.glyphs.count) glyphs, hb-shape has \(expected.count)") }
        for (k, (glyph, want)) in zip(line.glyphs, expected).enumerated() {
            let font = line.fonts[glyph.font].path
            if glyph.index != want.index || font != want.font {
                found.append("glyph \(k): \(glyph.index) in \(font), hb-shape has \(want.index) in \(want.font)")
            }
            if abs(glyph.x - want.x) > 1.0 / 64 || abs(Double(glyph.y64) / 64 - want.y) > 1.0 / 64 {
                found.append("glyph \(k) at (\(glyph.x), \(Double(glyph.y64) / 64)), hb-shape has (\(want.x), \(want.y))")
            }
        }
        if abs(line.width - width) > 1.0 / 64 { found.append("width \(line.width), hb-shape has \(width)") }
        return found
    }

    private static func shape(_ piece: Piece) throws -> [[String: Int]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--output-format=json", "--no-glyph-names", "--font-size=65536", "--face-index=\(piece.index)",
                             "--direction=\(piece.rightToLeft ? "rtl" : "ltr")", piece.font, piece.text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let glyphs = try JSONSerialization.jsonObject(with: data) as? [[String: Int]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "hb-shape failed on \(piece.text)"])
        }
        return glyphs
    }
}
