/// `"statusBar": {"style": …}`: UIStatusBarStyle's dark (black) or light (white) content, or
/// `auto`, which the renderer picks in each frame for the pixels under the bar.
public enum StatusBarStyle: String, CaseIterable, Sendable { case dark, light, auto }

/// The system's bars, drawn as views of rectangles, rings and text, with no bitmaps: a status
/// bar, a navigation bar whose large title collapses into the inline title, a tab bar and the
/// home indicator. They are placed for the canvas and its device's safe area, in the scene's
/// appearance, and added as fixed top-level views over the scene's own, so a report or a
/// binding sees them like any view.
///
/// Geometry follows UIKit in points: a 44-point bar under the status bar; a 52-point large title
/// (34-point bold) under it; a 49-point tab bar over the home indicator's 34-point safe area;
/// the indicator a 134 × 5 capsule 8 points above the bottom. The navigation bar's buttons are
/// `NavigationItems`; icons, in its items and in tabs, are `IconFont` glyphs.
struct SystemBars {
    var statusBar: String?
    var navigationTitle: String?
    var largeTitle = true
    /// `"transparent": true`: the bar never shows its material or hairline, as a bar configured
    /// with a transparent background in both its appearances, for a header that runs under it.
    var transparentNavigationBar = false
    var navigationItems = NavigationItems()
    /// The status bar's content colour; nil follows the appearance (black in light mode), as
    /// `auto` does until the renderer sees the pixels under it.
    var statusStyle: StatusBarStyle?
    /// Each tab's icon: a character of any installed font, or an icon font glyph (`IconFont`).
    var tabItems: [(title: String, glyph: String, icon: Bool)] = []
    var selectedTab = 0
    /// A toolbar's items, spread over its row as flexible spaces between them spread them; nil
    /// for no toolbar.
    var toolbarItems: [NavigationItems.Item]?
    var toolbarTint: Color?
    var homeIndicator = false

    static let barHeight = 44.0, tabBarHeight = 49.0, toolbarHeight = 44.0
    /// The large title's text style at the content size category being decoded: UIKit sizes it
    /// with Dynamic Type (the inline title, the items and the tabs keep their sizes).
    static var largeTitleMetrics: (size: Double, leading: Double) { FontTextStyle.largeTitle.metrics(at: ContentSizeCategory.decoding) }
    /// The large title's row: its leading and 11 points, 52 at the default size (34-point text).
    static var largeTitleHeight: Double { largeTitleMetrics.leading + 11 }
    /// An icon font glyph's em in a tab: its ink, about 5/6 of the em, is then ~23 points, within
    /// the HIG's 25 × 25 regular tab bar glyph.
    static let tabIconSize = 28.0

    /// The status bar's height: the device's top safe area, or UIKit's classic 20 points.
    static func statusHeight(_ canvas: Canvas) -> Double { max(20, canvas.safeArea.top) }

    /// What the bars cover, UIKit's safe area as they make it: at the top the status bar, and
    /// under it the navigation bar and its large title, which collapses; at the bottom the tab
    /// bar over the home indicator's safe area, or that safe area alone with the indicator.
    func insets(_ canvas: Canvas) -> BarInsets {
        var insets = BarInsets()
        if navigationTitle != nil {
            insets.collapsible = largeTitle ? SystemBars.largeTitleHeight : 0
            insets.top = SystemBars.statusHeight(canvas) + SystemBars.barHeight + insets.collapsible
        } else if statusBar != nil {
            insets.top = SystemBars.statusHeight(canvas)
        }
        if !tabItems.isEmpty {
            insets.bottom = SystemBars.tabBarHeight + canvas.safeArea.bottom
        } else if toolbarItems != nil {
            insets.bottom = SystemBars.toolbarHeight + canvas.safeArea.bottom
        } else if homeIndicator {
            insets.bottom = canvas.safeArea.bottom
        }
        return insets
    }

