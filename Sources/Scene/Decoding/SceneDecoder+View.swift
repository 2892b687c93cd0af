/// Decoding of a view tree: each view's keys, its placement, stack, gradient and shadow.
extension SceneDecoder {
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
    struct ViewContext {
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
    static func decodeViews(_ nodes: [JSONNode], depth: Int, topLevel: Bool, inStack: Bool, chain: [String],
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
}
