import Scene
import XCTest

/// Pull to refresh: the offsets a pull past the threshold holds and springs back from, and the
/// spinner as a function of the pull and the time. Without bars, on a 390 × 844 canvas at scale 2,
/// the content rests at 0; with a refresh control it holds at −60 while refreshing.
final class RefreshControlTests: XCTestCase {
    let bounds = Timeline.Bounds(range: 0...1000, viewportHeight: 844, scale: 2)
    /// A drag of 400 shows as (1 − 1/(400·0.55/844 + 1))·844 ≈ 174.5 pt of pull: past the 100 threshold.
    let pull: [ScriptStep] = [.drag(dy: 400, duration: 0.5, curve: .linear), .release]

    func timeline(_ script: [ScriptStep], refreshControl: Bool = true) -> Timeline {
        Timeline(startOffset: 0, bounds: bounds, script: script, refreshControl: refreshControl)
    }

    func testAPullPastTheThresholdSpringsBackToTheControlsHeightAndHoldsThere() {
        let t = timeline(pull + [.wait(duration: 2)])
        XCTAssertEqual(t.offset(at: 0.5), -ScrollPhysics.rubberBand(400, dimension: 844), accuracy: 1e-9)
        XCTAssertEqual(t.offset(at: t.duration - 2), -RefreshControl.height, "rests 60 above the content, exactly")
        XCTAssertEqual(t.offset(at: t.duration), -60)
        XCTAssertEqual(t.refreshes, [Timeline.Refresh(start: 0.5, end: nil, settled: nil)])
        // Before it settles the spring passes through offsets between the pull and −60, never above.
        let springing = t.offset(at: 0.6)
        XCTAssertLessThan(springing, -60)
        XCTAssertGreaterThan(springing, -175)
    }

    func testEndRefreshingSpringsBackToRestWithTheBounceSpring() {
        let held = timeline(pull + [.wait(duration: 2)])
        let t = timeline(pull + [.wait(duration: 2), .endRefreshing, .wait(duration: 1)])
        let end = held.duration
        XCTAssertEqual(t.refreshes, [Timeline.Refresh(start: 0.5, end: end, settled: t.duration - 1)])
        for dt in [0.05, 0.1, 0.2, 0.4] {
            XCTAssertEqual(t.offset(at: end + dt), ScrollPhysics.springPosition(edge: 0, from: -60, velocity: 0, time: dt),
                           accuracy: 1e-9, "the critically damped spring from −60 at rest, \(dt) s on")
        }
        XCTAssertEqual(t.offset(at: t.duration), 0, "exactly at rest once settled")
        XCTAssertEqual(t.duration - 1 - end,
                       ScrollPhysics.springSettleTime(edge: 0, from: -60, velocity: 0, tolerance: 0.25), accuracy: 1e-9)
    }

    func testAPullBelowTheThresholdSpringsBackAsWithoutAControl() {
        // A drag of 180 shows as ≈ 89.0 pt: short of 100.
        let short: [ScriptStep] = [.drag(dy: 180, duration: 0.5, curve: .linear), .release, .wait(duration: 1)]
        let with = timeline(short), without = timeline(short, refreshControl: false)
        XCTAssertEqual(with.offsets(fps: 60), without.offsets(fps: 60))
        XCTAssertEqual(with.offset(at: with.duration), 0)
        XCTAssertTrue(with.refreshes.isEmpty)
    }

    func testWithoutAControlAPullPastTheThresholdSpringsBackToRest() {
        let t = timeline(pull + [.wait(duration: 1)], refreshControl: false)
        XCTAssertEqual(t.offset(at: t.duration), 0)
        XCTAssertTrue(t.refreshes.isEmpty)
    }

    func testEndRefreshingWhenNotRefreshingIsRecorded() {
        XCTAssertEqual(timeline([.wait(duration: 1), .endRefreshing]).strayEndRefreshing, [1])
        XCTAssertEqual(timeline(pull + [.endRefreshing, .endRefreshing]).strayEndRefreshing, [3])
        XCTAssertEqual(timeline(pull + [.endRefreshing]).strayEndRefreshing, [])
    }

