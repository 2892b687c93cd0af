import Scene
import XCTest

/// Colours with a light and a dark value: the decoder takes the one for the appearance asked
/// for, and checks both whichever it takes.
final class AppearanceTests: XCTestCase {
    static let text = #"""
    {"canvas": {"width": 100, "height": 100, "background": {"light": "#F2F2F7", "dark": "#000000"}},
     "scroll": {"contentHeight": 100},
     "views": [{"id": "card", "frame": [0, 0, 10, 10], "background": {"light": "#FFFFFF", "dark": "#1C1C1E"},
                "text": "Hi", "textColor": "#FF0000", "gradient": {"colors": [{"light": "#000000", "dark": "#FFFFFF"}, "#00FF00"]}}]}
    """#

    func testEachAppearanceTakesItsValue() throws {
        let light = try SceneDecoder.decode(Array(AppearanceTests.text.utf8), file: "s.json")
        let dark = try SceneDecoder.decode(Array(AppearanceTests.text.utf8), file: "s.json", appearance: .dark)
        XCTAssertEqual(light.canvas.background, Color(hex: "#F2F2F7"))
        XCTAssertEqual(dark.canvas.background, Color(hex: "#000000"))
        XCTAssertEqual(light.views[0].background, Color(hex: "#FFFFFF"))
        XCTAssertEqual(dark.views[0].background, Color(hex: "#1C1C1E"))
        XCTAssertEqual(light.views[0].gradient?.colors.first, Color(hex: "#000000"))
        XCTAssertEqual(dark.views[0].gradient?.colors.first, Color(hex: "#FFFFFF"))
        // A plain colour is the same in both.
        XCTAssertEqual(light.views[0].label?.color, dark.views[0].label?.color)
        XCTAssertEqual(light.views.map(\.frame), dark.views.map(\.frame))
    }

    func testBothValuesAreCheckedWhicheverIsUsed() {
        let broken = AppearanceTests.text.replacingOccurrences(of: ##""dark": "#1C1C1E""##, with: ##""dark": "charcoal""##)
        for appearance in Appearance.allCases {
            XCTAssertThrowsError(try SceneDecoder.decode(Array(broken.utf8), file: "s.json", appearance: appearance)) {
                XCTAssertEqual("\($0)", ##"s.json: views[0].background.dark: unknown colour "charcoal"; expected "#RRGGBB", "#RRGGBBAA" or a system colour such as "label" or "systemBlue""##)
            }
        }
        let nested = AppearanceTests.text.replacingOccurrences(of: ##""dark": "#1C1C1E""##,
                                                               with: ##""dark": {"light": "#000000", "dark": "#000000"}"##)
        XCTAssertThrowsError(try SceneDecoder.decode(Array(nested.utf8), file: "s.json")) {
            XCTAssertEqual("\($0)", ##"s.json: views[0].background.dark: expected a colour "#RRGGBB", "#RRGGBBAA" or a system colour such as "label", found an object"##)
        }
    }
}
