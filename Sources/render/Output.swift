import FileOutput

/// What kind of output the `--out` path asks for.
enum Output {
    case gif, webp, mp4, png, directory

    /// A name ending in `/` is a folder, one with a file format's extension that file (a folder
    /// of that name is then refused, not filled with frames), and any other name a folder if one
    /// is there.
    init(path: String) throws {
        let name = path.lowercased()
        if path.hasSuffix("/") {
            self = .directory
        } else if name.hasSuffix(".gif") {
            self = .gif
        } else if name.hasSuffix(".webp") {
            self = .webp
        } else if name.hasSuffix(".mp4") {
            self = .mp4
        } else if name.hasSuffix(".png") {
            self = .png
        } else if FileSystem.kind(of: path) == .folder {
            self = .directory
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
