import Scene
import XCTest

/// The effect formulas at offsets worked out by hand from the articles (seeds 000, 001, 003, 004).
final class EffectsTests: XCTestCase {
    let header = Rect(x: 0, y: 0, width: 390, height: 300)   // H = 300

    func testStretchyE1() {
        let e1 = StretchyHeader()
        XCTAssertEqual(e1.frame(header, offset: -300), Rect(x: 0, y: -300, width: 390, height: 600))
        XCTAssertEqual(e1.frame(header, offset: -40), Rect(x: 0, y: -40, width: 390, height: 340))
        XCTAssertEqual(e1.frame(header, offset: 0), header)
        XCTAssertEqual(e1.frame(header, offset: 150), header, "scrolls with the content")
        XCTAssertEqual(e1.frame(header, offset: 300), header)
    }

    /// Content-space frames; on screen (y − offset) the top stays at 0 and the height is H − offset.
    func testPinnedE1b() {
        let e1b = StretchyHeader(pinned: true)
        XCTAssertEqual(e1b.frame(header, offset: -300), Rect(x: 0, y: -300, width: 390, height: 600))
        XCTAssertEqual(e1b.frame(header, offset: 0), header)
        XCTAssertEqual(e1b.frame(header, offset: 150), Rect(x: 0, y: 150, width: 390, height: 150))
        XCTAssertEqual(e1b.frame(header, offset: 300), Rect(x: 0, y: 300, width: 390, height: 0))
        XCTAssertEqual(e1b.frame(header, offset: 450), Rect(x: 0, y: 450, width: 390, height: 0), "gone past H")
    }

    /// V = 800, insets 100 / 50, C = 200, T = 20: the denominator V + C − top − bottom is 850.
    func testParallaxE2() {
        let e2 = ParallaxImage()
        let insets = Insets(top: 100, bottom: 50)
        let image = Size(width: 300, height: 200)
        func top(maxY: Double) -> Double {
            let container = Rect(x: 0, y: maxY - 200, width: 390, height: 200)
            return e2.imageFrame(container: container, imageSize: image, viewportHeight: 800, insets: insets).y - container.y
        }
        XCTAssertEqual(top(maxY: 100), 0, "bottom at the top inset: ratio 0, lowest")
        XCTAssertEqual(top(maxY: 525), -10, accuracy: 1e-12, "ratio 425 / 850 = ½: centred")
        XCTAssertEqual(top(maxY: 950), -20, accuracy: 1e-12, "leaving past the bottom inset: ratio 1, highest")
        XCTAssertEqual(top(maxY: 30), 0, "clamped beyond the top")
        XCTAssertEqual(top(maxY: 1300), -20, "clamped beyond the bottom")
        XCTAssertEqual(top(maxY: 270), -4, accuracy: 1e-12, "ratio 170 / 850 = 0.2")
        let frame = e2.imageFrame(container: Rect(x: 10, y: 0, width: 390, height: 200), imageSize: image,
                                  viewportHeight: 800, insets: insets)
        XCTAssertEqual(frame.height, 220, "T taller than the container")
        XCTAssertEqual(frame.width, 330, "aspect ratio kept")
        XCTAssertEqual(frame.x, 10 + 30, "centred horizontally")
    }

    /// Hc = 180 with three rows: h = 60 and the band travels 0…120.
    func testTextRevealE3() {
        let e3 = TextReveal()
        XCTAssertEqual(e3.bandTop(offset: -50, containerHeight: 180, rows: 3), 0, "clamped above")
        XCTAssertEqual(e3.bandTop(offset: 0, containerHeight: 180, rows: 3), 0)
        XCTAssertEqual(e3.bandTop(offset: 60, containerHeight: 180, rows: 3), 60, "one to one with the scroll")
        XCTAssertEqual(e3.bandTop(offset: 120, containerHeight: 180, rows: 3), 120)
        XCTAssertEqual(e3.bandTop(offset: 500, containerHeight: 180, rows: 3), 120, "clamped below")
        let mapped = TextReveal(from: 100, to: 200)
        XCTAssertEqual(mapped.bandTop(offset: 150, containerHeight: 180, rows: 3), 60)
        XCTAssertEqual(mapped.bandTop(offset: 90, containerHeight: 180, rows: 3), 0)
        XCTAssertEqual(mapped.bandTop(offset: 210, containerHeight: 180, rows: 3), 120)
        XCTAssertEqual(TextReveal().bandColor.a, 204, "black at alpha 0.8")
    }

    func testBlurFractionE4() {
        let e4 = BlurByPull()
        XCTAssertEqual(e4.fraction(offset: 30), 0)
        XCTAssertEqual(e4.fraction(offset: 0), 0)
        XCTAssertEqual(e4.fraction(offset: -50), 0.5)
        XCTAssertEqual(e4.fraction(offset: -100), 1)
        XCTAssertEqual(e4.fraction(offset: -150), 1, "clamped")
        XCTAssertEqual(BlurByPull(fullAt: 200).fraction(offset: -50), 0.25)
    }
}
