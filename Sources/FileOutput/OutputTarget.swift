import Foundation

/// A path the user named for an output, with the option that named it, checked before anything is
/// rendered: its folder exists, is a folder and is writable.
///
/// Invariant: `path` is what the file system is asked about (the typed path without a trailing
/// slash, "/" kept); `shown` is the path as typed, the only form messages use.
public struct OutputTarget: Equatable, Sendable {
    public let option: String
    public let shown: String
    public let path: String

    public init(option: String, path: String) {
        self.option = option
        shown = path
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
    }

    /// The folder holding the target: "." for a bare name.
    public var parent: String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// The last component of the path.
    var name: String { PathText.lastComponent(of: path) }

    /// The absolute, standardized path, to tell whether two targets are the same.
    var absolute: String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// A problem with this target, found before rendering (exit 2) unless `duringRun`.
    public func problem(_ reason: String, duringRun: Bool = false) -> FileProblem {
        FileProblem(option: option, path: shown, reason: reason, foundBeforeRendering: !duringRun)
    }

    /// A failed system call on this target or one of its temporaries, worded without the temporary.
    func problem(_ doing: String, _ error: Error) -> FileProblem {
        if let problem = error as? FileProblem { return problem }
        let words = (error as? SystemCallError).map { FileProblem.words(errno: $0.code) } ?? "\(error)"
        return problem("\(doing): \(words)", duringRun: true)
    }

    /// Checks that a file can be written here: not a folder, in a writable folder.
    public func checkFile() throws {
        if FileSystem.kind(of: path) == .folder { throw problem("is a folder, not a file") }
        try checkParent()
    }

    /// Checks that a folder of `kind` can be written here: a new one in a writable folder, or an
    /// existing writable folder that render owns. Returns whether the folder exists.
    @discardableResult
    public func checkFolder(_ kind: FolderKind) throws -> Bool {
        switch FileSystem.kind(of: path) {
        case .none:
            try checkParent()
            return false
        case .file:
            throw problem("is a file, not a folder")
        case .folder:
            try checkWritable(path, describedAs: "the folder")
            let names: [String]
            do { names = try FileSystem.names(in: path) } catch { throw problem("cannot list the folder", error) }
            let foreign = kind.foreignNames(names)
            if !foreign.isEmpty { throw problem(kind.refusal(foreign)) }
            return true
        }
    }

    private func checkParent() throws {
        let folder = parent
        switch FileSystem.kind(of: folder) {
        case .none: throw problem("the folder \(folder) does not exist")
        case .file: throw problem("\(folder) is not a folder")
        case .folder: try checkWritable(folder, describedAs: "the folder \(folder)")
        }
    }

    private func checkWritable(_ folder: String, describedAs: String) throws {
        if let code = FileSystem.writeProblem(in: folder) {
            throw problem("cannot write in \(describedAs): \(FileProblem.words(errno: code))")
        }
    }
}
