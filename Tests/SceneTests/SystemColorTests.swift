@testable import Scene
import XCTest

/// System colours by name: a sample of the table against the published values, written out here
/// as the sources give them (hex, or the sRGB components and alpha fraction UIKit reports), and
/// names in scenes resolved for each appearance.
final class SystemColorTests: XCTestCase {
    /// (name, light, dark) as published: the HIG's colour table for the accents and greys, UIKit's
    /// reported components for the labels, backgrounds and separators.
    static let published: [(String, String, String)] = [
        ("label", "#000000FF", "#FFFFFFFF"),
        ("secondaryLabel", "#3C3C4399", "#EBEBF599"),      // (60, 60, 67, 0.6), (235, 235, 245, 0.6)
        ("tertiaryLabel", "#3C3C434D", "#EBEBF54D"),       // alpha 0.3
        ("systemBackground", "#FFFFFFFF", "#000000FF"),
        ("secondarySystemBackground", "#F2F2F7FF", "#1C1C1EFF"),
        ("systemGroupedBackground", "#F2F2F7FF", "#000000FF"),
        ("separator", "#3C3C434A", "#54545899"),           // alpha 0.29, 0.6
        ("systemBlue", "#007AFFFF", "#0A84FFFF"),
        ("systemRed", "#FF3B30FF", "#FF453AFF"),
        ("systemGreen", "#34C759FF", "#30D158FF"),
        ("systemOrange", "#FF9500FF", "#FF9F0AFF"),
        ("systemGray", "#8E8E93FF", "#8E8E93FF"),
        ("systemGray6", "#F2F2F7FF", "#1C1C1EFF"),
    ]

    func testASampleMatchesThePublishedValues() throws {
        for (name, light, dark) in SystemColorTests.published {
            let pair = try XCTUnwrap(SystemColor.table[name], name)
            XCTAssertEqual(pair.light, Color(hex: light), "\(name) light")
            XCTAssertEqual(pair.dark, Color(hex: dark), "\(name) dark")
        }
    }

    func scene(_ colour: String, _ appearance: Appearance) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {"width": 60, "height": 80, "background": "systemGroupedBackground"}, "scroll": {"contentHeight": 80},
         "views": [{"id": "v", "frame": [0, 0, 10, 10], "background": \(colour)}]}
        """.utf8), file: "colours.json", appearance: appearance)
    }

    /// A name takes the appearance's value wherever a colour goes, and inside a light/dark pair.
    func testNamesResolveForTheAppearance() throws {
        XCTAssertEqual(try scene(#""label""#, .light).views[0].background, Color(r: 0, g: 0, b: 0))
        XCTAssertEqual(try scene(#""label""#, .dark).views[0].background, Color(r: 255, g: 255, b: 255))
        XCTAssertEqual(try scene(#""label""#, .dark).canvas.background, Color(r: 0, g: 0, b: 0), "the canvas too")
        let pair = ##"{"light": "systemBlue", "dark": "#FF0000"}"##
        XCTAssertEqual(try scene(pair, .light).views[0].background, Color(r: 0, g: 122, b: 255))
        XCTAssertEqual(try scene(pair, .dark).views[0].background, Color(r: 255, g: 0, b: 0))
    }

    /// Text without a `textColor` takes `label`, as a UILabel does: readable in dark mode too.
    func testTextDefaultsToTheLabelColour() throws {
        for (appearance, expected) in [(Appearance.light, Color(r: 0, g: 0, b: 0)), (.dark, Color(r: 255, g: 255, b: 255))] {
            let scene = try SceneDecoder.decode(Array("""
            {"canvas": {"width": 60, "height": 80}, "scroll": {"contentHeight": 80},
             "views": [{"id": "t", "frame": [0, 0, 60, 20], "text": "Hi"}]}
            """.utf8), file: "text.json", appearance: appearance)
            XCTAssertEqual(scene.views[0].label?.color, expected, "\(appearance)")
        }
    }
}
