import Scene

/// Which variant of the scene the page shows: its switches.
struct StudioVariant: Hashable, Sendable {
    var appearance = Appearance.light
    /// nil keeps the scene's own.
    var scale: Int?
    /// A device's name; nil keeps the scene's own.
    var device: String?
    var contentSize = ContentSizeCategory.large
    var layoutDirection = LayoutDirection.leftToRight

    /// The query keys the page sends.
    static let keys = ["appearance", "scale", "device", "contentSize", "layoutDirection"]

    /// Read from a request's query; anything not understood keeps its default.
    init(query: [String: String]) {
        if query["appearance"] == "dark" { appearance = .dark }
        scale = query["scale"].flatMap(Int.init).flatMap { (1...3).contains($0) ? $0 : nil }
        device = query["device"].flatMap { Device.named($0) == nil ? nil : $0 }
        contentSize = query["contentSize"].flatMap(ContentSizeCategory.init(rawValue:)) ?? .large
        layoutDirection = query["layoutDirection"].flatMap(LayoutDirection.init(rawValue:)) ?? .leftToRight
    }

    init() {}
}
