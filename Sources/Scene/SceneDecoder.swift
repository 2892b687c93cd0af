import Foundation
import Paths

/// Reads a scene file and validates it into a `Scene`.
///
/// Every rejection is a `SceneError` naming the file and the JSON path. Unknown keys are errors
/// (with a suggestion when one is close), so a typo never silently does nothing.
public enum SceneDecoder {
    /// How deep views may nest; deeper trees are refused before anything recurses on them.
    public static let maxViewDepth = 32
    /// How many views templates may make. Templates that use templates multiply (ten uses of
    /// ten uses of ten … is exponential in the depth), so they are counted as they are made,
    /// far above any real screen and the default `--max-views`, long before memory runs out.
    public static let maxInstanceViews = 100_000

    /// Reads and decodes a scene file, with each colour that has a light and a dark value taken
    /// for `appearance`, and text styles sized for `contentSize`.
    public static func load(file: String, appearance: Appearance = .light, contentSize: ContentSizeCategory = .large,
                            layoutDirection: LayoutDirection = .leftToRight, device: Device? = nil) throws -> Scene {
        try decode(try JSONFile.read(file, kind: "scene"), file: file, appearance: appearance, contentSize: contentSize,
                   layoutDirection: layoutDirection, device: device)
    }

    /// Decodes scene JSON; relative asset paths resolve against `file`'s folder. Both values of
    /// every light/dark colour are checked; `appearance` picks which one the scene uses, and
    /// `contentSize` the size of every text style (Dynamic Type).
    public static func decode(_ bytes: [UInt8], file: String, appearance: Appearance = .light,
                              contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                              device: Device? = nil) throws -> Scene {
        var scene = try Appearance.$decoding.withValue(appearance) {
            try ContentSizeCategory.$decoding.withValue(contentSize) {
                try LayoutDirection.$decoding.withValue(layoutDirection) {
                    try Device.$overriding.withValue(device) { try decodeScene(bytes, file: file) }
                }
            }
        }
        scene.layoutDirection = layoutDirection
        return scene
    }

    private static func decodeScene(_ bytes: [UInt8], file: String) throws -> Scene {
        let root = try JSONFile.root(bytes, file: file)
            .object(allowed: ["$schema", "canvas", "fps", "assets", "templates", "metrics", "constraints", "scroll", "views"]
                    + systemBarKeys)
        // A pointer to the JSON Schema, for editors; only its type is checked.
        _ = try root["$schema"]?.string()
        let canvas = try decodeCanvas(root.required("canvas"))
        let fps = try root["fps"]?.integer(in: 1...120) ?? 30
        let assets = try root["assets"].map { try decodeAssets($0, sceneFile: file) } ?? [:]
        var (scroll, autoHeight) = try decodeScroll(root.required("scroll"))
        let templates = try root["templates"].map(Templates.init) ?? Templates()
        let metrics = try root["metrics"].map(decodeMetrics) ?? [:]
        var context = ViewContext(assets: assets, templates: templates)
        if let list = root["constraints"] { context.constraintLists.append(ConstraintList(owner: nil, node: list)) }
        var views = try decodeViews(root.required("views").array(), depth: 1, topLevel: true, inStack: false, chain: [], &context)
        let ids = context.ids
        if scroll.showsVerticalScrollIndicator {
            try checkReserved(ScrollIndicator.id, ids: ids, views: views, file: file,
                              "is the scroll indicator's id; rename the view, or hide the indicator with scroll.showsVerticalScrollIndicator: false")
        }
        if scroll.refreshControl != nil {
            try checkReserved(RefreshControl.id, ids: ids, views: views, file: file, "is the refresh control's id; rename the view")
        }
        let bars = try decodeSystemBars(root, canvas: canvas)
        if let bars {
            // What they cover adds to the insets unless `insetAdjustment` is "never" (ScrollSpec.adjustedInsets).
            scroll.bars = bars.insets(canvas)
            views = try addingSystemBars(bars, to: views, ids: ids, canvas: canvas, root: root)
        }
        let constraints = try decodeConstraints(context.constraintLists, views: views, metrics: metrics)
        try checkConstrained(views, constraints, file: file)
        if autoHeight {
            scroll.autoContentHeight = true
            scroll.contentHeight = try StackLayout.contentHeight(of: views, file: file)
        }
        let collapsing = Set(views.filter { $0.collapsingHeader != nil }.map(\.id))
        try checkDrivers(views, ids: ids, collapsing: collapsing, file: file)
        var scene = Scene(canvas: canvas, fps: fps, assets: assets, scroll: scroll, views: views, constraints: constraints, file: file)
        scene.adaptiveStatusBar = bars?.statusStyle == .auto
        try checkEndRefreshing(scene)
        return scene
    }

