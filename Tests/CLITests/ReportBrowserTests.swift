import Codecs
import Foundation
import Raster
import XCTest

/// The HTML report of a deliberately failing suite, opened in headless Chromium from the file
/// system: the screenshot shows the diff's red where the change was, every image loaded, and the
/// DOM holds an entry for every failing frame.
final class ReportBrowserTests: CLITestCase {
    /// Debian's `chromium`, which `scripts/test` installs.
    func chromium() throws -> String {
        let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let found else {
            throw XCTSkip("chromium is not installed, so the HTML report is not checked in a browser; "
                          + "scripts/test installs it (apt-get install chromium)")
        }
        return found
    }

    /// Runs headless Chromium on a local page; returns its stdout.
    func browse(_ page: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        // Its own profile, so that tests running at once do not share one; no sandbox, as root.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                             "--user-data-dir=\(path("profile-\(UUID().uuidString)"))", "--virtual-time-budget=5000"]
            + arguments + ["file://\(path(page))"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let collected = OutputCollector(output.fileHandleForReading)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium \(arguments)")
        return collected.text()
    }

    func testReportShowsEveryFailingFrameInABrowser() throws {
        _ = try chromium()
        try write("scrollreel.json", #"{"references": "refs", "tests": [{"scene": "scene.json", "frames": [0, 10]}]}"#)
        XCTAssertEqual(try render(["test", "--update"]).status, 0)
        // The white card turns green: the diff marks it red, and no image of the page is red otherwise.
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\", \"cornerRadius\": 6",
                                                                       with: "\"#34C759\", \"cornerRadius\": 6"))
        let run = try render(["test", "--report", "report.html"])
        XCTAssertEqual(run.status, 1, run.stderr)

        let dom = try browse("report.html", ["--dump-dom"])
        let images = dom.components(separatedBy: "<img ").count - 1
        XCTAssertGreaterThan(images, 6)
        XCTAssertTrue(dom.contains("data-images-loaded=\"\(images)\" data-images-broken=\"0\""),
                      "every image loads: \(dom.prefix { $0 != "\n" })… \(dom.components(separatedBy: "<body")[1].prefix(200))")
        for frame in [0, 10] {
            XCTAssertTrue(dom.contains("<section class=\"frame\" data-case=\"scene.scale1\" data-frame=\"\(frame)\""), "frame \(frame)")
        }
        XCTAssertEqual(dom.components(separatedBy: "<section class=\"frame\"").count - 1, 2)

        _ = try browse("report.html", ["--window-size=1280,1400", "--screenshot=\(path("shot.png"))"])
        let shot = try decodePNG("shot.png")
        let pixels = shot.straightBytes()
        func isRed(_ x: Int, _ y: Int) -> Bool {
            let i = (y * shot.width + x) * 4
            return pixels[i] > 230 && pixels[i + 1] < 40 && pixels[i + 2] < 40
        }
        // The first failing frame's red: the rows from the first red one to the first without red.
        let redRows = (0..<shot.height).filter { y in (0..<shot.width).contains { isRed($0, y) } }
        let top = try XCTUnwrap(redRows.first, "the screenshot shows no red")
        let rows = redRows.enumerated().prefix { $0.offset == $0.element - top }.map(\.element)
        let columns = (0..<shot.width).filter { x in rows.contains { isRed(x, $0) } }
        // The page lays frames out 240 px wide, expected, actual, diff, from x = 41, 12 px apart:
        // the diff's image (1 px border) starts at 546 and shows the 120-pixel frame 238 px wide.
        // The card covers pixels 16…103 across and, in frame 0, the 60 rows it has on screen.
        let scale = 238.0 / 120.0
        XCTAssertEqual(Double(columns.first!), 546 + 16 * scale, accuracy: 3, "the red starts where the card does")
        XCTAssertEqual(Double(columns.last! + 1), 546 + 104 * scale, accuracy: 3, "the red ends where the card does")
        XCTAssertEqual(Double(rows.count), 60 * scale, accuracy: 4, "the red is as tall as the card's visible part")
        // Every red pixel of the page lies in the diff column.
        for y in redRows { for x in 0..<shot.width where isRed(x, y) { XCTAssert((545..<785).contains(x), "red at \(x), \(y)") } }
    }
}
