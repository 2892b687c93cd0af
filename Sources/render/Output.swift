import FileOutput
import Outputs

/// What kind of output the `--out` path asks for.
enum Output: Equatable {
    /// An animated image or a video, by its format's extension.
    case animation(AnimationFormat)
    case png, directory

    /// The format of an animation output, nil for others.
    var animation: AnimationFormat? {
        if case .animation(let format) = self { return format }
        return nil
    }

    /// A name ending in `/` is a folder, one with a file format's extension that file (a folder
    /// of that name is then refused, not filled with frames), and any other name a folder if one
    /// is there.
    init(path: String) throws {
        let name = path.lowercased()
        if path.hasSuffix("/") {
            self = .directory
        } else if let format = AnimationFormat.named(by: path) {
            self = .animation(format)
        } else if name.hasSuffix(".png") {
            self = .png
        } else if FileSystem.kind(of: path) == .folder {
            self = .directory
        } else {
            let extensions = (AnimationFormat.all.map(\.fileExtension) + ["png"]).map { "." + $0 }
            throw UsageError("--out \(path): expected a \(extensions.dropLast().joined(separator: ", ")) or \(extensions.last!) file, "
                             + "or a folder ending in /")
        }
    }
}

/// A file that could not be read; exits with status 1.
struct IOFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
