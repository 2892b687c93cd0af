import Foundation
import Paths

/// A path the user named for an output, with the option that named it, checked before anything is
/// rendered: its folder exists, is a folder and is writable.
///
/// Invariant: `path` is what the file system is asked about (the typed path without a trailing
/// slash, "/" kept); `shown` is the path as typed, the only form messages use.
public struct OutputTarget: Equatable, Sendable {
    public let option: String
    public let shown: String
    public let path: String

    /// Bytes the longest temporary name adds to the target's name: `.` + name + `.partial-` + tag.
    static let temporaryOverhead = 32

    public init(option: String, path: String) {
        self.option = option
        shown = path
        self.path = PathText.trimmingTrailingSlashes(path)
    }

    /// The folder holding the target: "." for a bare name.
    public var parent: String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// The last component of the path.
    var name: String { PathText.lastComponent(of: path) }

    /// Where the target is, to tell whether two targets are the same: links resolved where the
    /// folders exist, else the absolute path as text.
    var identity: String {
        if FileSystem.kind(of: path) == .folder, let folder = FileSystem.canonical(path) { return folder }
        if let folder = FileSystem.canonical(parent) { return PathText.joining(folder, name) }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Where a file the run reads really is: links resolved to the end, its own name too, since an
    /// output's commit replaces that name while the input is read through it. `identity` where
    /// nothing is there.
    var readIdentity: String { FileSystem.canonical(path) ?? identity }

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

    /// Checks that a file of `kind` can be written here: a name, not a folder or a device, in a
    /// writable folder that is not one of render's own folders (a file of the user's there would
    /// make render refuse the folder later), and not a file that holds anything but `kind`.
    public func checkFile(holding kind: FileKind) throws {
        if shown.hasSuffix("/") { throw problem("ends in /, which names a folder; give a file name") }
        switch FileSystem.kind(of: path) {
        case .folder: throw problem("is a folder, not a file")
        case .special: throw problem("is a device, a pipe or a socket, not a regular file; render replaces only regular files")
        case .file, .none: break
        }
        try checkParent()
        if FileSystem.kind(of: PathText.joining(parent, FolderKind.markerName)) == .file {
            throw problem("the folder \(parent) is one render fills with frames or failure images; write this file elsewhere")
        }
        if let refusal = kind.refusal(at: path) { throw problem(refusal) }
    }

    /// Checks that a folder of `kind` can be written here: a new one in a writable folder, or an
    /// existing writable folder that render owns. Returns whether the folder exists.
    ///
    /// With `writableNow` false, only ownership is checked, for a folder that a run may not need
    /// at all (the failures of a check that passes); writing is then checked when it happens.
    @discardableResult
    public func checkFolder(_ kind: FolderKind, writableNow: Bool = true) throws -> Bool {
        switch FileSystem.kind(of: path) {
        case .none:
            if writableNow { try checkParent() }
            return false
        case .file, .special:
            throw problem("is a file, not a folder")
        case .folder:
            if writableNow { try checkWritable(path, describedAs: "the folder") }
            let entries: [(name: String, kind: FileSystem.EntryKind)]
            do { entries = try FileSystem.entries(in: path) } catch { throw problem("cannot list the folder", error) }
            if let refusal = kind.refusal(entries, in: shown) { throw problem(refusal) }
            return true
        }
    }

    private func checkParent() throws {
        let folder = parent
        switch FileSystem.kind(of: folder) {
        case .none: throw problem("the folder \(folder) does not exist")
        case .file, .special: throw problem("\(folder) is not a folder")
        case .folder: try checkWritable(folder, describedAs: "the folder \(folder)")
        }
        let longest = FileSystem.longestName(in: folder)
        if name.utf8.count + OutputTarget.temporaryOverhead > longest {
            throw problem("the name is too long: \(name.utf8.count) bytes, and render needs it to leave "
                          + "\(OutputTarget.temporaryOverhead) of the \(longest) a name may have for its temporary")
        }
    }

    private func checkWritable(_ folder: String, describedAs: String) throws {
        if let code = FileSystem.writeProblem(in: folder) {
            throw problem("cannot write in \(describedAs): \(FileProblem.words(errno: code))")
        }
    }
}
