import Scene

/// Which variant of a scene is drawn: `--scale`, `--fps`, `--appearance`, `--content-size`,
/// `--layout-direction` and `--device`; for `render` and `render validate`.
struct VariantOptions {
    static let names: Set<String> = ["--scale", "--fps", "--appearance", "--content-size", "--layout-direction", "--device"]

    var scale: Int?
    var fps: Int?
    /// Light, dark, or both side by side.
    var appearance: AppearanceChoice
    var contentSize: ContentSizeCategory
    var layoutDirection: LayoutDirection
    /// Drawn for this device instead of the scene's own.
    var device: Device?
    /// `--variants`: variants drawn side by side (render only).
    var variants: VariantSpec?

    init(_ parsed: ParsedArguments) {
        scale = parsed.scale; fps = parsed.fps; appearance = parsed.appearance; contentSize = parsed.contentSize
        layoutDirection = parsed.layoutDirection; device = parsed.device; variants = parsed.variants
    }

    /// The scene file in this variant, with `--scale` and `--fps` applied, and the variants to draw
    /// beside it: the dark one for `both`, or those of `--variants`.
    func loadScene(_ file: String) throws -> (scene: Scene, beside: [Scene]) {
        guard let variants else {
            return try VariantOptions.loadScene(file, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
                                                device: device, scale: scale, fps: fps)
        }
        let base = VariantSpec.Variant(appearance: appearance == .dark ? .dark : .light, contentSize: contentSize,
                                       layoutDirection: layoutDirection)
        let scenes = try variants.variants(base: base).map { variant in
            try VariantOptions.loadScene(file, appearance: variant.appearance == .dark ? .dark : .light, contentSize: variant.contentSize,
                                         layoutDirection: variant.layoutDirection, device: device, scale: scale, fps: fps).scene
        }
        return (scenes[0], Array(scenes.dropFirst()))
    }

    /// A scene file for `appearance` and `contentSize`, with a scale and frame rate other than its
    /// own where given.
    static func loadScene(_ file: String, appearance: AppearanceChoice, contentSize: ContentSizeCategory,
                          layoutDirection: LayoutDirection, device: Device?, scale: Int?, fps: Int?) throws -> (scene: Scene, beside: [Scene]) {
        func configured(_ scene: Scene) -> Scene {
            var scene = scene
            if let scale { scene.canvas.scale = scale }
            if let fps { scene.fps = fps }
            return scene
        }
        func load(_ appearance: Appearance) throws -> Scene {
            configured(try SceneDecoder.load(file: file, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
                                             device: device))
        }
        let first = try load(appearance == .dark ? .dark : .light)
        return (first, appearance == .both ? [try load(.dark)] : [])
    }
}
