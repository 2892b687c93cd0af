import Codecs
import XCTest

final class WebPWriterTests: XCTestCase {
    private struct DiskFull: Error, Equatable {}

    func testSizesWebPCannotStoreAreRefused() {
        for (w, h) in [(0, 10), (10, 0), (16384, 1), (1, 16384)] {
            XCTAssertThrowsError(try WebPWriter(width: w, height: h) { _ in }) { error in
                XCTAssertEqual(error as? EncodeError, .unsupportedSize(width: w, height: h, format: "WebP"))
            }
        }
    }

    /// Nothing is written before `finish`, which hands over the whole file once; an error the
    /// writing closure throws comes back as it was.
    func testTheFileIsWrittenOnceAtTheEndAndItsErrorsComeBack() throws {
        var writes: [[UInt8]] = []
        let writer = try WebPWriter(width: 4, height: 2) { writes.append(Array($0)) }
        let red = (0..<32).map { UInt8($0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0) }
        try writer.addFrame(straight: red, start: 0)
        try writer.addFrame(straight: [UInt8](repeating: 255, count: 32), start: 33)
        XCTAssertTrue(writes.isEmpty)
        try writer.finish(end: 66)
        XCTAssertEqual(writes.count, 1)
        XCTAssertEqual(Array(writes[0].prefix(4)), Array("RIFF".utf8))
        XCTAssertEqual(Array(writes[0][8..<12]), Array("WEBP".utf8))
        XCTAssertTrue(writes[0].indices.contains { writes[0][$0...].starts(with: Array("ANIM".utf8)) }, "an animation")

        let failing = try WebPWriter(width: 4, height: 2, quality: 80) { _ in throw DiskFull() }
        try failing.addFrame(straight: red, start: 0)
        XCTAssertThrowsError(try failing.finish(end: 40)) { XCTAssertEqual($0 as? DiskFull, DiskFull()) }
    }

    func testMillisecondsRoundCumulatively() {
        let timing = MillisecondTiming(frames: 0..<7, fps: 30)
        XCTAssertEqual((0..<7).map(timing.start), [0, 33, 66, 100, 133, 166, 200])
        XCTAssertEqual(timing.end, 233)
        let part = MillisecondTiming(frames: 4..<7, fps: 30)
        XCTAssertEqual((4..<7).map(part.start), [0, 33, 67], "⌊1000·i/30⌋ − ⌊1000·4/30⌋")
        XCTAssertEqual(part.end, 100)
        XCTAssertEqual(MillisecondTiming(frames: 0..<120, fps: 120).end, 1000)
    }
}
