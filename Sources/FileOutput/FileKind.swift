#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A kind of file that render writes, such as a GIF or a hash file, told by what the file holds,
/// never by its name: a file output replaces an existing file only when it is of the output's own
/// kind, so `--hashes notes.txt` can never replace the user's notes.
///
/// Invariant: a kind is judged from the file's first `headLength` bytes (all of them when the file
/// is shorter), read through links, so a judgement costs one bounded read however large the file.
/// An empty file is of every kind: it holds nothing to lose, and `touch` is how a user reserves a
/// name. The formats render writes in several modules register their kinds beside their writers
/// (`FileKind.hashes` beside `HashManifest`, and so on); the image and video kinds are here.
public struct FileKind: Sendable {
    /// What a file of this kind is, for messages: "a GIF", "a hash file".
    public let name: String
    /// How many leading bytes `matches` needs to judge a file.
    public let headLength: Int
    /// Whether a file that starts with `head` is of this kind; `whole` when `head` is the entire
    /// file, not a prefix of it. Never called with an empty file.
    public let matches: @Sendable (_ head: [UInt8], _ whole: Bool) -> Bool

    public init(name: String, headLength: Int, matches: @escaping @Sendable (_ head: [UInt8], _ whole: Bool) -> Bool) {
        self.name = name
        self.headLength = headLength
        self.matches = matches
    }

    /// A kind told by fixed bytes at fixed places: `(offset, bytes)` pairs, all of which must match.
    public init(name: String, signature: [(offset: Int, bytes: String)]) {
        let parts = signature.map { ($0.offset, Array($0.bytes.utf8)) }
        self.init(name: name, headLength: parts.map { $0.0 + $0.1.count }.max() ?? 0) { head, _ in
            parts.allSatisfy { offset, bytes in head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes }
        }
    }

    /// `GIF87a` or `GIF89a`.
    public static let gif = FileKind(name: "a GIF", headLength: 6) { head, _ in
        head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
    }

    /// The eight-byte PNG signature.
    public static let png = FileKind(name: "a PNG image", headLength: 8) { head, _ in
        head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// A RIFF container of type WEBP: `RIFF`, a 32-bit size, `WEBP`.
    public static let webp = FileKind(name: "a WebP image", signature: [(0, "RIFF"), (8, "WEBP")])

    /// An ISO media file other than an AVIF: its first box is `ftyp` (a 32-bit size, then the type).
    public static let mp4 = FileKind(name: "an MP4 video", headLength: 12) { head, _ in
        isoMedia(head) && !isAVIF(head)
    }

    /// An AVIF image or image sequence: an ISO media file whose major brand is `avif` or `avis`.
    public static let avif = FileKind(name: "an AVIF image", headLength: 12) { head, _ in isAVIF(head) }

    private static func isoMedia(_ head: [UInt8]) -> Bool { head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8) }

    private static func isAVIF(_ head: [UInt8]) -> Bool {
        isoMedia(head) && head.count >= 12 && ["avif", "avis"].contains(String(decoding: head[8..<12], as: UTF8.self))
    }

    /// The kinds that `describe` names.
    static let recognised: [FileKind] = [.gif, .png, .webp, .avif, .mp4]

    /// Why the file at `path` may not be replaced by a file of this kind, for a `FileProblem`; nil
    /// when it may: nothing is there, or it is empty, or of this kind. A file that cannot be read
    /// cannot be told to be one of render's, and is refused too.
    public func refusal(at path: String) -> String? {
        let head: [UInt8], whole: Bool
        switch FileKind.head(of: path, length: max(headLength, FileKind.describedLength)) {
        case .failure(let error) where error.code == ENOENT: return nil
        case .failure(let error):
            return "render cannot read the file to tell whether it is \(name) (\(FileProblem.words(errno: error.code))); "
                + "choose another name, or delete it first"
        case .success(let read): (head, whole) = read
        }
        if head.isEmpty || matches(Array(head.prefix(headLength)), whole && head.count <= headLength) { return nil }
        return "the file is not \(name) (it holds \(FileKind.describe(head))); choose another name, or delete it first"
    }

    /// How many leading bytes `describe` reads.
    static let describedLength = 4096

    /// What a file that starts with `head` holds, in a few words: one of the image and video
    /// kinds, or HTML, XML, JSON, text, or binary data.
    static func describe(_ head: [UInt8]) -> String {
        if let kind = recognised.first(where: { $0.matches(head, false) }) { return kind.name }
        // A prefix may end inside a character: only what precedes the last one is judged.
        let text = String(decoding: head.prefix(describedLength), as: UTF8.self).dropLast()
        guard !text.contains("\u{FFFD}"), !text.unicodeScalars.contains(where: { $0.value < 0x20 && !"\t\n\r\u{0C}".unicodeScalars.contains($0) }) else {
            return "binary data"
        }
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return "HTML" }
        if start.hasPrefix("<") { return "XML" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return "JSON" }
        return "text"
    }

    /// Up to `length` bytes from the start of the file at `path`, through links, and whether they
    /// are all of it; or the failed call. A dangling link fails with ENOENT.
    static func head(of path: String, length: Int) -> Result<(bytes: [UInt8], whole: Bool), SystemCallError> {
        // Non-blocking: should a pipe take the file's place since it was checked, the open does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(SystemCallError(call: "open", path: path, code: errno)) }
        defer { close(descriptor) }
        // One byte past the length tells a prefix from the whole file.
        var bytes = [UInt8](repeating: 0, count: length + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemCallError(call: "read", path: path, code: errno))
            }
            if n == 0 { break }
            filled += n
        }
        return .success((Array(bytes[..<min(filled, length)]), filled <= length))
    }
}
