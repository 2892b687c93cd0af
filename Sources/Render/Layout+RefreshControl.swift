import Foundation
import Scene

extension Layout {
    /// The refresh control's spinner at scroll `offset` (see `RefreshControl.spinner`): an item
    /// `RefreshControl.diameter` across, centred horizontally and in the gap the pull opens under
    /// the bars, up to `RefreshControl.height`, so it stays put while refreshing. A large title
    /// rides down with the pulled content, so the gap opens above it, under the bar itself, as in
    /// UIKit. Nil when the scene has no refresh control or nothing shows.
    ///
    /// Its children are the ticks shown, clockwise from 12 o'clock; each tick is a group whose
    /// alpha is the tick's (`RefreshControl.tickAlpha`, or `revealedAlpha` while pulling),
    /// holding `dotsPerTick` overlapping circles along the tick, which make a capsule with
    /// rounded ends from the rasterizer's rounded rects alone (a tick at 45° is not a
    /// rectangle). Drawn as a group, the overlaps do not darken. The circles are at most a fifth
    /// of their diameter apart, so the capsule's edges waver by at most 1 % of its width
    /// (w/2 − √(w²/4 − w²/100)): 0.03 pt, invisible at any scale.
    /// It is drawn under the content and the bars, as UIKit inserts the control behind them.
    public func refreshItem(offset: Double, spinner: RefreshControl.Spinner) -> DisplayItem? {
        guard let control = scene.scroll.refreshControl else { return nil }
        let pull = -scene.scroll.offsetFromRest(offset)
        let d = RefreshControl.diameter, radius = d / 2
        let centreX = scene.canvas.width / 2
        let scroll = scene.scroll
        let largeTitle = pull > 0 && scroll.insetAdjustment == .automatic ? scroll.bars.collapsible : 0
        let centreY = scroll.visibleTop(offset: offset) - largeTitle + min(max(pull, 0), RefreshControl.height) / 2
        let ticks = (0..<spinner.ticks).map { index in
            tickItem(index, centre: (centreX, centreY), color: control.tint,
                     alpha: spinner.secondsRefreshing.map { RefreshControl.tickAlpha(index, secondsRefreshing: $0) }
                         ?? Double(RefreshControl.revealedAlpha) / 255)
        }
        var item = DisplayItem(id: RefreshControl.id, frame: Rect(x: centreX - radius, y: centreY - radius, width: d, height: d),
                               alpha: spinner.alpha, children: ticks)
        item.ticks = spinner.ticks
        return item
    }

    /// Circles per tick: enough that neighbours are at most a fifth of a diameter apart.
    static let dotsPerTick = Int(((RefreshControl.tickLength - RefreshControl.tickWidth) / (RefreshControl.tickWidth / 5)).rounded(.up)) + 1

    /// Tick `index` (0 at 12 o'clock, clockwise) around `centre`: a capsule `tickWidth` wide
    /// and `tickLength` long that ends at the spinner's edge.
    private func tickItem(_ index: Int, centre: (x: Double, y: Double), color: Color, alpha: Double) -> DisplayItem {
        let angle = 2 * Double.pi * Double(index) / Double(RefreshControl.tickCount)
        let (dx, dy) = (sin(angle), -cos(angle))
        let w = RefreshControl.tickWidth, outer = RefreshControl.diameter / 2
        let near = outer - RefreshControl.tickLength + w / 2, far = outer - w / 2
        let count = Layout.dotsPerTick
        let dots = (0..<count).map { k in
            let r = near + (far - near) * Double(k) / Double(count - 1)
            return DisplayItem(id: RefreshControl.id + ".dot", frame: Rect(x: centre.x + dx * r - w / 2, y: centre.y + dy * r - w / 2, width: w, height: w),
                               cornerRadius: w / 2, background: color)
        }
        let xs = dots.map(\.frame.x), ys = dots.map(\.frame.y)
        let bounds = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + w, height: ys.max()! - ys.min()! + w)
        return DisplayItem(id: RefreshControl.id + ".tick", frame: bounds, alpha: alpha, children: dots)
    }
}
