import Foundation
import XCTest

/// A suite entry's variant axes multiply: two devices × two appearances × two content sizes × two
/// layout directions make sixteen cases, each named after its variant, each drawn differently,
/// each with references of its own.
final class VariantMatrixCLITests: CLITestCase {
    static let card = """
    {"canvas": {"device": "iPhone 15 Pro", "scale": 1, "background": "systemGroupedBackground"}, "fps": 10,
     "scroll": {"contentHeight": "auto", "script": [{"wait": 0.1}]},
     "views": [{"id": "card", "frame": [16, 16, 280, "auto"], "background": "secondarySystemGroupedBackground", "cornerRadius": 12,
                "stack": {"spacing": 4, "padding": {"top": 12, "left": 16, "bottom": 12, "right": 16}},
                "children": [{"id": "title", "text": "Valle de la Luna", "textStyle": "headline", "textColor": "label"},
                             {"id": "note", "text": "Dunes and salt caves, then sunset from the ridge.", "textStyle": "body",
                              "numberOfLines": 0, "textColor": "secondaryLabel"}]}]}
    """

    static let suite = """
    {"tests": [{"scene": "card.json", "devices": ["iPhone SE", "iPhone 15 Pro"], "appearances": ["light", "dark"],
                "contentSizes": ["large", "accessibilityLarge"], "layoutDirections": ["ltr", "rtl"]}]}
    """

    func testSixteenNamedCasesEachFailingAlone() throws {
        try write("card.json", VariantMatrixCLITests.card)
        try write("scrollreel.json", VariantMatrixCLITests.suite)
        let recorded = try render(["test", "--update"], in: folder)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stdout.hasPrefix("test: recorded 16 cases (16 frames)"), recorded.stdout)
        var names: [String] = []
        for device in ["iPhone-SE", "iPhone-15-Pro"] {
            for appearance in ["", ".dark"] {
                for size in ["", ".accessibilityLarge"] {
                    for direction in ["", ".rtl"] { names.append("card.scale1.\(device)\(appearance)\(size)\(direction)") }
                }
            }
        }
        var hashes: [String: String] = [:]
        for name in names {
            let text = try String(contentsOfFile: path("goldens/\(name).sha256"), encoding: .utf8)
            hashes[name] = String(text.prefix(64))
        }
        XCTAssertEqual(Set(hashes.values).count, 16, "every variant draws a different frame")

        // One case's reference changed: that case fails, the fifteen others pass.
        let tampered = "card.scale1.iPhone-SE.dark.accessibilityLarge.rtl"
        let manifest = path("goldens/\(tampered).sha256")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try write("goldens/\(tampered).sha256", String(repeating: "0", count: 64) + text.dropFirst(64))
        let run = try render(["test", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("test: 15 of 16 cases passed"), run.stderr)
        XCTAssertTrue(run.stderr.contains("FAIL  \(tampered):"), run.stderr)
        let junit = try String(contentsOfFile: path("report.xml"), encoding: .utf8)
        for name in names { XCTAssertTrue(junit.contains("name=\"\(name)\""), name) }
    }

    func testDeviceOverridesTheScenes() throws {
        try write("card.json", VariantMatrixCLITests.card)
        let run = try render(["validate", path("card.json"), "--device", "iPhone SE"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("375×667 px"), run.stdout)
        try expectError(["validate", path("card.json"), "--device", "iPhone 15 pro"], status: 2,
                        contains: ["--device: no device is named \"iPhone 15 pro\"; did you mean \"iPhone 15 Pro\"?"])
    }
}
