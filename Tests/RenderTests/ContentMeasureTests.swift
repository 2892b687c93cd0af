import Codecs
import Foundation
import Raster
import Render
import Scene
import Text
import XCTest

/// What the renderer measures for stacks: text as it is drawn, at the output scale, rounded up
/// to whole pixels; images at their size in points.
final class ContentMeasureTests: XCTestCase {
    func renderer(scale: Int, views: String) throws -> Renderer {
        let text = """
        {"canvas": {"width": 300, "height": 200, "scale": \(scale)},
         "scroll": {"contentHeight": 200}, "views": \(views)}
        """
        return try Renderer(scene: SceneDecoder.decode(Array(text.utf8), file: "scene.json"), images: PNGDecoder())
    }

    /// A row of a bold label and a regular one: each label's frame is its line's advance and the
    /// font's line height, each rounded up to a pixel, at both scales; the empty label measures
    /// nothing, as an empty UILabel does.
    func testLabelsMeasureTheirLineAtTheOutputScale() throws {
        let bold = try Font(path: Font.defaultBoldPath), regular = try Font(path: Font.defaultRegularPath)
        for scale in [1, 2, 3] {
            let r = try renderer(scale: scale, views: """
                [{"id": "row", "frame": [0, 0, "auto", "auto"], "stack": {"axis": "horizontal", "alignment": "leading"},
                  "children": [{"id": "title", "text": "Quarterly", "fontSize": 17, "fontWeight": "bold"},
                               {"id": "detail", "text": "report, in full", "fontSize": 13},
                               {"id": "empty", "text": ""}]}]
                """)
            let s = Double(scale)
            func expected(_ font: Font, _ text: String, _ size: Double) throws -> Size {
                let line = try font.layout(text, pixelSize: size * s)
                return Size(width: line.width.rounded(.up) / s,
                            height: font.metrics(pixelSize: size * s).lineHeight.rounded(.up) / s)
            }
            let children = r.scene.views[0].children
            let title = try expected(bold, "Quarterly", 17), detail = try expected(regular, "report, in full", 13)
            XCTAssertEqual(children[0].frame, Rect(x: 0, y: 0, width: title.width, height: title.height), "@\(scale)x")
            XCTAssertEqual(children[1].frame, Rect(x: title.width, y: 0, width: detail.width, height: detail.height), "@\(scale)x")
            XCTAssertEqual(children[2].frame.size, Size(width: 0, height: 0), "@\(scale)x")
            XCTAssertEqual(r.scene.views[0].frame.size, Size(width: title.width + detail.width, height: title.height))
            // Whole pixels, and no narrower than the ink's advance.
            XCTAssertEqual((children[0].frame.width * s).truncatingRemainder(dividingBy: 1), 0)
            XCTAssertGreaterThanOrEqual(children[0].frame.width * s, try bold.layout("Quarterly", pixelSize: 17 * s).width)
        }
    }

    /// Letter spacing widens what a label measures by the spacing per character, at the output
    /// scale: "Tracked" with 2 pt is its tracked line, rounded up to pixels.
    func testLetterSpacingWidensTheMeasure() throws {
        let regular = try Font(path: Font.defaultRegularPath)
        for scale in [1, 2] {
            let r = try renderer(scale: scale, views: """
                [{"id": "tag", "frame": [0, 0, "auto", "auto"], "text": "Tracked", "fontSize": 15, "letterSpacing": 2}]
                """)
            let s = Double(scale)
            let line = try regular.layout("Tracked", pixelSize: 15 * s, tracking: 2 * s)
            XCTAssertEqual(r.scene.views[0].frame.width, line.width.rounded(.up) / s, "@\(scale)x")
            XCTAssertGreaterThanOrEqual(line.width - (try regular.layout("Tracked", pixelSize: 15 * s).width), 7 * 2 * s - 1.0 / 64)
        }
    }

    /// An image asset of 40 × 20 pixels at scale 2 is 20 × 10 points; `scaleAspectFit` in a
    /// 100-wide column keeps the 2:1 ratio: 100 × 50.
    func testImagesMeasureInPointsAndKeepTheirRatio() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bitmap = try XCTUnwrap(Bitmap(width: 40, height: 20, straight: [UInt8](repeating: 200, count: 40 * 20 * 4)))
        try Data(PNGCodec.encode(bitmap)).write(to: folder.appendingPathComponent("pic.png"))
        let text = """
        {"canvas": {"width": 300, "height": 200}, "assets": {"pic": {"path": "pic.png", "scale": 2}},
         "scroll": {"contentHeight": 200},
         "views": [{"id": "col", "frame": [0, 0, 100, "auto"], "stack": {},
                    "children": [{"id": "fit", "image": "pic", "contentMode": "scaleAspectFit"},
                                 {"id": "plain", "image": "pic", "width": 30}]},
                   {"id": "loose", "frame": [200, 0, "auto", "auto"], "image": "pic"}]}
        """
        let r = try Renderer(scene: SceneDecoder.decode(Array(text.utf8), file: folder.appendingPathComponent("s.json").path), images: PNGDecoder())
        XCTAssertEqual(r.scene.views[0].children.map(\.frame), [Rect(x: 0, y: 0, width: 100, height: 50),
                                                               Rect(x: 0, y: 50, width: 30, height: 10)])
        XCTAssertEqual(r.scene.views[1].frame, Rect(x: 200, y: 0, width: 20, height: 10))
    }
}
