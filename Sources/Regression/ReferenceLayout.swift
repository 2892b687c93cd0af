import Paths

/// Where one scene's references are kept and its failing frames shown: the hash file, the
/// reference frames in a folder beside it named after the scene, and the failure images in
/// another beside that. Every command and the testing library name them through this type.
///
/// For `render --hashes h.sha256 --references` of `stretchy`: `h.sha256`, `stretchy/` and
/// `stretchy-failures/`. For a suite's case or a test's assertion, `<folder>/<name>.sha256`,
/// `<folder>/<name>/` and `<folder>/<name>-failures/`.
///
/// Invariant: `name` holds no `/`, so the folders sit beside the hash file.
public struct ReferenceLayout: Equatable, Sendable {
    /// The hash file; its lines name the frames `<name>/frame_0000`.
    public let manifest: String
    /// The scene's name in the hash file, and the folders' names.
    public let name: String

    /// The layout around a hash file the user named.
    public init(manifest: String, name: String) {
        self.manifest = manifest
        self.name = name
    }

    /// A suite's or a test's references: `<folder>/<name>.sha256` and the folders beside it.
    public init(folder: String, name: String) {
        self.init(manifest: PathText.joining(folder, name + ReferenceLayout.manifestExtension), name: name)
    }

    /// The folder holding the hash file and the other two; relative when the hash file's path was.
    public var folder: String { PathText.folder(of: manifest) }
    /// The reference frames: `<name>/` beside the hash file.
    public var frames: String { PathText.joining(folder, name) }
    /// The failure images and their report: `<name>-failures/` beside the hash file.
    public var failures: String { PathText.joining(folder, name + ReferenceLayout.failuresSuffix) }

    /// The extension of a suite's or a test's hash file.
    public static let manifestExtension = ".sha256"
    /// What follows the name in the failures folder's name.
    public static let failuresSuffix = "-failures"

    /// The name whose hash file `file` is, or nil for another file.
    public static func name(ofManifest file: String) -> Substring? {
        file.hasSuffix(manifestExtension) ? file.dropLast(manifestExtension.count) : nil
    }

    /// The name whose failures folder `folder` is, or nil for another folder.
    public static func name(ofFailures folder: String) -> Substring? {
        folder.hasSuffix(failuresSuffix) ? folder.dropLast(failuresSuffix.count) : nil
    }
}
