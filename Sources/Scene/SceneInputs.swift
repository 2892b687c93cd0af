extension Scene {
    /// The files the scene reads besides itself, each with where the scene names it: its image
    /// assets, in name order, then its labels' font files, in view order. Fonts found by family
    /// through fontconfig are not listed: the scene names no file for them.
    public var inputFiles: [(path: String, jsonPath: String)] {
        var files = assets.sorted { $0.key < $1.key }.map { ($0.value.path, $0.value.jsonPath) }
        func visit(_ view: View) {
            if case .file(let path)? = view.label?.font { files.append((path, view.jsonPath + ".font")) }
            view.children.forEach(visit)
        }
        views.forEach(visit)
        return files
    }
}
