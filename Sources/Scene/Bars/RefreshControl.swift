import Foundation

/// UIRefreshControl: a spinner above the content, under the navigation bar, that a pull past
/// `threshold` starts refreshing. Pure functions of the offset and of the timeline's refresh
/// state; knows no pixels.
///
/// Invariants: `ticksShown` is 0 at rest and grows with the pull to `tickCount` at `threshold`;
/// while refreshing all ticks show and their brightness turns once a second, a pure function of
/// the time since refreshing began; after `endRefreshing` the spinner fades out over `fadeOut`.
public struct RefreshControl: Equatable, Sendable {
    /// The display item's id in `--inspect`.
    public static let id = "refreshControl"

    // Apple publishes none of these numbers. The spinner's are those of Flutter's
    // `CupertinoActivityIndicator` (packages/flutter/lib/src/cupertino/activity_indicator.dart),
    // whose tick colours and alphas were extracted from iOS 13.2 and 14, and of
    // `CupertinoSliverRefreshControl` (refresh.dart), the best public measurement of UIKit's.

    /// UIActivityIndicatorView has drawn 8 ticks since iOS 14 (12 before).
    public static let tickCount = 8
    /// The spinner's diameter: twice Flutter's refresh indicator radius, 14 pt.
    public static let diameter = 28.0
    /// Each tick is a capsule 1/5 of the radius wide, from a third of the radius to the edge.
    public static let tickWidth = diameter / 10
    public static let tickLength = diameter / 2 * 2 / 3
    /// The pull, from rest, at which a release starts refreshing: Flutter's
    /// `refreshTriggerPullDistance`, 100 pt, within the 100–130 pt UIKit is seen to need.
    public static let threshold = 100.0
    /// How far below rest the content holds while refreshing: the control's height, Flutter's
    /// `refreshIndicatorExtent`, 60 pt (UIKit adds the control's height to the top inset).
    public static let height = 60.0
    /// The ticks' colour: #3C3C44 in light appearance, #EBEBF5 in dark, drawn at the alphas below,
    /// so that the brightest tick shows as #8E8E93 on white, UIKit's systemGray.
    public static let lightAppearanceTint = Color(r: 0x3C, g: 0x3C, b: 0x44)
    public static let darkAppearanceTint = Color(r: 0xEB, g: 0xEB, b: 0xF5)
    /// While refreshing, tick alphas (of 255) from the one just ahead of the brightest, clockwise,
    /// round to the brightest: the brightest trails three dimmer ones and four at the floor.
    public static let spinningAlphas = [47, 47, 47, 47, 72, 97, 122, 147]
    /// The alpha of every tick while the pull reveals them.
    public static let revealedAlpha = 147
    /// How long the spinner takes to fade out after `endRefreshing`, in seconds (chosen: UIKit's
    /// usual 0.25 s animation).
    public static let fadeOut = 0.25
    /// Turns per second while refreshing (Flutter's indicator: one turn a second).
    public static let turnsPerSecond = 1.0

    public static func tint(dark: Bool) -> Color { dark ? darkAppearanceTint : lightAppearanceTint }

    public var tint: Color

    public init(tint: Color = RefreshControl.lightAppearanceTint) { self.tint = tint }

    /// How many ticks show for a pull of `pull` points below rest: one more per 1/8 of the
    /// threshold, all of them from the threshold on.
    public static func ticksShown(pull: Double) -> Int {
        guard pull > 0 else { return 0 }
        return min(tickCount, Int((pull / threshold * Double(tickCount)).rounded(.up)))
    }

    /// The alpha (0…1) of tick `index` (0 at 12 o'clock, clockwise) `seconds` after refreshing
    /// began: the brightest tick turns clockwise once per `1 / turnsPerSecond` seconds, a step of
    /// 1/8 turn at a time, with the dimmer ones trailing behind it, as UIActivityIndicatorView's.
    public static func tickAlpha(_ index: Int, secondsRefreshing seconds: Double) -> Double {
        let turn = seconds * turnsPerSecond
        let lead = Int((turn - turn.rounded(.down)) * Double(tickCount)) % tickCount
        // Steps clockwise from the tick just ahead of the brightest one (lead) to `index`.
        let step = (index - lead - 1 + 2 * tickCount) % tickCount
        return Double(spinningAlphas[step]) / 255
    }

    /// What the spinner shows at one moment.
    public struct Spinner: Equatable, Sendable {
        /// How many ticks show, clockwise from 12 o'clock.
        public var ticks: Int
        public var alpha: Double
        /// Seconds since refreshing began, while it spins (refreshing or fading out); nil while
        /// the ticks follow the pull, all equally bright.
        public var secondsRefreshing: Double?

        public init(ticks: Int, alpha: Double, secondsRefreshing: Double?) {
            self.ticks = ticks; self.alpha = alpha; self.secondsRefreshing = secondsRefreshing
        }
    }

    /// The spinner at time `t`, with the content pulled `pull` points below rest; nil when nothing
    /// shows. A pure function of its arguments, so any frame is known without the ones before it.
    public static func spinner(at t: Double, pull: Double, refreshes: [Timeline.Refresh]) -> Spinner? {
        if let refresh = refreshes.last(where: { $0.start <= t }) {
            guard let end = refresh.end, t >= end else {
                return Spinner(ticks: tickCount, alpha: 1, secondsRefreshing: t - refresh.start)
            }
            if t < end + fadeOut {
                return Spinner(ticks: tickCount, alpha: 1 - (t - end) / fadeOut, secondsRefreshing: t - refresh.start)
            }
            if let settled = refresh.settled, t < settled { return nil }
        }
        let ticks = ticksShown(pull: pull)
        return ticks == 0 ? nil : Spinner(ticks: ticks, alpha: 1, secondsRefreshing: nil)
    }
}
