import FileOutput

/// A list of frame hashes in sha256sum's layout: one `<64 hex digits>  <name>` line per frame,
/// where the name is `<scene>/frame_0000`. The file checks with `sha256sum -c` only in spirit
/// (the hash covers decoded pixels, not PNG bytes), but reads and diffs like one.
public struct HashManifest: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var hash: String
        public var name: String

        public init(hash: String, name: String) { self.hash = hash; self.name = name }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The name of frame `index` of a scene: `stretchy/frame_0042`.
    public static func frameName(scene: String, index: Int) -> String { "\(scene)/" + FrameName.stem(index) }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses manifest text; blank lines are skipped, anything else malformed is an error. Lines
    /// may end in CRLF, as a Windows checkout writes them: Swift reads "\r\n" as one character,
    /// which a split on "\n" alone would never find.
    public init(parsing text: String) throws {
        var entries: [Entry] = []
        var names = Set<String>()
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (number, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let hash = line.prefix(64)
            let isHex = hash.count == 64 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
            guard isHex, line.dropFirst(64).hasPrefix("  "), line.count > 66 else {
                throw ParseError(line: number + 1, message: "expected \"<64 lowercase hex digits>  <name>\"")
            }
            let name = String(line.dropFirst(66))
            guard names.insert(name).inserted else { throw ParseError(line: number + 1, message: "\(name) is listed twice") }
            entries.append(Entry(hash: String(hash), name: name))
        }
        self.entries = entries
    }

    public var text: String { entries.map { "\($0.hash)  \($0.name)\n" }.joined() }

    public subscript(name: String) -> String? { entries.first { $0.name == name }?.hash }

    /// Lists `name` with `hash`, in place of any entry of that name, and keeps the entries in
    /// frame order: by scene, then by frame number, so that `frame_10000` follows `frame_9999`
    /// (by text it would come before `frame_2000`). Names that are not `<scene>/frame_<digits>`
    /// sort by their text, after those that are.
    ///
    /// The new entry's place is found by bisection, so that recording a scene frame by frame stays
    /// fast: every call leaves entries in order that were in order. A file written in another
    /// order keeps its entries where they are, and the new one still goes in.
    public mutating func record(hash: String, name: String) {
        entries.removeAll { $0.name == name }
        let key = HashManifest.order(name)
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if HashManifest.order(entries[middle].name) < key { low = middle + 1 } else { high = middle }
        }
        entries.insert(Entry(hash: hash, name: name), at: low)
    }

    /// The key frame order sorts a name by: scene, then frame number; other names last, by text.
    private static func order(_ name: String) -> (Int, String, Int, String) {
        guard let slash = name.lastIndex(of: "/"),
              let index = FrameName.index(ofStem: String(name[name.index(after: slash)...])) else { return (1, name, 0, "") }
        return (0, String(name[..<slash]), index, name)
    }
}

extension FileKind {
    /// A hash file: text that parses as a `HashManifest`. Of a file longer than the first MiB, the
    /// whole lines in that MiB are judged (a scene of 10,000 frames lists about 1 MB).
    public static let hashes = FileKind(name: "a hash file", headLength: 1 << 20) { head, whole in
        // A prefix is judged by its whole lines; one without any is no hash file.
        let end = whole ? head.endIndex : head.lastIndex(of: UInt8(ascii: "\n"))
        guard let end, let text = String(validating: head[..<end], as: UTF8.self) else { return false }
        return (try? HashManifest(parsing: text)) != nil
    }
}
