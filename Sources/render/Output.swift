import Foundation

/// Where frames go, decided by the `--out` path.
enum Output {
    case gif(String)
    case png(String)
    case directory(String)

    init(path: String) throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if path.hasSuffix("/") || (exists && isDirectory.boolValue) {
            self = .directory(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path)
        } else if path.lowercased().hasSuffix(".gif") {
            self = .gif(path)
        } else if path.lowercased().hasSuffix(".png") {
            self = .png(path)
        } else {
            throw UsageError("--out \(path): expected a .gif or .png file, or a directory ending in /")
        }
    }
}

/// Writes a file or directory through a temporary sibling that is renamed into place only when it
/// is complete, so a failed run never leaves a partial file or destroys the previous output.
struct AtomicOutput {
    let final: String
    let temporary: String

    init(path: String) {
        final = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
    }

    /// Moves the finished temporary into place, replacing what was there.
    func commit() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: final, isDirectory: &isDirectory), isDirectory.boolValue {
            // rename(2) cannot replace a non-empty directory: move the old one aside first.
            let old = temporary + ".old"
            try FileManager.default.moveItem(atPath: final, toPath: old)
            try FileManager.default.moveItem(atPath: temporary, toPath: final)
            try? FileManager.default.removeItem(atPath: old)
        } else if rename(temporary, final) != 0 {
            throw IOFailure("cannot move the finished output to \(final): \(String(cString: strerror(errno)))")
        }
    }

    func discard() { try? FileManager.default.removeItem(atPath: temporary) }

    /// Runs `body` on the temporary path and commits; on any error the temporary is removed and
    /// the previous output stays as it was.
    func produce(_ body: (String) throws -> Void) throws {
        do {
            try Interruption.writing(temporary) {
                try body(temporary)
                try Interruption.atomically { try commit() }
            }
        } catch {
            discard()
            throw error
        }
    }
}

/// A file-system failure; exits with status 1.
struct IOFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
