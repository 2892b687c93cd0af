import FileOutput

/// Where frames go, decided by the `--out` path.
enum Output {
    case gif(String)
    case png(String)
    case directory(String)

    init(path: String) throws {
        if path.hasSuffix("/") || FileSystem.kind(of: path) == .folder {
            self = .directory(path)
        } else if path.lowercased().hasSuffix(".gif") {
            self = .gif(path)
        } else if path.lowercased().hasSuffix(".png") {
            self = .png(path)
        } else {
            throw UsageError("--out \(path): expected a .gif or .png file, or a folder ending in /")
        }
    }
}

/// A file that could not be read; exits with status 1.
struct IOFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
