import Foundation
import Scene
import XCTest

/// Paging and snap points: a fling ends exactly on the page or point nearest to where it would
/// have come to rest, x₀ − v / (1000·ln r), along the fling's own curve scaled to get there:
/// x(t) = x₀ + (target − x₀)·(1 − r^(1000t)), written out here.
final class SnappingTests: XCTestCase {
    let bounds = Timeline.Bounds(range: 0...2400, viewportHeight: 600, scale: 2)

    func rest(_ x0: Double, _ v: Double, _ r: Double) -> Double { x0 - v / (1000 * log(r)) }

    /// Pages at 0, 600, 1200, 1800 and 2400; flings at several velocities, both ways and at both
    /// rates, end exactly on the page nearest their natural rest.
    func testPagingEndsEveryFlingOnAPage() {
        let pages = [0.0, 600, 1200, 1800, 2400]
        for (start, v, rate) in [(0.0, 300.0, FlingRate.normal), (0, 900, .normal), (0, 2500, .normal), (0, 6000, .normal),
                                 (1800, -4000, .normal), (1200, 700, .fast), (1200, -250, .fast), (600, 12000, .fast)] {
            let t = Timeline(startOffset: start, bounds: bounds, script: [.fling(velocity: v, rate: rate)], snapping: .paging)
            let natural = rest(start, v, rate.perMillisecond)
            let page = pages.min { abs($0 - natural) < abs($1 - natural) }!
            let end = t.offset(at: t.duration + 1)
            XCTAssertEqual(end, page, "fling \(v) from \(start): rests at \(natural)")
            XCTAssertTrue(pages.contains(end))
            // On the way, the fling's curve, scaled to the page.
            let r = rate.perMillisecond
            for time in [0.05, 0.2, 0.5] where time < t.duration {
                XCTAssertEqual(t.offset(at: time), start + (page - start) * (1 - pow(r, 1000 * time)), accuracy: 1e-9)
            }
        }
    }

    /// Snap points (and the range's ends): a short fling from 0 ends at 100, a longer one at 450;
    /// a release without speed after a drag settles on the nearest point.
    func testSnapPointsAndReleases() {
        let snapping = Snapping.points([450, 100])
        let short = Timeline(startOffset: 0, bounds: bounds, script: [.fling(velocity: 250, rate: .normal)], snapping: snapping)
        XCTAssertEqual(short.offset(at: short.duration + 1), 100)
        let long = Timeline(startOffset: 0, bounds: bounds, script: [.fling(velocity: 800, rate: .normal)], snapping: snapping)
        XCTAssertEqual(long.offset(at: long.duration + 1), 450)
        let release = Timeline(startOffset: 400, bounds: bounds,
                               script: [.drag(dy: -30, duration: 0.3, curve: .easeOut), .release], snapping: snapping)
        XCTAssertEqual(release.offset(at: release.duration + 1), 450)
        // Without snapping, the same release stays where the finger left it.
        let free = Timeline(startOffset: 400, bounds: bounds, script: [.drag(dy: -30, duration: 0.3, curve: .easeOut), .release])
        XCTAssertEqual(free.offset(at: free.duration + 1), 430, accuracy: 1e-9)
    }

    func testPagingAndSnapPointsAreDecodedOrRefused() throws {
        func scroll(_ members: String) throws -> Scene {
            let text = #"{"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 400, \#(members)}, "views": []}"#
            return try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        }
        XCTAssertEqual(try scroll(#""paging": true"#).scroll.snapping, .paging)
        XCTAssertEqual(try scroll(#""snapPoints": [250, 50]"#).scroll.snapping, .points([50, 250]))
        XCTAssertNil(try scroll(#""paging": false"#).scroll.snapping)
        XCTAssertThrowsError(try scroll(#""paging": true, "snapPoints": [50]"#)) {
            XCTAssertEqual("\($0)", #"s.json: scroll.snapPoints: paging already sets where flings end; give "paging" or "snapPoints", not both"#)
        }
    }
}
