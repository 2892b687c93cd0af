import Foundation

/// A one-line progress report on stderr, only when stderr is a terminal and not silenced.
struct Progress {
    private let enabled: Bool
    private let total: Int
    private let start = Date()

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) != 0
    }

    func update(done: Int) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let line = "\rframe \(done)/\(total)  \(String(format: "%.1f", rate)) fps  ETA \(String(format: "%.0f", eta)) s  "
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
