import Foundation

/// Time spent rendering and encoding, and the process's peak memory; printed by `--stats` so that
/// benchmarks can tell the two phases apart.
struct Stats {
    private(set) var frames = 0
    private(set) var renderSeconds = 0.0
    private(set) var encodeSeconds = 0.0

    /// Runs `body`, adding its duration to the render total.
    mutating func render<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now()
        defer { renderSeconds += Stats.seconds(since: start); frames += 1 }
        return try body()
    }

    /// Runs `body`, adding its duration to the encode total.
    mutating func encode<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now()
        defer { encodeSeconds += Stats.seconds(since: start) }
        return try body()
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Peak resident memory in KiB (Linux reports ru_maxrss in KiB).
    static var peakResidentKiB: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// One machine-readable line: `stats frames=N render_ms_per_frame=X encode_ms_per_frame=Y peak_rss_kib=Z`.
    var line: String {
        let n = Double(max(1, frames))
        return "stats frames=\(frames) render_ms_per_frame=\(String(format: "%.3f", renderSeconds * 1000 / n))"
            + " encode_ms_per_frame=\(String(format: "%.3f", encodeSeconds * 1000 / n)) peak_rss_kib=\(Stats.peakResidentKiB)"
    }
}