    /// The bars' views, bottom to top. Their bindings follow the offset from rest, which is what
    /// the offset driver measures.
    func views(canvas: Canvas, dark: Bool) -> [View] {
        var views: [View] = []
        if let title = navigationTitle { views += navigationBar(title, canvas, dark: dark) }
        if !tabItems.isEmpty { views += tabBar(canvas, dark: dark) }
        if let items = toolbarItems { views += toolbar(items, canvas, dark: dark) }
        if let time = statusBar { views.append(status(time, canvas, dark: dark)) }
        if homeIndicator {
            views.append(View(id: "homeIndicator", frame: Rect(x: (canvas.width - 134) / 2, y: canvas.height - 13, width: 134, height: 5),
                              background: dark ? .white : Color(r: 0, g: 0, b: 0), cornerRadius: 2.5, fixed: true))
        }
        return views
    }

    private static func text(_ string: String, size: Double, weight: Label.Weight, color: Color,
                             alignment: Label.Alignment = .center) -> Label {
        Label(text: string, fontSize: size, weight: weight, font: .system, color: color, alignment: alignment)
    }

    /// The points of scrolling over which a bar goes from clear to material: the large title's
    /// last 12 points under the bar, or the first 12 of content under a bar without one.
    static let materialFade = 12.0
    private static func separator(_ dark: Bool) -> Color { dark ? Color(r: 84, g: 84, b: 88, a: 153) : Color(r: 60, g: 60, b: 67, a: 74) }
    private static func ink(_ dark: Bool) -> Color { dark ? .white : Color(r: 0, g: 0, b: 0) }

    /// Time at the left, signal, Wi-Fi and battery at the right; on a device without a sensor
    /// housing (20 points tall) the time is centred, as on iPhone SE.
    private func status(_ time: String, _ canvas: Canvas, dark: Bool) -> View {
        let height = SystemBars.statusHeight(canvas), w = canvas.width
        // `auto` starts from the appearance's ink; the renderer may swap it.
        let ink = SystemBars.ink(statusStyle == .light || (statusStyle != .dark && dark))
        let classic = height <= 20
        let centreY = classic ? 10 : height / 2 + 1
        var children: [View] = []
        let timeFrame = classic ? Rect(x: 0, y: centreY - 8, width: w, height: 16)
                                : Rect(x: 0, y: centreY - 11, width: w / 2 - 60, height: 22)
        var clock = View(id: "statusBar.time", frame: timeFrame)
        clock.label = SystemBars.text(time, size: classic ? 12 : 17, weight: .semibold, color: ink)
        children.append(clock)
        // Right group: signal (17 wide), Wi-Fi (15), battery (27), 5 points apart, centred in
        // the right ear, or at the right edge on a classic bar.
        let groupWidth = 17.0 + 5 + 15 + 5 + 27
        let left = classic ? w - 6 - groupWidth : w / 2 + 60 + (w / 2 - 60 - groupWidth) / 2
        let top = centreY - 6
        for (i, h) in [4.0, 6.3, 8.6, 11].enumerated() {
            children.append(View(id: "statusBar.signal\(i)", frame: Rect(x: left + Double(i) * 4.6, y: top + 11.5 - h, width: 3.2, height: h),
                                 background: ink, cornerRadius: 1))
        }
        children.append(wifi(Rect(x: left + 22, y: top, width: 15.4, height: 11.5), ink))
        var battery = View(id: "statusBar.battery", frame: Rect(x: left + 42, y: top - 0.2, width: 24.5, height: 12),
                           background: nil, cornerRadius: 4)
        battery.borderWidth = 1
        battery.borderColor = Color(r: ink.r, g: ink.g, b: ink.b, a: 90)
        battery.children = [View(id: "statusBar.charge", frame: Rect(x: 2, y: 2, width: 20.5, height: 8), background: ink, cornerRadius: 2.5)]
        children.append(battery)
        children.append(View(id: "statusBar.cap", frame: Rect(x: left + 67.5, y: top + 4, width: 1.5, height: 4),
                             background: Color(r: ink.r, g: ink.g, b: ink.b, a: 110), cornerRadius: 0.75))
        var bar = View(id: "statusBar", frame: Rect(x: 0, y: 0, width: w, height: height), fixed: true, children: children)
        // Its glyphs keep their shapes and places in a right-to-left layout.
        bar.semanticContentAttribute = .forceLeftToRight
        return bar
    }

