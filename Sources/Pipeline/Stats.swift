import Foundation

/// Time spent rendering and encoding, and the process's peak memory; printed by `--stats` so that
/// benchmarks can tell the two phases apart. Safe to record into from several threads; with
/// `--jobs` the totals are summed over threads, so they measure work, not wall time.
public final class Stats: @unchecked Sendable {
    private let lock = NSLock()
    private var frames = 0
    private var renderSeconds = 0.0
    private var encodeSeconds = 0.0

    public init() {}

    /// Runs `body`, adding its duration to the render total.
    public func render<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now()
        defer { lock.withLock { renderSeconds += Stats.seconds(since: start); frames += 1 } }
        return try body()
    }

    /// Runs `body`, adding its duration to the encode total.
    public func encode<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now()
        defer { lock.withLock { encodeSeconds += Stats.seconds(since: start) } }
        return try body()
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Peak resident memory in KiB (Linux reports ru_maxrss in KiB).
    public static var peakResidentKiB: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// One machine-readable line: `stats frames=N render_ms_per_frame=X encode_ms_per_frame=Y peak_rss_kib=Z`.
    public var line: String {
        lock.withLock {
            let n = Double(max(1, frames))
            return "stats frames=\(frames) render_ms_per_frame=\(String(format: "%.3f", renderSeconds * 1000 / n))"
                + " encode_ms_per_frame=\(String(format: "%.3f", encodeSeconds * 1000 / n)) peak_rss_kib=\(Stats.peakResidentKiB)"
        }
    }
}