    func testTicksFillInOneByOneAsThePullGrows() {
        XCTAssertEqual(RefreshControl.ticksShown(pull: 0), 0)
        XCTAssertEqual(RefreshControl.ticksShown(pull: -20), 0, "pushed up shows nothing")
        XCTAssertEqual(RefreshControl.ticksShown(pull: 1), 1)
        XCTAssertEqual(RefreshControl.ticksShown(pull: 12.5), 1, "one per eighth of the 100-point threshold")
        XCTAssertEqual(RefreshControl.ticksShown(pull: 12.51), 2)
        XCTAssertEqual(RefreshControl.ticksShown(pull: 50), 4)
        XCTAssertEqual(RefreshControl.ticksShown(pull: 99.9), 8)
        XCTAssertEqual(RefreshControl.ticksShown(pull: 100), 8)
        XCTAssertEqual(RefreshControl.ticksShown(pull: 300), 8, "never more than all")
        XCTAssertEqual((0...100).map { RefreshControl.ticksShown(pull: Double($0)) }, (0...100).map { RefreshControl.ticksShown(pull: Double($0)) }.sorted())
    }

    func testTheSpinnerFollowsThePullThenSpinsThenFadesAndStaysHiddenUntilRest() {
        let t = timeline(pull + [.wait(duration: 2), .endRefreshing, .wait(duration: 1)])
        let end = t.refreshes[0].end!, settled = t.refreshes[0].settled!
        func spinner(_ time: Double) -> RefreshControl.Spinner? {
            RefreshControl.spinner(at: time, pull: -t.offset(at: time), refreshes: t.refreshes)
        }
        XCTAssertNil(spinner(0), "at rest nothing shows")
        XCTAssertEqual(spinner(0.1)?.ticks, RefreshControl.ticksShown(pull: -t.offset(at: 0.1)))
        XCTAssertNil(spinner(0.1)?.secondsRefreshing, "while pulling the ticks do not spin")
        XCTAssertEqual(spinner(1.5), RefreshControl.Spinner(ticks: 8, alpha: 1, secondsRefreshing: 1))
        XCTAssertEqual(spinner(end + 0.125)?.alpha ?? 0, 0.5, accuracy: 1e-9, "half faded half way through the fade")
        XCTAssertEqual(spinner(end + 0.125)?.ticks, 8)
        XCTAssertGreaterThan(settled, end + RefreshControl.fadeOut, "the spring outlasts the fade")
        XCTAssertNil(spinner(end + RefreshControl.fadeOut + 0.01), "faded, it does not show the pull's ticks while springing back")
        XCTAssertNil(spinner(settled))
    }

    func testTheBrightestTickTurnsClockwiseOnceASecond() {
        func alphas(_ s: Double) -> [Int] { (0..<8).map { Int((RefreshControl.tickAlpha($0, secondsRefreshing: s) * 255).rounded()) } }
        XCTAssertEqual(alphas(0), [147, 47, 47, 47, 47, 72, 97, 122], "brightest at 12 o'clock, the dimmer ones trailing anticlockwise")
        XCTAssertEqual(alphas(0.125), [122, 147, 47, 47, 47, 47, 72, 97], "an eighth of a second on: one tick clockwise")
        XCTAssertEqual(alphas(0.124), alphas(0), "it steps, a tick at a time")
        XCTAssertEqual(alphas(1.0), alphas(0), "one turn a second")
        XCTAssertEqual(alphas(2.5), alphas(0.5))
    }

    func testTheScrollIndicatorIsNotOverscrolledWhileTheControlHoldsTheContent() throws {
        let t = timeline(pull + [.wait(duration: 2), .endRefreshing, .wait(duration: 1)])
        let refresh = t.refreshes[0]
        XCTAssertEqual(t.refreshInset(at: 0.4), 0, "before the release")
        XCTAssertEqual(t.refreshInset(at: refresh.start), 60)
        XCTAssertEqual(t.refreshInset(at: refresh.end! + 0.1), 60, "while springing back after endRefreshing")
        XCTAssertEqual(t.refreshInset(at: refresh.settled!), 0)
        let scene = try SceneDecoder.decode(Array("""
            {"canvas": {"width": 390, "height": 844}, "scroll": {"contentHeight": 1688, "refreshControl": true},
             "views": [{"id": "a", "frame": [0, 0, 390, 100]}]}
            """.utf8), file: "refresh.json")
        let indicator = ScrollIndicator(scene: scene)
        XCTAssertEqual(indicator.frame(offset: -60, refreshInset: 60), indicator.frame(offset: 0), "held: full length, at the top")
        XCTAssertEqual(indicator.frame(offset: -60).height, indicator.frame(offset: 0).height - 60, "without: shrunk as overscrolled")
    }
}
