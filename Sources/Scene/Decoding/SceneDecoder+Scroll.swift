/// Decoding of `scroll`: the content height, insets, paging and snapping, the refresh control and the script.
extension SceneDecoder {
    /// The scroll, and whether its `contentHeight` is "auto", to be measured once the views are known.
    static func decodeScroll(_ node: JSONNode) throws -> (ScrollSpec, auto: Bool) {
        let o = try node.object(allowed: ["contentHeight", "insets", "insetAdjustment", "script", "paging", "snapPoints",
                                             "showsVerticalScrollIndicator", "refreshControl"])
        var insets = Insets()
        if let i = o["insets"] {
            let io = try i.object(allowed: ["top", "bottom"])
            insets = Insets(top: try io["top"]?.number(in: 0...10_000) ?? 0,
                            bottom: try io["bottom"]?.number(in: 0...10_000) ?? 0)
        }
        let script = try o["script"]?.array().map(decodeStep) ?? []
        let height = try o.required("contentHeight")
        var auto = false
        if case .string(let text) = height.value {
            guard text == "auto" else { throw height.fail("expected a number or \"auto\", found \"\(text)\"") }
            auto = true
        }
        var spec = ScrollSpec(contentHeight: auto ? 0 : try height.number(in: 0...1_000_000), insets: insets, script: script)
        spec.snapping = try decodeSnapping(o)
        spec.insetAdjustment = try o["insetAdjustment"]?.choice(InsetAdjustment.allCases.map { ($0.rawValue, $0) }) ?? .automatic
        spec.showsVerticalScrollIndicator = try o["showsVerticalScrollIndicator"]?.bool() ?? true
        spec.indicatorColor = ScrollIndicator.color(dark: Appearance.decoding == .dark)
        spec.refreshControl = try o["refreshControl"].flatMap(decodeRefreshControl)
        if spec.refreshControl == nil, let index = script.firstIndex(of: .endRefreshing) {
            throw try o.required("script").array()[index].child("endRefreshing", .bool(true))
                .fail("there is no refresh control to end; add \"refreshControl\": true to scroll")
        }
        return (spec, auto)
    }

    /// `true`, `false`, or `{"tint": colour}`.
    private static func decodeRefreshControl(_ node: JSONNode) throws -> RefreshControl? {
        if case .bool(let on) = node.value { return on ? RefreshControl(tint: RefreshControl.tint(dark: Appearance.decoding == .dark)) : nil }
        guard case .object = node.value else {
            throw node.fail("expected true, false or an object such as {\"tint\": \"#3C3C44\"}, found \(node.value.typeName)")
        }
        let o = try node.object(allowed: ["tint"])
        return RefreshControl(tint: try o["tint"].map(decodeColor) ?? RefreshControl.tint(dark: Appearance.decoding == .dark))
    }

    /// An `endRefreshing` played while the control is not refreshing (before any pull past its
    /// threshold, or a second time) is an error: UIKit would ignore it, but the script meant
    /// something else.
    static func checkEndRefreshing(_ scene: Scene) throws {
        guard scene.scroll.refreshControl != nil,
              let index = Timeline(scene: scene).strayEndRefreshing.first else { return }
        throw SceneError.invalid(file: scene.file, path: "scroll.script[\(index)]",
                                 message: "the refresh control is not refreshing here; a drag must pull the content \(format(RefreshControl.threshold)) pt past rest and release before it")
    }

    /// `paging` or `snapPoints`, not both.
    private static func decodeSnapping(_ o: JSONObject) throws -> Snapping? {
        let paging = try o["paging"]?.bool() ?? false
        guard let node = o["snapPoints"] else { return paging ? .paging : nil }
        guard !paging else { throw node.fail("paging already sets where flings end; give \"paging\" or \"snapPoints\", not both") }
        let items = try node.array()
        guard !items.isEmpty else { throw node.fail("expected at least one offset") }
        return .points(try items.map { try $0.number(in: -1_000_000...1_000_000) }.sorted())
    }

    static let stepKinds = ["scrollTo", "drag", "release", "fling", "wait", "endRefreshing"]

    private static func decodeStep(_ node: JSONNode) throws -> ScriptStep {
        guard case .object(let members) = node.value else {
            throw node.fail("expected a step object such as {\"scrollTo\": 300, \"duration\": 1}, found \(node.value.typeName)")
        }
        let kinds = members.map { $0.key }.filter { stepKinds.contains($0) }
        guard kinds.count == 1 else {
            if kinds.isEmpty, let first = members.first,
               let hint = closest(to: first.key, in: stepKinds) {
                throw node.child(first.key, .null).fail("unknown step; did you mean \"\(hint)\"?")
            }
            throw node.fail("expected exactly one of \(stepKinds.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let distance: ClosedRange<Double> = -1_000_000...1_000_000
        switch kinds[0] {
        case "scrollTo":
            let o = try node.object(allowed: ["scrollTo", "duration", "curve"])
            return .scrollTo(y: try o.required("scrollTo").number(in: distance),
                             duration: try o.required("duration").number(in: 0...3600),
                             curve: try o["curve"].map(decodeCurve) ?? .easeInOut)
        case "drag":
            let o = try node.object(allowed: ["drag", "duration", "curve"])
            return .drag(dy: try o.required("drag").number(in: distance),
                         duration: try o.required("duration").number(in: 0...3600),
                         curve: try o["curve"].map(decodeCurve) ?? .linear)
        case "release":
            let o = try node.object(allowed: ["release"])
            guard try o.required("release").bool() else { throw o["release"]!.fail("expected true") }
            return .release
        case "fling":
            let o = try node.object(allowed: ["fling", "rate"])
            return .fling(velocity: try o.required("fling").number(in: -100_000...100_000),
                          rate: try o["rate"]?.choice(FlingRate.allCases.map { ($0.rawValue, $0) }) ?? .normal)
        case "endRefreshing":
            let o = try node.object(allowed: ["endRefreshing"])
            guard try o.required("endRefreshing").bool() else { throw o["endRefreshing"]!.fail("expected true") }
            return .endRefreshing
        default:
            let o = try node.object(allowed: ["wait"])
            return .wait(duration: try o.required("wait").number(in: 0...3600))
        }
    }

    static func decodeCurve(_ node: JSONNode) throws -> TimingCurve {
        if case .array = node.value {
            let items = try node.array()
            guard items.count == 4 else { throw node.fail("expected [x1, y1, x2, y2], found \(items.count) numbers") }
            let x1 = try items[0].number(in: 0...1), y1 = try items[1].number(in: -10...10)
            let x2 = try items[2].number(in: 0...1), y2 = try items[3].number(in: -10...10)
            return TimingCurve(x1, y1, x2, y2)
        }
        return try node.choice(TimingCurve.named)
    }
}