    /// A view may not take the id of an item the scroll view draws itself, which `--inspect` lists.
    private static func checkReserved(_ id: String, ids: Set<String>, views: [View], file: String, _ why: String) throws {
        guard ids.contains(id) else { return }
        func all(_ view: View) -> [View] { [view] + view.children.flatMap(all) }
        let view = views.flatMap(all).first { $0.id == id }
        throw SceneError.invalid(file: file, path: view.map { "\($0.jsonPath).id" } ?? "views", message: "\"\(id)\" \(why)")
    }

    /// A device gives the size and scale, which `width`, `height` and `scale` may still set. A
    /// device given to the decoder (`Device.overriding`) replaces the scene's, and its size
    /// replaces the scene's `width` and `height`; the scene's `scale` still holds.
    private static func decodeCanvas(_ node: JSONNode) throws -> Canvas {
        let o = try node.object(allowed: ["device", "width", "height", "scale", "background"])
        let device = try o["device"]?.choice(Device.all.map { ($0.name, $0) })
        if let other = Device.overriding {
            // The scene's own size is replaced, but still has to be one.
            for key in ["width", "height"] { _ = try o[key]?.number(in: 1...10_000) }
            return Canvas(width: other.width, height: other.height, scale: try o["scale"]?.integer(in: 1...3) ?? other.scale,
                          background: try o["background"].map(decodeColor) ?? .white, device: other)
        }
        func size(_ key: String, _ fromDevice: Double?) throws -> Double {
            guard let fromDevice else {
                guard let given = o[key] else { throw node.fail("give a \"device\", or a \"width\" and a \"height\"") }
                return try given.number(in: 1...10_000)
            }
            return try o[key]?.number(in: 1...10_000) ?? fromDevice
        }
        return Canvas(width: try size("width", device?.width), height: try size("height", device?.height),
                      scale: try o["scale"]?.integer(in: 1...3) ?? device?.scale ?? 2,
                      background: try o["background"].map(decodeColor) ?? .white, device: device)
    }

    private static func decodeAssets(_ node: JSONNode, sceneFile: String) throws -> [String: Asset] {
        let o = try node.members()
        var assets: [String: Asset] = [:]
        for (name, _) in o.members {
            let entry = o[name]!
            let path: String, scale: Double
            switch entry.value {
            case .string:
                path = try entry.string(); scale = 1
            case .object:
                let e = try entry.object(allowed: ["path", "scale"])
                path = try e.required("path").string()
                scale = try e["scale"]?.number(in: 0.1...10) ?? 1
            default:
                throw entry.fail("expected a PNG path or {\"path\": …, \"scale\": …}, found \(entry.value.typeName)")
            }
            guard !path.isEmpty else { throw entry.fail("expected a PNG path, found an empty string") }
            assets[name] = Asset(path: resolve(path, against: sceneFile), scale: scale, jsonPath: entry.path)
        }
        return assets
    }

