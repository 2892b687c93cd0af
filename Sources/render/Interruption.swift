import FileOutput
import Foundation

/// Makes SIGINT and SIGTERM safe for the output: the temporaries being written are removed and
/// every target is left exactly as it was.
///
/// The signals are handled on a dispatch queue, not in signal context, so the clean-up may use the
/// file system freely. Commits (the renames that put finished outputs in place) hold the same lock
/// as the handler: a signal during a commit waits for it to finish, so a folder is never left
/// half replaced.
enum Interruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var outputs: OutputSet?
    /// Set once the outputs are in place: an interruption after that changes nothing.
    nonisolated(unsafe) private static var committed = false
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// For a command that writes nothing and serves until interrupted: how it stops.
    nonisolated(unsafe) private static var stop: (() -> Void)?

    /// Installs the handlers; call once, before any output is written.
    static func install() {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            // A queue of its own, so that busy workers can never keep the handler waiting.
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "render.signals"))
            source.setEventHandler {
                lock.lock()   // never released: the process ends here
                if let stop {
                    stop()
                    _exit(0)
                }
                outputs?.discard()
                let state = committed ? "the output was already written" : "the previous output is unchanged"
                FileHandle.standardError.write(Data("\nerror: interrupted; \(state)\n".utf8))
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Prints `line` (the address being served) and serves until interrupted, which runs `stop`,
    /// says `name: stopped`, and ends the process with status 0.
    static func serve(_ line: String, name: String, stop: @escaping () -> Void) -> Never {
        lock.withLock {
            self.stop = {
                stop()
                FileHandle.standardError.write(Data("\n\(name): stopped\n".utf8))
            }
        }
        print(line)
        fflush(stdout)
        while true { sleep(3600) }
    }

    /// Runs `body`, which writes into `set`, then commits `set` so that no signal handler can run in
    /// the middle of the commit. On an error or a signal, the set's temporaries are removed.
    static func writing(_ set: OutputSet, _ body: () throws -> Void) throws {
        lock.withLock { outputs = set }
        defer { lock.withLock { outputs = nil } }
        do { try body() } catch {
            set.discard()
            throw error
        }
        // A failed commit puts everything back and removes its temporaries itself.
        try lock.withLock {
            try set.commit()
            committed = true
        }
    }
}
