/// Decoding of the scene's `statusBar`, `navigationBar`, `tabBar`, `toolbar` and `homeIndicator`.
extension SceneDecoder {
    static let systemBarKeys = ["statusBar", "navigationBar", "tabBar", "toolbar", "homeIndicator"]

    /// The bars the scene asks for; nil when it asks for none.
    static func decodeSystemBars(_ root: JSONObject, canvas: Canvas) throws -> SystemBars? {
        guard systemBarKeys.contains(where: { root[$0] != nil }) else { return nil }
        var bars = SystemBars()
        if let node = root["statusBar"] {
            switch node.value {
            case .bool:
                bars.statusBar = try node.bool() ? "9:41" : nil
            case .object:
                let o = try node.object(allowed: ["time", "style"])
                bars.statusBar = try o["time"]?.string() ?? "9:41"
                bars.statusStyle = try o["style"]?.choice(StatusBarStyle.allCases.map { ($0.rawValue, $0) })
            default:
                throw node.fail("expected true or {\"time\": …}, found \(node.value.typeName)")
            }
        }
        if let node = root["navigationBar"] {
            let o = try node.object(allowed: ["title", "largeTitle", "back", "leading", "trailing", "tint", "transparent"])
            bars.navigationTitle = try o.required("title").string()
            bars.largeTitle = try o["largeTitle"]?.bool() ?? true
            bars.transparentNavigationBar = try o["transparent"]?.bool() ?? false
            bars.navigationItems = try decodeNavigationItems(o)
        }
        if let node = root["tabBar"] {
            let o = try node.object(allowed: ["items", "selected"])
            let list = try o.required("items"), items = try list.array()
            guard (1...5).contains(items.count) else {
                throw list.fail("expected 1 to 5 items, as UITabBar shows, found \(items.count)")
            }
            bars.tabItems = try items.map { item in
                let i = try item.object(allowed: ["title", "glyph", "icon"])
                let title = try i.required("title").string()
                if let icon = i["icon"] {
                    if i["glyph"] != nil { throw icon.fail("give a tab either \"glyph\" or \"icon\", not both") }
                    return (title, try IconFont.glyph(icon), true)
                }
                return (title, try i["glyph"]?.string() ?? "●", false)
            }
            bars.selectedTab = try o["selected"]?.integer(in: 0...(items.count - 1)) ?? 0
        }
        if let node = root["toolbar"] {
            if root["tabBar"] != nil {
                throw node.fail("a toolbar and a tab bar both sit at the bottom; a screen with a toolbar hides the tab bar, as hidesBottomBarWhenPushed does, so give one of them")
            }
            let o = try node.object(allowed: ["items", "tint"])
            let list = try o.required("items")
            bars.toolbarItems = try decodeBarButtons(list)
            guard !(bars.toolbarItems ?? []).isEmpty else { throw list.fail("expected at least one item") }
            bars.toolbarTint = try o["tint"].map(decodeColor)
        }
        if let node = root["homeIndicator"] {
            bars.homeIndicator = try node.bool()
            if bars.homeIndicator, canvas.safeArea.bottom == 0 {
                throw node.fail("the home indicator sits in the bottom safe area; give the canvas a device that has one")
            }
        }
        return bars
    }

    /// `back`, `leading`, `trailing` and `tint` of a navigation bar.
    private static func decodeNavigationItems(_ o: JSONObject) throws -> NavigationItems {
        var items = NavigationItems()
        if let node = o["back"] {
            switch node.value {
            case .bool: items.back = try node.bool() ? "Back" : nil
            case .string: items.back = try node.string()
            default: throw node.fail("expected the previous screen's title, or true for \"Back\", found \(node.value.typeName)")
            }
            if items.back != nil {
                let name = LayoutDirection.decoding == .rightToLeft ? NavigationItems.rightToLeftChevronName : NavigationItems.chevronName
                items.chevron = try IconFont.glyph(JSONNode(value: .string(name), path: node.path, file: node.file))
            }
        }
        items.leading = try o["leading"].map(decodeBarButtons) ?? []
        items.trailing = try o["trailing"].map(decodeBarButtons) ?? []
        items.tint = try o["tint"].map(decodeColor)
        return items
    }

    /// A list of bar button items, each `{"title": …}` or `{"icon": …}`.
    private static func decodeBarButtons(_ list: JSONNode) throws -> [NavigationItems.Item] {
        try list.array().map { node in
            let b = try node.object(allowed: ["title", "icon"])
            switch (b["title"], b["icon"]) {
            case (let title?, nil): return .title(try title.string())
            case (nil, let icon?): return .icon(try IconFont.glyph(icon))
            case (nil, nil): throw node.fail("a button needs a \"title\" or an \"icon\"")
            default: throw node.fail("give a button either \"title\" or \"icon\", not both")
            }
        }
    }

    /// The bars' views added over the scene's own, after checking that no view uses their ids.
    static func addingSystemBars(_ bars: SystemBars, to views: [View], ids: Set<String>, canvas: Canvas,
                                 root: JSONObject) throws -> [View] {
        let added = bars.views(canvas: canvas, dark: Appearance.decoding == .dark)
        func all(_ view: View) -> [View] { [view] + view.children.flatMap(all) }
        for view in added.flatMap(all) where ids.contains(view.id) {
            let key = systemBarKeys.first { view.id.hasPrefix($0) }!
            throw try root.required(key).fail("its view \"\(view.id)\" has the id of a view of the scene; rename that view")
        }
        return views + added
    }
}
