import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which one, on which path, and errno.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let path: String
    public let code: Int32

    public init(call: String, path: String, code: Int32) { self.call = call; self.path = path; self.code = code }

    public var description: String { "\(call) \(path): \(FileProblem.words(errno: code))" }
}

/// The file-system calls that outputs are written and put in place with. Every call that changes
/// the file system goes through here, so tests can make any one of them fail and check that what
/// was there before is put back exactly.
public struct FileSystem: Sendable {
    /// rename(2): atomically replaces a file, or an empty folder, at the destination.
    public var rename: @Sendable (_ from: String, _ to: String) throws -> Void
    /// link(2): a second name for a file.
    public var link: @Sendable (_ existing: String, _ new: String) throws -> Void
    /// unlink(2) of a file.
    public var unlink: @Sendable (_ path: String) throws -> Void
    /// mkdir(2) with mode 0777 (less the umask).
    public var makeFolder: @Sendable (_ path: String) throws -> Void
    /// rmdir(2) of an empty folder.
    public var removeFolder: @Sendable (_ path: String) throws -> Void

    public init(rename: @escaping @Sendable (String, String) throws -> Void,
                link: @escaping @Sendable (String, String) throws -> Void,
                unlink: @escaping @Sendable (String) throws -> Void,
                makeFolder: @escaping @Sendable (String) throws -> Void,
                removeFolder: @escaping @Sendable (String) throws -> Void) {
        self.rename = rename; self.link = link; self.unlink = unlink
        self.makeFolder = makeFolder; self.removeFolder = removeFolder
    }

    /// The real calls.
    public static let system = FileSystem(
        rename: { from, to in try call("rename", to) { systemRename(from, to) } },
        link: { existing, new in try call("link", new) { systemLink(existing, new) } },
        unlink: { path in try call("unlink", path) { systemUnlink(path) } },
        makeFolder: { path in try call("mkdir", path) { systemMkdir(path, 0o777) } },
        removeFolder: { path in try call("rmdir", path) { systemRmdir(path) } })

    private static func call(_ name: String, _ path: String, _ body: () -> Int32) throws {
        guard body() == 0 else { throw SystemCallError(call: name, path: path, code: errno) }
    }

    // Reading needs no fault injection: it changes nothing that would have to be put back.

    /// What is at `path`. A symbolic link to a folder is a folder; any other link, even a dangling
    /// one, is a file, which a commit replaces as a link (never what it points to) and can put back.
    public static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .none }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 { return .file }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    public enum EntryKind: Equatable { case none, file, folder }

    /// The names in a folder, sorted; hidden ones included.
    public static func names(in folder: String) throws -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
            throw SystemCallError(call: "opendir", path: folder, code: (error as NSError).underlyingErrno ?? EIO)
        }
    }

    /// Nil when the calling process may create and rename entries in `folder`, else the errno.
    public static func writeProblem(in folder: String) -> Int32? {
        access(folder, W_OK | X_OK) == 0 ? nil : errno
    }

    /// Removes a file or a whole folder tree; for clean-up of this run's own temporaries only.
    public static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension NSError {
    /// The errno behind a Foundation file error, when it carries one.
    var underlyingErrno: Int32? {
        if domain == NSPOSIXErrorDomain { return Int32(code) }
        return (userInfo[NSUnderlyingErrorKey] as? NSError)?.underlyingErrno
    }
}

// The C functions under names that the closures' labels cannot shadow.
private let systemRename = rename
private let systemLink = link
private let systemUnlink = unlink
private let systemMkdir = mkdir
private let systemRmdir = rmdir
