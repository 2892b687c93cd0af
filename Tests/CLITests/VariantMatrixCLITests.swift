import Foundation
import TestSupport
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

    /// `--variants` draws each combination as a column, exactly as the render of that variant alone.
    func testVariantsSheetHoldsEachVariantsRender() throws {
        try write("card.json", VariantMatrixCLITests.card)
        let sheet = try render(["--scene", path("card.json"), "--variants", "light,dark;large,accessibilityLarge", "--out", path("sheet.png")])
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        var singles: [String] = []
        for appearance in ["light", "dark"] {
            for size in ["large", "accessibilityLarge"] {
                let out = path("\(appearance)-\(size).png")
                let run = try render(["--scene", path("card.json"), "--appearance", appearance, "--content-size", size, "--out", out])
                XCTAssertEqual(run.status, 0, run.stderr)
                singles.append(out)
            }
        }
        let python = try SystemPython.run("""
        import sys
        from PIL import Image
        sheet = Image.open(sys.argv[1]).convert("RGBA")
        singles = [Image.open(p).convert("RGBA") for p in sys.argv[2:]]
        w, h = singles[0].size
        print(sheet.size == (4 * w, h), *[sheet.crop((i * w, 0, (i + 1) * w, h)).tobytes() == s.tobytes() for i, s in enumerate(singles)])
        """, [path("sheet.png")] + singles)
        XCTAssertEqual(String(decoding: python.output, as: UTF8.self), "True True True True True\n", python.errors)

        try expectError(["--scene", path("card.json"), "--variants", "light,drak", "--out", path("x.png")], status: 2,
                        contains: ["--variants: unknown variant \"drak\"; did you mean dark?"])
        try expectError(["--scene", path("card.json"), "--variants", "light,rtl", "--out", path("x.png")], status: 2,
                        contains: ["--variants: each group between \";\" lists values of one axis"])
        try expectError(["--scene", path("card.json"), "--variants", "ltr,rtl", "--appearance", "both", "--out", path("x.png")], status: 2,
                        contains: ["--variants does not combine with --appearance both"])
    }
}
