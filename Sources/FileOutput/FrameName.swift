/// The one naming convention for frame files: `frame_0042.png` (or `.webp` for compact
/// references), zero-padded to four digits and wider when needed, optionally with a suffix before
/// the extension (`frame_0042-diff.png`); and for the lossless videos of compact references,
/// `frames_0040.mkv`, named after the first frame each holds.
///
/// Every module that writes, reads or recognises a frame file goes through this type, so the
/// names cannot drift apart.
public enum FrameName {
    /// The file beside the frames of a references folder that holds where each frame's views are.
    public static let geometry = "geometry.json"

    /// The suffixes of a failing frame's images: `frame_0042-actual.png`, `-expected`, `-diff`.
    private static let failureSuffixes = ["-actual", "-expected", "-diff"]

    /// The frame a failure image shows (`frame_0042-diff.png` → 42); nil for any other name.
    public static func failureIndex(of fileName: String) -> Int? {
        failureSuffixes.lazy.compactMap { index(of: fileName, suffix: $0) }.first
    }

    /// `frame_0042`: the name without an extension, as hash files list it after the scene.
    public static func stem(_ index: Int) -> String { "frame_" + padded(index) }

    /// `frame_0042.png`, or `frame_0042-diff.png` with the suffix `-diff`.
    public static func png(_ index: Int, suffix: String = "") -> String { stem(index) + suffix + ".png" }

    /// `frame_0042.webp`: a reference frame stored as a lossless WebP.
    public static func webp(_ index: Int) -> String { stem(index) + ".webp" }

    /// The index of a frame named by `stem`, `frame_0042`; nil for any other name.
    public static func index(ofStem stem: String) -> Int? { index(of: stem + ".png") }

    /// `frames_0040.mkv`: a reference video whose first frame is frame 40, the rest following in order.
    public static func video(from index: Int) -> String { "frames_" + padded(index) + ".mkv" }

    /// The first frame of a reference video named by `video(from:)`; nil for any other name.
    public static func videoStart(of fileName: String) -> Int? {
        guard fileName.hasPrefix("frames_") else { return nil }
        return index(of: "frame_" + fileName.dropFirst(7), extension: "mkv")
    }

    /// The index of a frame file of either format render writes, `frame_0007.png` or `frame_0007.webp`.
    public static func frameIndex(of fileName: String) -> Int? {
        index(of: fileName) ?? index(of: fileName, extension: "webp")
    }

    /// The index of a file named `frame_<digits><suffix>.<extension>`, whatever the number of
    /// digits; nil for any other name. `frame_7.png` and `frame_0007.png` both give 7.
    public static func index(of fileName: String, suffix: String = "", extension: String = "png") -> Int? {
        let tail = suffix + "." + `extension`
        guard fileName.hasPrefix("frame_"), fileName.hasSuffix(tail) else { return nil }
        let digits = fileName.dropFirst(6).dropLast(tail.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Four digits at least: `0042`.
    private static func padded(_ index: Int) -> String {
        precondition(index >= 0, "frame indices are not negative")
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