    /// Three arcs over a dot, each a ring clipped to the quarter it spans.
    private func wifi(_ frame: Rect, _ ink: Color) -> View {
        let cx = frame.width / 2, bottom = frame.height
        var arcs: [View] = []
        for (i, radius) in [11.5, 7.6, 3.6].enumerated() {
            let half = radius * 0.74, thickness = i == 2 ? radius : 2.3
            var ring = View(id: "statusBar.wifi\(i)", frame: Rect(x: cx - half, y: bottom - radius, width: 2 * half, height: radius * 0.72 + (i == 2 ? 1 : 0)),
                            clipsToBounds: true)
            var circle = View(id: "statusBar.wifi\(i).ring", frame: Rect(x: half - radius, y: 0, width: 2 * radius, height: 2 * radius),
                              background: i == 2 ? ink : nil, cornerRadius: radius)
            if i < 2 { circle.borderWidth = thickness; circle.borderColor = ink }
            ring.children = [circle]
            arcs.append(ring)
        }
        return View(id: "statusBar.wifi", frame: frame, children: arcs)
    }

    /// The bar is clear at the scroll edge and `chrome` material with a hairline once content is
    /// under it, as UIKit's `scrollEdgeAppearance` and `standardAppearance` are: with a large
    /// title, the material, the hairline and the inline title fade in as the title's last
    /// `materialFade` points scroll under the bar; without one, the material and hairline fade in
    /// over the first `materialFade` points of content scrolled under it. The large title moves
    /// with the content, clipped at the bar.
    /// Its bottom edge on screen is `BarInsets.topEdge`, from the same heights.
    private func navigationBar(_ title: String, _ canvas: Canvas, dark: Bool) -> [View] {
        let top = SystemBars.statusHeight(canvas), w = canvas.width, ink = SystemBars.ink(dark)
        let collapsed = insets(canvas).collapsible
        func fade(from start: Double) -> [Binding] {
            [Binding(property: .alpha, driver: .offset, keyframes: [(start, 0), (start + SystemBars.materialFade, 1)])]
        }
        var background = View(id: "navigationBar", frame: Rect(x: 0, y: 0, width: w, height: top + SystemBars.barHeight), fixed: true)
        background.material = Material(.chrome, dark: dark)
        var hairline = View(id: "navigationBar.hairline", frame: Rect(x: 0, y: top + SystemBars.barHeight, width: w, height: 1.0 / 3),
                            background: SystemBars.separator(dark), fixed: true)
        var inline = View(id: "navigationBar.title", frame: Rect(x: 60, y: top, width: w - 120, height: SystemBars.barHeight), fixed: true)
        inline.label = SystemBars.text(title, size: 17, weight: .semibold, color: ink)
        let items = navigationItems.isEmpty ? [] : navigationItems.views(top: top, dark: dark)
        background.bindings = fade(from: largeTitle ? collapsed - SystemBars.materialFade : 0)
        hairline.bindings = background.bindings
        let chrome = transparentNavigationBar ? [] : [background, hairline]
        guard largeTitle else { return chrome + [inline] + items }
        inline.bindings = background.bindings
        var large = View(id: "navigationBar.largeTitle", frame: Rect(x: 16, y: 0, width: w - 32, height: SystemBars.largeTitleHeight))
        large.label = SystemBars.text(title, size: SystemBars.largeTitleMetrics.size, weight: .bold, color: ink, alignment: .natural)
        // y = −(offset from rest): the title rides with the content, up under the bar and down with a pull.
        large.bindings = [Binding(property: .y, driver: .offset, keyframes: [(0, 0), (1, -1)], clamp: false)]
        let area = View(id: "navigationBar.largeTitleArea", frame: Rect(x: 0, y: top + SystemBars.barHeight, width: w,
                                                                      height: canvas.height - top - SystemBars.barHeight),
                        clipsToBounds: true, fixed: true, children: [large])
        return [area] + chrome + [inline] + items
    }

