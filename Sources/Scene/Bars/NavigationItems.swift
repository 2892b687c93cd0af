/// A navigation bar's buttons: a back button and the leading and trailing bar button items, in
/// the bar's 44-point row, as `UINavigationItem` shows them.
///
/// Metrics (points, on the row of a 393-point iPhone 15 Pro, as UIKit lays out):
/// - items sit 16 from the screen's edges and 8 apart; text items are 17-point regular, icons
///   24-point glyphs of the icon font (their ink about 20 points, as SF Symbols' in a bar);
/// - the back button's chevron starts 8 from the leading edge, its title 6 after it;
/// - all in the tint colour (systemBlue unless the bar gives one).
///
/// Each side is a horizontal stack measured like any other; `centringTitle` then puts the
/// trailing side against its edge and narrows the inline title symmetrically, so it stays
/// centred on the bar and truncates with "…" before it reaches an item.
struct NavigationItems: Equatable {
    enum Item: Equatable {
        case title(String)
        /// The icon font's one-character text for the icon.
        case icon(String)
    }

    /// The previous screen's title, shown after the chevron; nil for no back button.
    var back: String?
    /// The icon font's chevron, looked up when there is a back button.
    var chevron: String?
    var leading: [Item] = []
    var trailing: [Item] = []
    var tint: Color?

    static let edge = 16.0, spacing = 8.0, backInset = 8.0, textSize = 17.0, iconSize = 24.0
    /// The chevron is the icon font's `arrow_back_ios`, whose ink (Material's path) starts at the
    /// glyph's origin and spans 11.67 of its 24 units. At 26 points it is 12.6 × 20.6 points, the
    /// size of UIKit's 13 × 21-point back indicator image; the title follows 6 points after it.
    static let chevronName = "arrow_back_ios", rightToLeftChevronName = "arrow_forward_ios", chevronSize = 26.0, chevronInk = 11.67 / 24, backTitleGap = 6.0
    /// The gap kept between the inline title and the nearest item.
    static let titleGap = 8.0

    var isEmpty: Bool { back == nil && leading.isEmpty && trailing.isEmpty }

    static func systemBlue(dark: Bool) -> Color { dark ? Color(r: 10, g: 132, b: 255) : Color(r: 0, g: 122, b: 255) }

    /// The two sides' views, over the bar's background, in the row from `top`. Their widths are
    /// measured later; the trailing one is placed by `centringTitle`.
    func views(top: Double, dark: Bool) -> [View] {
        let tint = self.tint ?? NavigationItems.systemBlue(dark: dark)
        func view(_ item: Item, _ id: String) -> View { NavigationItems.button(item, id: id, tint: tint) }
        func side(_ id: String, x: Double, _ children: [View]) -> View {
            View(id: id, frame: Rect(x: x, y: top, width: 0, height: SystemBars.barHeight), fixed: true,
                 fit: .width, stack: Stack(axis: .horizontal, spacing: NavigationItems.spacing, alignment: .center),
                 children: children)
        }
        var leadingViews: [View] = []
        var x = NavigationItems.edge
        if let back, let chevron {
            var button = View(id: "navigationBar.back", frame: Rect(x: 0, y: 0, width: 0, height: 0), fit: Fit(width: true, height: true),
                              stack: Stack(axis: .horizontal, alignment: .center))
            // The chevron's view ends `backTitleGap` after its ink; its advance overhangs, clipped.
            var mark = View(id: "navigationBar.back.chevron",
                            frame: Rect(x: 0, y: 0, width: NavigationItems.chevronSize * NavigationItems.chevronInk + NavigationItems.backTitleGap, height: 0),
                            fit: .height)
            mark.label = IconFont.label(chevron, size: NavigationItems.chevronSize, color: tint)
            // The ink sits at the leading edge; right to left, the chevron points right.
            mark.label?.alignment = LayoutDirection.decoding == .rightToLeft ? .right : .left
            button.children = [mark, view(.title(back), "navigationBar.back.title")]
            leadingViews.append(button)
            x = NavigationItems.backInset
        }
        leadingViews += leading.enumerated().map { view($1, "navigationBar.leading\($0)") }
        let trailingViews = trailing.enumerated().map { view($1, "navigationBar.trailing\($0)") }
        return [side("navigationBar.leading", x: x, leadingViews), side("navigationBar.trailing", x: 0, trailingViews)]
    }

    /// A bar button item, measured to fit its text or icon.
    static func button(_ item: Item, id: String, tint: Color) -> View {
        var v = View(id: id, frame: Rect(x: 0, y: 0, width: 0, height: 0), fit: Fit(width: true, height: true))
        switch item {
        case .title(let text):
            v.label = Label(text: text, fontSize: textSize, font: .system, color: tint, alignment: .center)
        case .icon(let glyph):
            v.label = IconFont.label(glyph, size: iconSize, color: tint)
        }
        return v
    }

    /// After measuring: the trailing items end `edge` from the screen's right, and the inline
    /// title spans the bar less the wider side (plus `titleGap`) on both sides, so it stays
    /// centred. A scene without items is returned unchanged.
    static func centringTitle(_ scene: Scene) -> Scene {
        guard let t = scene.views.firstIndex(where: { $0.id == "navigationBar.trailing" }),
              let l = scene.views.firstIndex(where: { $0.id == "navigationBar.leading" }),
              let title = scene.views.firstIndex(where: { $0.id == "navigationBar.title" }) else { return scene }
        var scene = scene
        let w = scene.canvas.width
        scene.views[t].frame.x = w - edge - scene.views[t].frame.width
        let leadingEnd = scene.views[l].children.isEmpty ? 0 : scene.views[l].frame.maxX
        let trailingStart = scene.views[t].children.isEmpty ? w : scene.views[t].frame.x
        let margin = max(leadingEnd, w - trailingStart, edge - titleGap) + titleGap
        scene.views[title].frame.x = margin
        scene.views[title].frame.width = max(0, w - 2 * margin)
        return scene
    }
}
