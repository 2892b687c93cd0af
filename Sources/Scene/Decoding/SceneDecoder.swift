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
}
