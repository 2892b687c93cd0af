import Codecs
import Foundation
import Raster

/// Golden frame hashes stored beside the tests in sha256sum's layout (`<hash>  <name>`), with a
/// reference PNG per golden frame so that a mismatch can be shown as a diff.
///
/// Set `SCROLLREEL_RECORD=1` to re-record: the hashes and PNGs are rewritten from what renders now.
/// Look at every recorded PNG before committing it.
public struct GoldenStore {
    public let folder: URL
    public let failures: URL

    public static var recording: Bool { ProcessInfo.processInfo.environment["SCROLLREEL_RECORD"] == "1" }

    /// `testFile` is `#filePath` of the calling test; goldens live in `Goldens/` beside it and
    /// failure artifacts go to `.build/golden-failures/` of the package.
    public init(testFile: String) {
        let tests = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        folder = tests.appendingPathComponent("Goldens")
        failures = tests.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/golden-failures")
    }

    /// name → hash, from `<sample>.sha256`.
    public func hashes(_ sample: String) -> [String: String] {
        let url = folder.appendingPathComponent("\(sample).sha256")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { out[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
        }
        return out
    }

    public func record(_ sample: String, frames: [(name: String, bitmap: Bitmap)]) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(sample), withIntermediateDirectories: true)
        var lines: [String] = []
        for (name, bitmap) in frames {
            lines.append("\(try FrameHash.sha256(bitmap))  \(name)")
            try Data(PNGCodec.encode(bitmap)).write(to: folder.appendingPathComponent("\(name).png"))
        }
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("\(sample).sha256"),
                                                        atomically: true, encoding: .utf8)
    }

    /// The reference PNG of a golden frame, if stored.
    public func reference(_ name: String) -> Bitmap? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(name).png")) else { return nil }
        return try? PNGCodec.decode(Array(data))
    }

    /// Writes `<name>-actual.png` and, when a reference exists, `<name>-diff.png`; returns the folder.
    public func writeFailure(_ name: String, actual: Bitmap) throws -> URL {
        let base = failures.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGCodec.encode(actual)).write(to: URL(fileURLWithPath: base.path + "-actual.png"))
        if let expected = reference(name), expected.width == actual.width, expected.height == actual.height {
            try Data(PNGCodec.encode(diffImage(expected, actual))).write(to: URL(fileURLWithPath: base.path + "-diff.png"))
        }
        return base.deletingLastPathComponent()
    }
}

/// Changed pixels in red over a faded copy of the expected frame.
public func diffImage(_ expected: Bitmap, _ actual: Bitmap) -> Bitmap {
    var bytes = [UInt8](repeating: 255, count: expected.width * expected.height * 4)
    let e = expected.straightBytes(), a = actual.straightBytes()
    for i in stride(from: 0, to: bytes.count, by: 4) {
        if e[i..<i + 4] != a[i..<i + 4] {
            bytes[i] = 255; bytes[i + 1] = 0; bytes[i + 2] = 0
        } else {
            let luma = (299 * Int(e[i]) + 587 * Int(e[i + 1]) + 114 * Int(e[i + 2])) / 1000
            let faded = UInt8(255 - (255 - luma) / 5)
            bytes[i] = faded; bytes[i + 1] = faded; bytes[i + 2] = faded
        }
    }
    return Bitmap(width: expected.width, height: expected.height, straight: bytes)!
}
