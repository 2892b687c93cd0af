import FileOutput

/// What kind of output the `--out` path asks for.
enum Output {
    case gif, webp, mp4, png, directory

    init(path: String) throws {
        if path.hasSuffix("/") || FileSystem.kind(of: path) == .folder {
            self = .directory
        } else if path.lowercased().hasSuffix(".gif") {
            self = .gif
        } else if path.lowercased().hasSuffix(".webp") {
            self = .webp
        } else if path.lowercased().hasSuffix(".mp4") {
            self = .mp4
        } else if path.lowercased().hasSuffix(".png") {
            self = .png
        } else {
            throw UsageError("--out \(path): expected a .gif, .webp, .mp4 or .png file, or a folder ending in /")
        }
    }
}

/// A file that could not be read; exits with status 1.
struct IOFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