    /// The scroll, and whether its `contentHeight` is "auto", to be measured once the views are known.
    private static func decodeScroll(_ node: JSONNode) throws -> (ScrollSpec, auto: Bool) {
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
    private static func checkEndRefreshing(_ scene: Scene) throws {
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

    private static let viewKeys = ["id", "frame", "background", "cornerRadius", "image", "contentMode",
                                   "clipsToBounds", "alpha", "fixed", "effects", "children",
                                   "text", "fontSize", "fontWeight", "font", "textColor", "textAlignment", "letterSpacing",
                                   "numberOfLines", "lineBreakMode", "lineHeight", "bindings",
                                   "stack", "width", "height", "constraints", "compressionResistance", "contentHugging",
                                   "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
                                   "gradient", "maskedCorners", "cornerCurve", "material", "textStyle",
                                   "semanticContentAttribute", "minHeight"]

    /// What decoding a view tree needs besides the view: the assets and templates it may name,
    /// and the ids taken so far.
    private struct ViewContext {
        let assets: [String: Asset]
        let templates: Templates
        var ids = Set<String>()
        /// Views made by templates so far; see `maxInstanceViews`.
        var instanceViews = 0
        /// The `constraints` lists met so far, read once every view id is known.
        var constraintLists: [ConstraintList] = []
    }

    /// Views and use sites of templates, each use site replaced by its instances in place.
    /// `chain` holds the templates the items are inside of; `inStack`, whether a stack places them.
    private static func decodeViews(_ nodes: [JSONNode], depth: Int, topLevel: Bool, inStack: Bool, chain: [String],
                                    _ context: inout ViewContext) throws -> [View] {
        // Before a use site is expanded, not after: a deep chain of templates is refused unmade.
        if let first = nodes.first, depth > maxViewDepth { throw first.fail("views nest deeper than \(maxViewDepth) levels") }
        var views: [View] = []
        for node in nodes {
            guard Templates.isUse(node) else {
                views.append(try decodeView(node, depth: depth, topLevel: topLevel, inStack: inStack, chain: chain, &context))
                continue
            }
            for instance in try context.templates.expand(node, chain: chain) {
                views.append(try decodeView(instance.node, depth: depth, topLevel: topLevel, inStack: inStack,
                                         chain: instance.chain, &context))
            }
        }
        return views
    }

    private static func decodeView(_ node: JSONNode, depth: Int, topLevel: Bool, inStack: Bool, chain: [String],
                                   _ context: inout ViewContext) throws -> View {
        let o = try node.object(allowed: viewKeys)
        let idNode = try o.required("id")
        let id = try idNode.string()
        guard !id.isEmpty else { throw idNode.fail("expected a non-empty id") }
        guard context.ids.insert(id).inserted else { throw idNode.fail("duplicate view id \"\(id)\"") }
        if !chain.isEmpty {
            context.instanceViews += 1
            guard context.instanceViews <= maxInstanceViews else {
                throw node.fail("templates make more than \(maxInstanceViews) views here; do they use each other too often?")
            }
        }
        let assets = context.assets
        var view = View(id: id, frame: Rect(x: 0, y: 0, width: 0, height: 0), jsonPath: node.path)
        (view.frame, view.fit) = try decodePlacement(o, inStack: inStack)
        // Outside a stack, a view without a frame is placed by constraints (checked once they are read).
        view.constrained = !inStack && o["frame"] == nil
        if let list = o["constraints"] { context.constraintLists.append(ConstraintList(owner: id, node: list)) }
        view.compressionResistance = try o["compressionResistance"]?.number(in: 1...999) ?? 750
        if let node = o["minHeight"] {
            guard view.fit.contains(.height) else {
                throw node.fail("applies to a view whose height is measured: in a stack without a \"height\", or with an \"auto\" one")
            }
            view.minHeight = try node.number(in: 0...100_000)
        }
        view.contentHugging = try o["contentHugging"]?.number(in: 1...999) ?? 250
        view.borderWidth = try o["borderWidth"]?.number(in: 0...100_000) ?? 0
        if let color = o["borderColor"] {
            guard o["borderWidth"] != nil else { throw color.fail("only applies with a \"borderWidth\"") }
            view.borderColor = try decodeColor(color)
        }
        view.shadow = try decodeShadow(o)
        view.gradient = try o["gradient"].map(decodeGradient)
        if let node = o["maskedCorners"] {
            view.maskedCorners = []
            for item in try node.array() {
                let corner = try item.choice(CornerMask.named)
                guard !view.maskedCorners.contains(corner) else { throw item.fail("corner \"\(try item.string())\" appears twice") }
                view.maskedCorners.insert(corner)
            }
        }
        view.cornerCurve = try o["cornerCurve"]?.choice(CornerCurve.allCases.map { ($0.rawValue, $0) }) ?? .circular
        view.semanticContentAttribute = try o["semanticContentAttribute"]?
            .choice(SemanticContentAttribute.allCases.map { ($0.rawValue, $0) }) ?? .unspecified
        view.stack = try o["stack"].map(decodeStack)
        view.background = try o["background"].map(decodeColor)
        view.material = try o["material"]?.choice(Material.Style.allCases.map { ($0.rawValue, Material($0, dark: Appearance.decoding == .dark)) })
        view.cornerRadius = try o["cornerRadius"]?.number(in: 0...100_000) ?? 0
        if let imageNode = o["image"] {
            let name = try imageNode.string()
            guard assets[name] != nil else {
                let hint = closest(to: name, in: Array(assets.keys).sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                throw imageNode.fail("unknown asset \"\(name)\"\(hint)")
            }
            view.image = name
        }
        view.contentMode = try o["contentMode"]?.choice(ContentMode.allCases.map { ($0.rawValue, $0) }) ?? .scaleToFill
        view.clipsToBounds = try o["clipsToBounds"]?.bool() ?? false
        view.alpha = try o["alpha"]?.number(in: 0...1) ?? 1
        if let fixedNode = o["fixed"] {
            view.fixed = try fixedNode.bool()
            guard topLevel || !view.fixed else { throw fixedNode.fail("only top-level views can be fixed") }
        }
        view.label = try decodeLabel(o, sceneFile: node.file)
        if !inStack, !view.constrained, !view.fit.isEmpty, view.stack == nil, view.label == nil, view.image == nil {
            throw o["frame"]!.fail("\"auto\" measures a view's text, image or stack, and this view has none")
        }
        view.children = try o["children"].map {
            try decodeViews($0.array(), depth: depth + 1, topLevel: false, inStack: view.stack != nil, chain: chain, &context)
        } ?? []
        if let effects = o["effects"] {
            view.effects = try decodeEffects(effects, for: view, topLevel: topLevel)
        }
        view.bindings = try o["bindings"].map(decodeBindings) ?? []
        return view
    }

    private static func decodeGradient(_ node: JSONNode) throws -> LayerGradient {
        let o = try node.object(allowed: ["type", "colors", "locations", "startPoint", "endPoint"])
        let colorsNode = try o.required("colors")
        let colors = try colorsNode.array().map(decodeColor)
        guard colors.count >= 2 else { throw colorsNode.fail("expected at least two colours") }
        var gradient = LayerGradient(kind: try o["type"]?.choice(LayerGradient.Kind.allCases.map { ($0.rawValue, $0) }) ?? .linear,
                                     colors: colors)
        if let node = o["locations"] {
            let items = try node.array()
            guard items.count == colors.count else {
                throw node.fail("expected one location per colour: \(colors.count), found \(items.count)")
            }
            gradient.locations = try items.map { try $0.number(in: 0...1) }
            for i in 1..<items.count where gradient.locations[i] < gradient.locations[i - 1] {
                throw items[i].fail("locations must not decrease: \(format(gradient.locations[i])) follows \(format(gradient.locations[i - 1]))")
            }
        }
        func point(_ key: String) throws -> (x: Double, y: Double)? {
            guard let node = o[key] else { return nil }
            let items = try node.array()
            guard items.count == 2 else { throw node.fail("expected [x, y] in the view's unit square") }
            return (try items[0].number(in: -10...10), try items[1].number(in: -10...10))
        }
        gradient.startPoint = try point("startPoint") ?? gradient.startPoint
        gradient.endPoint = try point("endPoint") ?? gradient.endPoint
        return gradient
    }

    /// The shadow keys; nil without `shadowOpacity` (or at 0), and the others are then errors.
    private static func decodeShadow(_ o: JSONObject) throws -> Shadow? {
        guard let opacityNode = o["shadowOpacity"] else {
            if let stray = ["shadowColor", "shadowOffset", "shadowRadius"].compactMap({ o[$0] }).first {
                throw stray.fail("only applies with a \"shadowOpacity\"")
            }
            return nil
        }
        var shadow = Shadow(opacity: try opacityNode.number(in: 0...1))
        shadow.color = try o["shadowColor"].map(decodeColor) ?? shadow.color
        if let node = o["shadowOffset"] {
            let items = try node.array()
            guard items.count == 2 else { throw node.fail("expected [dx, dy]") }
            shadow.offset = (try items[0].number(in: -10_000...10_000), try items[1].number(in: -10_000...10_000))
        }
        shadow.radius = try o["shadowRadius"]?.number(in: 0...1000) ?? shadow.radius
        return shadow.opacity > 0 ? shadow : nil
    }

    private static let textKeys = ["textStyle", "fontSize", "fontWeight", "font", "textColor", "textAlignment", "letterSpacing",
                                   "numberOfLines", "lineBreakMode", "lineHeight"]

    /// The label fields of a view; nil when it has no `text`. Text styling without text is an error.
    private static func decodeLabel(_ o: JSONObject, sceneFile: String) throws -> Label? {
        guard let textNode = o["text"] else {
            if let stray = textKeys.compactMap({ o[$0] }).first { throw stray.fail("only applies to a view with \"text\"") }
            return nil
        }
        let text = try textNode.string()
        guard !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }) else {
            throw textNode.fail("expected text with line feeds (\\n) between paragraphs and no other control characters")
        }
        var label = Label(text: text)
        // A text style is the system font at the style's size and weight for the content size
        // category, and its leading between the lines of text that may wrap; each of those that
        // the view states itself wins.
        let style = try o["textStyle"]?.choice(FontTextStyle.allCases.map { ($0.rawValue, $0) })
        let metrics = style?.metrics(at: ContentSizeCategory.decoding)
        label.fontSize = try o["fontSize"]?.number(in: 1...1000) ?? metrics?.size ?? 17
        label.weight = try o["fontWeight"]?.choice(Label.Weight.allCases.map { ($0.rawValue, $0) }) ?? style?.weight ?? .regular
        if let fontNode = o["font"] {
            label.font = try decodeFont(fontNode, sceneFile: sceneFile)
        } else if style != nil {
            label.font = .system
        }
        label.color = try o["textColor"].map(decodeColor) ?? Color(r: 0, g: 0, b: 0)
        label.alignment = try o["textAlignment"]?.choice(Label.Alignment.allCases.map { ($0.rawValue, $0) }) ?? .natural
        label.letterSpacing = try o["letterSpacing"]?.number(in: -100...100) ?? 0
        label.numberOfLines = try o["numberOfLines"]?.integer(in: 0...1000) ?? 1
        label.lineBreak = try o["lineBreakMode"]?.choice(Label.LineBreak.allCases.map { ($0.rawValue, $0) }) ?? .truncateTail
        // One line keeps the font's own line box, as a UILabel's does; the published leading spaces
        // the lines of a paragraph, as Apple's design kits set it.
        label.lineHeight = try o["lineHeight"]?.number(in: 1...1000) ?? (label.numberOfLines == 1 ? nil : metrics?.leading)
        return label
    }

    /// `"system"`, a font file (a path, or a name ending in .ttf, .otf or .ttc) or an installed
    /// family name.
    private static func decodeFont(_ node: JSONNode, sceneFile: String) throws -> Label.FontChoice {
        let name = try node.string()
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw node.fail("expected \"system\", a font file or a family name, found a blank string")
        }
        if name == "system" { return .system }
        let lower = name.lowercased()
        if name.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: lower.hasSuffix) {
            return .file(resolve(name, against: sceneFile))
        }
        return .family(name)
    }

    /// A path from the scene, made relative to the scene file's folder unless absolute.
    static func resolve(_ path: String, against sceneFile: String) -> String {
        path.hasPrefix("/") ? path : PathText.joining(PathText.folder(of: sceneFile), path)
    }

    /// A view's frame, and which of its dimensions are left to measure. A stack places its
    /// children, which give at most a `width` and a `height`; other views give a `frame`, whose
    /// width and height may be "auto".
    private static func decodePlacement(_ o: JSONObject, inStack: Bool) throws -> (Rect, Fit) {
        let size: ClosedRange<Double> = 0...1_000_000
        if inStack {
            if let frame = o["frame"] {
                throw frame.fail("a stack places its views; give \"width\" and \"height\" instead of a frame")
            }
            let w = try o["width"]?.number(in: size), h = try o["height"]?.number(in: size)
            return (Rect(x: 0, y: 0, width: w ?? 0, height: h ?? 0), Fit(width: w == nil, height: h == nil))
        }
        if let stray = o["width"] ?? o["height"] {
            throw stray.fail("only a view in a stack gives its size alone; this view needs a \"frame\"")
        }
        guard let node = o["frame"] else { return (Rect(x: 0, y: 0, width: 0, height: 0), [.width, .height]) }
        guard case .array(let items) = node.value, items.count == 4 else {
            throw node.fail("expected [x, y, width, height]")
        }
        let n = try node.array()
        let x = try n[0].number(in: -1_000_000...1_000_000), y = try n[1].number(in: -1_000_000...1_000_000)
        func dimension(_ item: JSONNode) throws -> Double? {
            if case .string(let text) = item.value {
                guard text == "auto" else { throw item.fail("expected a number or \"auto\", found \"\(text)\"") }
                return nil
            }
            return try item.number(in: size)
        }
        let w = try dimension(n[2]), h = try dimension(n[3])
        return (Rect(x: x, y: y, width: w ?? 0, height: h ?? 0), Fit(width: w == nil, height: h == nil))
    }

    private static func decodeStack(_ node: JSONNode) throws -> Stack {
        let o = try node.object(allowed: ["axis", "spacing", "padding", "alignment", "distribution"])
        var stack = Stack()
        stack.axis = try o["axis"]?.choice(Stack.Axis.allCases.map { ($0.rawValue, $0) }) ?? .vertical
        stack.spacing = try o["spacing"]?.number(in: 0...100_000) ?? 0
        stack.alignment = try o["alignment"]?.choice(Stack.Alignment.allCases.map { ($0.rawValue, $0) }) ?? .fill
        stack.distribution = try o["distribution"]?.choice(Stack.Distribution.allCases.map { ($0.rawValue, $0) }) ?? .fill
        if let padding = o["padding"] {
            if case .number = padding.value {
                let all = try padding.number(in: 0...100_000)
                stack.padding = EdgeInsets(top: all, left: all, bottom: all, right: all)
            } else {
                let p = try padding.object(allowed: ["top", "left", "bottom", "right"])
                func edge(_ key: String) throws -> Double { try p[key]?.number(in: 0...100_000) ?? 0 }
                stack.padding = EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
            }
        }
        return stack
    }

    /// `"#RRGGBB"`, `"#RRGGBBAA"`, a system colour's name (`"label"`, `"systemBlue"`; see
    /// `SystemColor`), or `{"light": …, "dark": …}` of those, taken for the appearance being decoded.
    static func decodeColor(_ node: JSONNode) throws -> Color {
        switch node.value {
        case .object:
            let o = try node.object(allowed: ["light", "dark"])
            let light = try plainColor(o.required("light")), dark = try plainColor(o.required("dark"))
            return Appearance.decoding == .dark ? dark : light
        case .string:
            return try plainColor(node)
        default:
            throw node.fail("expected a colour \"#RRGGBB\", \"#RRGGBBAA\", a system colour such as \"label\" or {\"light\": …, \"dark\": …}, found \(node.value.typeName)")
        }
    }

    /// A hex colour, or a system colour in the appearance being decoded.
    private static func plainColor(_ node: JSONNode) throws -> Color {
        guard case .string(let s) = node.value else {
            throw node.fail("expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or a system colour such as \"label\", found \(node.value.typeName)")
        }
        if s.hasPrefix("#") {
            guard let color = Color(hex: s) else {
                throw node.fail("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(s)\"")
            }
            return color
        }
        guard let pair = SystemColor.table[s] else {
            if Color(hex: "#" + s) != nil { throw node.fail("unknown colour \"\(s)\"; did you mean \"#\(s)\"?") }
            let hint = closest(to: s, in: SystemColor.table.keys.sorted()).map { "; did you mean \"\($0)\"?" }
                ?? "; expected \"#RRGGBB\", \"#RRGGBBAA\" or a system colour such as \"label\" or \"systemBlue\""
            throw node.fail("unknown colour \"\(s)\"\(hint)")
        }
        return Appearance.decoding == .dark ? pair.dark : pair.light
    }
}
