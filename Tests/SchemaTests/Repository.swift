import Foundation

/// Files of the repository that the schema tests read.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var schema: String { root.appendingPathComponent("samples/schema.json").path }

    /// Every sample scene: samples/*.json except the schema, which sits beside them so that
    /// editors find it but is no scene.
    static var samples: [String] {
        let folder = root.appendingPathComponent("samples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    static var badScenes: URL { root.appendingPathComponent("Tests/CLITests/BadScenes") }
}
