import Scene
import XCTest

/// The vertical scroll indicator's geometry and visibility, against numbers worked out by hand.
/// Without bars, on a 390 × 844 canvas, the track runs from 3 to 841 (838 points) and the bar is
/// 3 points wide at x = 384.
final class ScrollIndicatorTests: XCTestCase {
    func scene(_ scroll: String, bars: String = "", canvas: String = #""width": 390, "height": 844"#,
               appearance: Appearance = .light) throws -> Scene {
        try SceneDecoder.decode(Array("""
        {"canvas": {\(canvas)}, "scroll": {\(scroll)}, "views": [{"id": "a", "frame": [0, 0, 390, 100]}] \(bars)}
        """.utf8), file: "indicator.json", appearance: appearance)
    }

    func indicator(contentHeight: Double) throws -> ScrollIndicator {
        ScrollIndicator(scene: try scene(#""contentHeight": \#(contentHeight)"#))
    }

    func testItsLengthIsTheVisibleFractionOfTheTrackWithAMinimum() throws {
        // Visible 844 of 1688: half the track.
        XCTAssertEqual(try indicator(contentHeight: 1688).frame(offset: 0), Rect(x: 384, y: 3, width: 3, height: 419))
        // A tenth.
        XCTAssertEqual(try indicator(contentHeight: 8440).frame(offset: 0).height, 83.8, accuracy: 1e-9)
        // A hundredth would be 8.38 points: the minimum, 36.
        XCTAssertEqual(try indicator(contentHeight: 84_400).frame(offset: 0).height, ScrollIndicator.minLength)
        // Content shorter than the screen: the whole track, never more.
        XCTAssertEqual(try indicator(contentHeight: 600).frame(offset: 0).height, 838)
    }

    func testItsPositionMapsTheOffsetRangeOntoTheTrack() throws {
        let bar = try indicator(contentHeight: 1688)   // range 0…844
        XCTAssertEqual(bar.frame(offset: 422).y, 3 + 0.5 * (838 - 419))
        XCTAssertEqual(bar.frame(offset: 844).maxY, 841, "at the bottom of the range it ends at the track's bottom")
        let long = try indicator(contentHeight: 84_400)
        XCTAssertEqual(long.frame(offset: 84_400 - 844).maxY, 841, "a minimum-length bar still reaches the end")
    }

    func testOverscrolledItShrinksByTheOverscrollPinnedToTheEdge() throws {
        let bar = try indicator(contentHeight: 1688)
        XCTAssertEqual(bar.frame(offset: -100), Rect(x: 384, y: 3, width: 3, height: 319), "pulled down 100: 100 shorter, at the top")
        XCTAssertEqual(bar.frame(offset: 844 + 50), Rect(x: 384, y: 841 - 369, width: 3, height: 369), "pushed past the bottom")
        XCTAssertEqual(bar.frame(offset: -500).height, ScrollIndicator.minOverscrolledLength, "never under the minimum")
        XCTAssertEqual(bar.frame(offset: -500).y, 3)
        let short = try indicator(contentHeight: 84_400)
        XCTAssertEqual(short.frame(offset: -20).height, 16, "the 36-point minimum shrinks too")
        let fits = try indicator(contentHeight: 600)   // range 0…0
        XCTAssertEqual(fits.frame(offset: 60), Rect(x: 384, y: 3 + 60, width: 3, height: 838 - 60), "pushed up, pinned to the bottom")
        XCTAssertEqual(fits.frame(offset: -60), Rect(x: 384, y: 3, width: 3, height: 838 - 60), "pulled down, pinned to the top")
    }

    func testTheTrackStaysInsideWhatTheBarsCover() throws {
        // iPhone 15 Pro: 155 at the top under a large title (103 collapsed), 83 at the bottom.
        let bars = #", "statusBar": true, "navigationBar": {"title": "T"}, "tabBar": {"items": [{"title": "A"}]}"#
        let s = try scene(#""contentHeight": 3000"#, bars: bars, canvas: #""device": "iPhone 15 Pro""#)
        let bar = ScrollIndicator(scene: s)
        XCTAssertEqual(bar.frame(offset: -155).y, 158, "at rest: 3 under the large title")
        XCTAssertEqual(bar.frame(offset: -155).x, 393 - 6)
        XCTAssertEqual(bar.track(offset: -155).bottom, 852 - 83 - 3)
        XCTAssertEqual(bar.track(offset: 0).top, 106, "the large title collapsed: 3 under the bar")
        // UIKit insets indicators by the safe area whatever contentInsetAdjustmentBehavior is.
        let never = ScrollIndicator(scene: try scene(#""contentHeight": 3000, "insetAdjustment": "never""#, bars: bars,
                                                     canvas: #""device": "iPhone 15 Pro""#))
        XCTAssertEqual(never.track(offset: 0).top, 158)
        XCTAssertEqual(never.track(offset: 0).bottom, 766)
    }

    func testWrittenInsetsInsetItAsScrollIndicatorInsetsDo() throws {
        // Content under a 91-point header of the scene's own: the track starts 3 under it.
        let s = try scene(#""contentHeight": 1688, "insets": {"top": 91, "bottom": 20}"#)
        let bar = ScrollIndicator(scene: s)
        XCTAssertEqual(bar.track(offset: -91).top, 94)
        XCTAssertEqual(bar.track(offset: 500).top, 94, "no large title: the top stays")
        XCTAssertEqual(bar.track(offset: -91).bottom, 844 - 20 - 3)
        // Visible 844 − 111 of 1688, of a 727-point track.
        XCTAssertEqual(bar.frame(offset: -91).height, 733.0 / 1688 * 727, accuracy: 1e-9)
    }

    func testItShowsWhileScrollingAndFadesAfterwards() throws {
        let s = try scene(#"""
        "contentHeight": 3000, "script": [{"wait": 0.5}, {"drag": -100, "duration": 0.5}, {"wait": 0.3},
                                          {"release": true}, {"wait": 2}]
        """#)
        let timeline = Timeline(scene: s)
        func alpha(_ t: Double) -> Double { ScrollIndicator.alpha(secondsStill: timeline.secondsStill(at: t)) }
        XCTAssertEqual(alpha(0.2), 0, "hidden at rest before anything moves")
        XCTAssertEqual(alpha(0.7), 1, "dragging")
        XCTAssertEqual(alpha(1.1), 1, "the finger held still keeps it shown")
        XCTAssertEqual(alpha(1.3 + ScrollIndicator.fadeDelay - 0.01), 1, "still shown until the fade starts")
        XCTAssertEqual(alpha(1.3 + ScrollIndicator.fadeDelay + ScrollIndicator.fadeDuration / 2), 0.5, accuracy: 1e-9)
        XCTAssertEqual(alpha(2.3), 0, "gone a second after the scroll stopped")
        XCTAssertEqual(alpha(3.0), 0)
    }

    func testFlingsBouncesAndScriptedScrollsShowItButAWaitDoesNot() throws {
        let s = try scene(#"""
        "contentHeight": 3000, "script": [{"scrollTo": 0, "duration": 0.5}, {"scrollTo": 400, "duration": 0.5},
                                          {"fling": -3000}, {"wait": 3}]
        """#)
        let timeline = Timeline(scene: s)
        XCTAssertNil(timeline.secondsStill(at: 0.3), "a scroll to where the content is moves nothing")
        XCTAssertEqual(timeline.secondsStill(at: 0.7), 0, "scrolling by script")
        XCTAssertEqual(timeline.secondsStill(at: 1.2), 0, "decelerating")
        // The fling reaches the top and bounces; the indicator stays until the bounce ends.
        let end = timeline.duration - 3
        XCTAssertLessThan(timeline.offset(at: 1.0 + (end - 1.0) * 0.5), 400)
        XCTAssertEqual(timeline.secondsStill(at: end - 0.01), 0)
        XCTAssertEqual(try XCTUnwrap(timeline.secondsStill(at: end + 1)), 1, accuracy: 1e-9)
    }

    func testItCanBeHiddenAndFollowsTheAppearance() throws {
        XCTAssertTrue(try scene(#""contentHeight": 3000"#).scroll.showsVerticalScrollIndicator, "shown by default, as in UIKit")
        XCTAssertFalse(try scene(#""contentHeight": 3000, "showsVerticalScrollIndicator": false"#).scroll.showsVerticalScrollIndicator)
        XCTAssertEqual(try scene(#""contentHeight": 3000"#).scroll.indicatorColor, Color(r: 0, g: 0, b: 0, a: 0x59))
        XCTAssertEqual(try scene(#""contentHeight": 3000"#, appearance: .dark).scroll.indicatorColor, Color(r: 255, g: 255, b: 255, a: 0x80))
        XCTAssertThrowsError(try scene(#""contentHeight": 3000, "showsVerticalScrollIndicator": 0"#))
    }
}
