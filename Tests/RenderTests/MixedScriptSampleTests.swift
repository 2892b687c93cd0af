import Codecs
import Foundation
import Render
import Scene
import TestSupport
import Text
import XCTest

/// `samples/mixed-scripts.json`: emoji, Arabic, CJK and a truncated two-line caption, drawn where
/// HarfBuzz's own shaper puts them. The expected fonts are fontconfig's own answers (`fc-match`),
/// the expected glyphs and positions `hb-shape`'s, both run as separate programs.
final class MixedScriptSampleTests: XCTestCase {
    typealias Piece = HarfBuzzShape.Piece

    /// The file fontconfig's command-line matcher gives for a pattern.
    func fcMatch(_ pattern: String) throws -> (path: String, index: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["--format=%{file}\n%{index}", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(separator: "\n").map(String.init)
        return (fields[0], Int(fields.count > 1 ? fields[1] : "0") ?? 0)
    }

    func testLinesMatchHarfBuzzAtBothScales() throws {
        let inter = try fcMatch("Inter:weight=80").path
        XCTAssertTrue(inter.hasSuffix("Inter-Regular.otf"), inter)
        let arabic = try fcMatch("sans-serif:lang=en:charset=0645").path
        let cjk = try fcMatch("sans-serif:lang=en:charset=30b9")
        let emoji = HarfBuzzShape.notoEmoji
        for scale in [1, 2] {
            var scene = try SceneDecoder.load(file: GoldenTests.samplePath("mixed-scripts"))
            scene.canvas.scale = scale
            let renderer = try Renderer(scene: scene, images: PNGDecoder())
            func check(_ view: String, _ expected: [[Piece]], file: StaticString = #filePath, line: UInt = #line) throws {
                let lines = try renderer.textLines(ofView: view, frame: 0)
                XCTAssertEqual(lines.count, expected.count, "\(view) lines @\(scale)x", file: file, line: line)
                for (k, (laid, pieces)) in zip(lines, expected).enumerated() {
                    XCTAssertEqual(try HarfBuzzShape.differences(laid.text, pieces), [], "\(view) line \(k) @\(scale)x",
                                   file: file, line: line)
                }
            }
            try check("card1.line", [[Piece("Launch day ", font: inter), Piece("🚀🎉", font: emoji),
                                      Piece(" Thanks, team ", font: inter), Piece("👍🏽👩‍💻🇯🇵", font: emoji)]])
            // Right to left, broken after a space: each line one run in the Arabic font.
            try check("card2.line", [[Piece("مرحبا بالعالم! هذا نص عربي يُقرأ من اليمين", font: arabic, rightToLeft: true)],
                                     [Piece("إلى اليسار.", font: arabic, rightToLeft: true)]])
            // Japanese breaks between characters, never before "。".
            try check("card4.line", [[Piece("スクロールに合わせてヘッダーが伸びま", font: cjk.path, index: cjk.index)],
                                     [Piece("す。禁則処理も。", font: cjk.path, index: cjk.index)]])
            // Two lines, the second cut with an ellipsis.
            try check("captionText", [[Piece("Trail run at dawn ", font: inter), Piece("🏃‍♀️", font: emoji),
                                       Piece(" — twelve kilometres", font: inter)],
                                      [Piece("along the ridge, then breakfast in the village…", font: inter)]])
            let caption = try renderer.textLines(ofView: "captionText", frame: 0)
            let frame = try XCTUnwrap(renderer.items(frame: 0).flatMap(\.flattened).first { $0.id == "captionText" }).frame
            XCTAssertLessThanOrEqual(caption[1].text.width, frame.width * Double(scale), "the cut line fits its label")
        }
    }
}
