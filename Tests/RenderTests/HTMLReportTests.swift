import Raster
import Regression
import XCTest

/// The HTML report's bounds: failures past `FailureLog.reportedFrames` are listed by their files,
/// with no image of their own, so the page never shows a broken image.
final class HTMLReportTests: XCTestCase {
    func testFailuresPastTheBoundAreListedByTheirFiles() throws {
        let log = FailureLog(keepsImages: true, offsets: Array(repeating: 0, count: FailureLog.reportedFrames + 2))
        let frame = Bitmap(width: 4, height: 4, fill: StraightColor(r: 200, g: 10, b: 10).premultiplied)
        for index in 0..<(FailureLog.reportedFrames + 2) {
            let images = [FailureImage(role: .actual, png: [1, 2, 3], path: "f/frame_\(index)-actual.png")]
            try log.add(index: index, reason: "hash differs", diff: nil, actual: frame, images: images)
        }
        log.addMissing(index: 99, reason: "expected, but the scene now has 62 frames")
        let outcome = try log.outcome(name: "s.scale1", scene: "s.json", frames: 62, seconds: 0, tolerated: 0)
        let html = HTMLReport.html(title: "t", outcomes: [outcome])
        // One image per kept failure, and the contact sheet.
        XCTAssertEqual(html.components(separatedBy: "<img class=\"actual\"").count - 1, FailureLog.reportedFrames)
        XCTAssertFalse(html.contains("src=\"data:image/png;base64,\""), "no empty image")
        let last = FailureLog.reportedFrames + 1
        XCTAssertTrue(html.contains("<p class=\"files\">actual: <code>f/frame_\(last)-actual.png</code></p>"))
        XCTAssertTrue(html.contains("data-frame=\"99\""))
        XCTAssertEqual(html.components(separatedBy: "<section class=\"frame\"").count - 1, FailureLog.reportedFrames + 3)
    }
}
