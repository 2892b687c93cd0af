import Foundation

/// A file size as users write it: `8MB`, `2MiB`, `500kB`, `1.5GB` or a number of bytes.
/// kB, MB and GB count in thousands (as file hosts state their limits); KiB, MiB and GiB in 1024s.
struct ByteSize: Equatable {
    let bytes: Int

    private static let units: [(String, Double)] = [
        ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
        ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("b", 1),
    ]

    init?(_ text: String) {
        let lower = text.lowercased()
        let (number, scale) = ByteSize.units.first { lower.hasSuffix($0.0) }
            .map { (String(lower.dropLast($0.0.count)), $0.1) } ?? (lower, 1)
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0,
              value * scale >= 1, value * scale < 1e15 else { return nil }
        bytes = Int(value * scale)
    }

    /// `1.95 MB`, `512 kB` or `900 B`: three significant digits, in the thousands-based units.
    static func text(_ bytes: Int) -> String {
        for (unit, scale) in [("GB", 1e9), ("MB", 1e6), ("kB", 1e3)] where Double(bytes) >= scale {
            let value = Double(bytes) / scale
            return (value < 10 ? String(format: "%.2f", value) : value < 100 ? String(format: "%.1f", value)
                    : String(format: "%.0f", value)) + " " + unit
        }
        return "\(bytes) B"
    }
}
