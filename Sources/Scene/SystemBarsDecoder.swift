/// Decoding of the scene's `statusBar`, `navigationBar`, `tabBar` and `homeIndicator`.
extension SceneDecoder {
    static let systemBarKeys = ["statusBar", "navigationBar", "tabBar", "homeIndicator"]

    /// The bars the scene asks for; nil when it asks for none.
    static func decodeSystemBars(_ root: JSONObject, canvas: Canvas) throws -> SystemBars? {
        guard systemBarKeys.contains(where: { root[$0] != nil }) else { return nil }
        var bars = SystemBars()
        if let node = root["statusBar"] {
            switch node.value {
            case .bool:
                bars.statusBar = try node.bool() ? "9:41" : nil
            case .object:
                let o = try node.object(allowed: ["time"])
                bars.statusBar = try o["time"]?.string() ?? "9:41"
            default:
                throw node.fail("expected true or {\"time\": …}, found \(node.value.typeName)")
            }
        }
        if let node = root["navigationBar"] {
            let o = try node.object(allowed: ["title", "largeTitle"])
            bars.navigationTitle = try o.required("title").string()
            bars.largeTitle = try o["largeTitle"]?.bool() ?? true
        }
        if let node = root["tabBar"] {
            let o = try node.object(allowed: ["items", "selected"])
            let list = try o.required("items"), items = try list.array()
            guard (1...5).contains(items.count) else {
                throw list.fail("expected 1 to 5 items, as UITabBar shows, found \(items.count)")
            }
            bars.tabItems = try items.map { item in
                let i = try item.object(allowed: ["title", "glyph"])
                return (try i.required("title").string(), try i["glyph"]?.string() ?? "●")
            }
            bars.selectedTab = try o["selected"]?.integer(in: 0...(items.count - 1)) ?? 0
        }
        if let node = root["homeIndicator"] {
            bars.homeIndicator = try node.bool()
            if bars.homeIndicator, canvas.safeArea.bottom == 0 {
                throw node.fail("the home indicator sits in the bottom safe area; give the canvas a device that has one")
            }
        }
        return bars
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
