@testable import Scene
import XCTest

/// Text styles and Dynamic Type: a sample of the table against the HIG's "Dynamic Type sizes"
/// tables, written out here as published (size/leading in points), and what a scene's
/// `textStyle` becomes at each content size category.
final class TextStyleTests: XCTestCase {
    static let published: [(FontTextStyle, ContentSizeCategory, Double, Double)] = [
        (.body, .large, 17, 22),
        (.largeTitle, .large, 34, 41),
        (.caption2, .large, 11, 13),
        (.footnote, .extraSmall, 12, 16),
        (.title1, .extraExtraExtraLarge, 34, 41),
        (.body, .accessibilityLarge, 33, 40),
        (.headline, .accessibilityExtraExtraExtraLarge, 53, 62),
        (.largeTitle, .accessibilityExtraExtraExtraLarge, 60, 70),
        (.subheadline, .small, 13, 18),
        (.callout, .extraLarge, 18, 23),
    ]

    func testASampleMatchesThePublishedSizes() {
        for (style, category, size, leading) in TextStyleTests.published {
            let metrics = style.metrics(at: category)
            XCTAssertEqual(metrics.size, size, "\(style) \(category)")
            XCTAssertEqual(metrics.leading, leading, "\(style) \(category)")
        }
        for style in FontTextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.metrics(at: $0).size }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style) never shrinks as the category grows")
        }
        XCTAssertEqual(FontTextStyle.headline.weight, .semibold)
        XCTAssertEqual(FontTextStyle.body.weight, .regular)
    }

    func label(_ members: String, _ category: ContentSizeCategory = .large) throws -> Label {
        let scene = try SceneDecoder.decode(Array("""
        {"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 100},
         "views": [{"id": "l", "frame": [0, 0, 100, 40], "text": "Hi", \(members)}]}
        """.utf8), file: "styles.json", contentSize: category)
        return try XCTUnwrap(scene.views[0].label)
    }

    /// A style is the system font at its size and weight, with its leading between the lines of
    /// text that may wrap (one line keeps the font's own box); what the view says itself wins.
    func testAStyleSetsSizeWeightLeadingAndFont() throws {
        let body = try label(#""textStyle": "body", "numberOfLines": 0"#)
        XCTAssertEqual([body.fontSize, body.lineHeight], [17, 22])
        XCTAssertNil(try label(#""textStyle": "body""#).lineHeight, "one line: the font's own line box")
        XCTAssertEqual(body.weight, .regular)
        XCTAssertEqual(body.font, .system)
        XCTAssertEqual(try label(#""textStyle": "headline""#).weight, .semibold)
        let own = try label(#""textStyle": "body", "fontSize": 20, "fontWeight": "bold", "lineHeight": 30, "font": "DejaVu Sans""#)
        XCTAssertEqual([own.fontSize, own.lineHeight], [20, 30])
        XCTAssertEqual(own.weight, .bold)
        XCTAssertEqual(own.font, .family("DejaVu Sans"))
        let large = try label(#""textStyle": "body", "numberOfLines": 2"#, .accessibilityLarge)
        XCTAssertEqual([large.fontSize, large.lineHeight], [33, 40], "Dynamic Type")
        XCTAssertEqual(try label(#""textStyle": "body", "fontSize": 20"#, .accessibilityLarge).fontSize, 20, "a fixed size stays")
    }

    /// The large title follows Dynamic Type, and its row with it; the inline title keeps 17.
    func testTheLargeTitleGrowsWithTheCategory() throws {
        func scene(_ category: ContentSizeCategory) throws -> Scene {
            try SceneDecoder.decode(Array("""
            {"canvas": {"device": "iPhone 15 Pro"}, "scroll": {"contentHeight": 2000}, "views": [],
             "statusBar": true, "navigationBar": {"title": "Inbox"}}
            """.utf8), file: "bars.json", contentSize: category)
        }
        func label(_ id: String, _ scene: Scene) -> Label? {
            func all(_ v: View) -> [View] { [v] + v.children.flatMap(all) }
            return scene.views.flatMap(all).first { $0.id == id }?.label
        }
        let standard = try scene(.large), huge = try scene(.accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(standard.scroll.bars.top, 59 + 44 + 52)
        XCTAssertEqual(huge.scroll.bars.top, 59 + 44 + 70 + 11)
        XCTAssertEqual(label("navigationBar.largeTitle", standard)?.fontSize, 34)
        XCTAssertEqual(label("navigationBar.largeTitle", huge)?.fontSize, 60)
        XCTAssertEqual(label("navigationBar.title", huge)?.fontSize, 17)
    }
}
