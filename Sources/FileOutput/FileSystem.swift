import CFileSystem
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
    /// A rename that never replaces: it fails with EEXIST when something is at the destination.
    public var move: @Sendable (_ from: String, _ to: String) throws -> Void
    /// rename(2): atomically replaces the file at the destination. Used only to put a new file
    /// over the previous one, or the previous one back.
    public var replace: @Sendable (_ from: String, _ to: String) throws -> Void
    /// link(2): a second name for a file.
    public var link: @Sendable (_ existing: String, _ new: String) throws -> Void
    /// unlink(2) of a file.
    public var unlink: @Sendable (_ path: String) throws -> Void
    /// mkdir(2) with mode 0777 (less the umask).
    public var makeFolder: @Sendable (_ path: String) throws -> Void
    /// rmdir(2) of an empty folder.
    public var removeFolder: @Sendable (_ path: String) throws -> Void

    public init(move: @escaping @Sendable (String, String) throws -> Void,
                replace: @escaping @Sendable (String, String) throws -> Void,
                link: @escaping @Sendable (String, String) throws -> Void,
                unlink: @escaping @Sendable (String) throws -> Void,
                makeFolder: @escaping @Sendable (String) throws -> Void,
                removeFolder: @escaping @Sendable (String) throws -> Void) {
        self.move = move; self.replace = replace; self.link = link; self.unlink = unlink
        self.makeFolder = makeFolder; self.removeFolder = removeFolder
    }

    /// The real calls.
    public static let system = FileSystem(
        move: { from, to in try call("rename", to) { scrollreel_rename_exclusive(from, to) } },
        replace: { from, to in try call("rename", to) { systemRename(from, to) } },
        link: { existing, new in try call("link", new) { systemLink(existing, new) } },
        unlink: { path in try call("unlink", path) { systemUnlink(path) } },
        makeFolder: { path in try call("mkdir", path) { systemMkdir(path, 0o777) } },
        removeFolder: { path in try call("rmdir", path) { systemRmdir(path) } })

    private static func call(_ name: String, _ path: String, _ body: () -> Int32) throws {
        guard body() == 0 else { throw SystemCallError(call: name, path: path, code: errno) }
    }

    // Reading needs no fault injection: it changes nothing that would have to be put back.

    public enum EntryKind: Equatable { case none, file, folder, special }

    /// What is at `path`:
    /// - `folder`, also through a symbolic link;
    /// - `file`: a regular file, a link to one, or a dangling link (a commit replaces the link
    ///   itself, never what it points to, and can put it back);
    /// - `special`: a device, a pipe or a socket, directly or through a link. Render never
    ///   replaces one: `/dev/null` or `/dev/stdout` must stay what they are.
    public static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .none }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 { return .file }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .special
        }
    }

    /// The names in a folder, sorted, hidden ones included, each with what it is.
    public static func entries(in folder: String) throws -> [(name: String, kind: EntryKind)] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                .map { ($0, kind(of: folder + "/" + $0)) }
        } catch {
            throw SystemCallError(call: "opendir", path: folder, code: (error as NSError).underlyingErrno ?? EIO)
        }
    }

    /// Nil when the calling process may create and rename entries in `folder`, else the errno.
    public static func writeProblem(in folder: String) -> Int32? {
        access(folder, W_OK | X_OK) == 0 ? nil : errno
    }

    /// The longest file name the folder's file system allows.
    static func longestName(in folder: String) -> Int {
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        return limit > 0 ? limit : 255
    }

    /// The permission bits of the file at `path` (through a link), or nil.
    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    static func setPermissions(_ mode: mode_t, of path: String) { _ = chmod(path, mode) }

    /// The canonical path of an existing folder or file: links resolved, "." and ".." gone.
    static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Removes a file or a whole folder tree; for clean-up of this run's own temporaries only.
    public static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// An exclusive advisory lock on a folder, held while render changes what is in it, so that two
/// runs writing into one folder take turns.
final class FolderLock {
    private var descriptor: Int32

    /// Waits for the lock; nil when the folder cannot be opened.
    init?(_ folder: String) {
        descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)   // closing releases the lock
        descriptor = -1
    }

    deinit { release() }
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
