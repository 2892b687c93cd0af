import Foundation

/// Makes SIGINT and SIGTERM safe for the output: the temporary being written is removed and the
/// previous output is left exactly as it was.
///
/// The signals are handled on a dispatch queue, not in signal context, so the clean-up may use the
/// file system freely. Commits (the renames that put a finished output in place) hold the same
/// lock as the handler: a signal during a commit waits for it to finish, so a directory swap is
/// never left half done.
enum Interruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var temporary: String?
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs the handlers; call once, before any output is written.
    static func install() {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                lock.lock()   // never released: the process ends here
                if let temporary { discard(temporary) }
                FileHandle.standardError.write(Data("\nerror: interrupted; the previous output is unchanged\n".utf8))
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Removes a temporary file or directory that other threads may still be writing into. It is
    /// renamed away first, in one step, so frames written from now on fail instead of landing in a
    /// directory that is being deleted and keeping it alive.
    private static func discard(_ path: String) {
        let trash = path + ".interrupted"
        let target = rename(path, trash) == 0 ? trash : path
        try? FileManager.default.removeItem(atPath: target)
    }

    /// Runs `body` with `path` registered as the temporary to remove on a signal.
    static func writing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        lock.withLock { temporary = path }
        defer { lock.withLock { temporary = nil } }
        return try body()
    }

    /// Runs `body` (a commit) so that no signal handler can run in the middle of it.
    static func atomically<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }
}
