import Foundation

/// A progress bar on stderr — frames done, frames per second, time left — only when stderr is a
/// terminal and not silenced with --quiet. Redrawn at most ten times a second, so it costs nothing
/// next to rendering.
final class Progress {
    private let enabled: Bool
    private let total: Int
    private let start = Date()
    private var lastDraw = Date.distantPast
    /// What is being rendered, shown after the counts: a suite's case.
    var label = ""

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) != 0
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let width = 24, filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(bar) \(done)/\(total) frames  \(String(format: "%.1f", rate)) fps  ETA \(Progress.clock(eta))  \(label)\u{1B}[K"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// `42 s` or `3:07`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s < 60 ? "\(s) s" : "\(s / 60):" + String(format: "%02d", s % 60)
    }
}
