import Codecs
import Foundation
import Raster
import XCTest

/// `--appearance`: the light values (the default), the dark ones, or both side by side.
final class AppearanceCLITests: CLITestCase {
    static let twoAppearances = #"""
    {"canvas": {"width": 20, "height": 10, "scale": 1, "background": {"light": "#FFFFFF", "dark": "#000000"}},
     "scroll": {"contentHeight": 10},
     "views": [{"id": "dot", "frame": [5, 2, 6, 6], "background": {"light": "#FF0000", "dark": "#0000FF"}}]}
    """#

    func testEachAppearanceAndBothSideBySide() throws {
        try write("s.json", AppearanceCLITests.twoAppearances)
        for (choice, name) in [(nil, "default.png"), ("light", "light.png"), ("dark", "dark.png"), ("both", "both.png")] {
            let run = try render(["--scene", path("s.json"), "--out", path(name)] + (choice.map { ["--appearance", $0] } ?? []))
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let light = try decodePNG("light.png"), dark = try decodePNG("dark.png"), both = try decodePNG("both.png")
        XCTAssertEqual(try decodePNG("default.png"), light)
        XCTAssertEqual(light.pixel(x: 0, y: 0).straight, StraightColor(r: 255, g: 255, b: 255))
        XCTAssertEqual(light.pixel(x: 7, y: 4).straight, StraightColor(r: 255, g: 0, b: 0))
        XCTAssertEqual(dark.pixel(x: 0, y: 0).straight, StraightColor(r: 0, g: 0, b: 0))
        XCTAssertEqual(dark.pixel(x: 7, y: 4).straight, StraightColor(r: 0, g: 0, b: 255))
        // Light on the left, dark on the right, each exactly as rendered alone.
        XCTAssertEqual(both.width, 40)
        for y in 0..<10 {
            for x in 0..<20 {
                XCTAssertEqual(both.pixel(x: x, y: y), light.pixel(x: x, y: y))
                XCTAssertEqual(both.pixel(x: 20 + x, y: y), dark.pixel(x: x, y: y))
            }
        }
        try expectError(["--scene", path("s.json"), "--out", path("x.png"), "--appearance", "dusk"], status: 2,
                        contains: [#"--appearance expects light, dark or both, got "dusk""#])
    }
}