    /// A bottom bar's background: clear when the content's end rests above it, and `chrome`
    /// material with a hairline while content is under it, fading over the last `materialFade`
    /// points of scrolling.
    private static func bottomBackground(_ id: String, height: Double, _ canvas: Canvas, dark: Bool) -> [View] {
        let w = canvas.width, y = canvas.height - height
        let fade = [Binding(property: .alpha, driver: .offsetToEnd, keyframes: [(0, 0), (SystemBars.materialFade, 1)])]
        var background = View(id: id + ".background", frame: Rect(x: 0, y: y, width: w, height: height), fixed: true, bindings: fade)
        background.material = Material(.chrome, dark: dark)
        let hairline = View(id: id + ".hairline", frame: Rect(x: 0, y: y, width: w, height: 1.0 / 3), background: SystemBars.separator(dark),
                            fixed: true, bindings: fade)
        return [background, hairline]
    }

    /// Items share the width; the selected one is tinted with the system blue.
    private func tabBar(_ canvas: Canvas, dark: Bool) -> [View] {
        let height = SystemBars.tabBarHeight + canvas.safeArea.bottom, w = canvas.width
        let tint = NavigationItems.systemBlue(dark: dark)
        let idle = dark ? Color(r: 142, g: 142, b: 147) : Color(r: 153, g: 153, b: 153)
        let itemWidth = w / Double(tabItems.count)
        var children: [View] = []
        for (i, item) in tabItems.enumerated() {
            let color = i == selectedTab ? tint : idle
            var glyph = View(id: "tabBar.item\(i).glyph", frame: Rect(x: Double(i) * itemWidth, y: 4, width: itemWidth, height: 28))
            glyph.label = item.icon ? IconFont.label(item.glyph, size: SystemBars.tabIconSize, color: color)
                                    : SystemBars.text(item.glyph, size: 22, weight: .regular, color: color)
            var title = View(id: "tabBar.item\(i).title", frame: Rect(x: Double(i) * itemWidth, y: 33, width: itemWidth, height: 12))
            title.label = SystemBars.text(item.title, size: 10, weight: .medium, color: color)
            children += [glyph, title]
        }
        return SystemBars.bottomBackground("tabBar", height: height, canvas, dark: dark)
            + [View(id: "tabBar", frame: Rect(x: 0, y: canvas.height - height, width: w, height: height), fixed: true, children: children)]
    }

    /// UIToolbar's 44-point row over the bottom safe area: the items, in the tint colour, spread
    /// from 16 points inside one edge to 16 inside the other with equal gaps, as flexible spaces
    /// between them lay them out; one item sits at the leading edge.
    private func toolbar(_ items: [NavigationItems.Item], _ canvas: Canvas, dark: Bool) -> [View] {
        let height = SystemBars.toolbarHeight + canvas.safeArea.bottom, edge = NavigationItems.edge
        let tint = toolbarTint ?? NavigationItems.systemBlue(dark: dark)
        let row = View(id: "toolbar", frame: Rect(x: edge, y: canvas.height - height, width: canvas.width - 2 * edge, height: SystemBars.toolbarHeight),
                       fixed: true, stack: Stack(axis: .horizontal, spacing: NavigationItems.spacing, alignment: .center,
                                                 distribution: items.count > 1 ? .equalSpacing : .fill),
                       children: items.enumerated().map { NavigationItems.button($1, id: "toolbar.item\($0)", tint: tint) })
        return SystemBars.bottomBackground("toolbar", height: height, canvas, dark: dark) + [row]
    }
}
