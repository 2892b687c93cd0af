import Paths

/// A kind of folder that render fills and owns, such as a folder of frames, and how render tells
/// such a folder from one of the user's.
///
/// Invariant: render replaces files only in a folder that is empty, or that holds its marker file
/// and nothing but names of this kind (plus the hidden temporaries of its own runs). Any other
/// file means the folder is the user's, and render refuses to write there.
public struct FolderKind: Sendable {
    /// The file render leaves in every folder it fills.
    public static let markerName = ".scrollreel"
    /// Prefixes of the hidden folders a run keeps inside the folder while it writes and commits.
    static let stagingPrefix = ".scrollreel-partial-"
    static let backupPrefix = ".scrollreel-old-"

    /// What the folder holds, for messages: "frames".
    public let contents: String
    /// What writes such a folder, for a message refusing to write other files into one:
    /// "render --out DIR/", or several joined with "or".
    public let writtenBy: String
    /// Whether a file name is one render writes in a folder of this kind.
    public let owns: @Sendable (String) -> Bool
    /// What a file holds, whatever its format: a file written replaces every file of its slot, so
    /// that a frame written as PNG never leaves an older WebP of it behind. By default, its name.
    public let slot: @Sendable (String) -> String

    public init(contents: String, writtenBy: String, owns: @escaping @Sendable (String) -> Bool,
                slot: @escaping @Sendable (String) -> String = { $0 }) {
        self.contents = contents
        self.writtenBy = writtenBy
        self.owns = owns
        self.slot = slot
    }

    /// The `frame_NNNN.png` files of `--out DIR/`.
    public static let frames = FolderKind(contents: "frames", writtenBy: "render --out DIR/") { FrameName.index(of: $0) != nil }

    /// Recorded references, which `--check`, `render test` and ScrollReelTesting compare frames
    /// with: the `frame_NNNN.webp` files and `frames_NNNN.mkv` videos that recording writes, the
    /// `frame_NNNN.png` files of references recorded with `--out DIR/` before there were WebPs, and
    /// `geometry.json`, the frames' display-list geometry. A frame's PNG and WebP are one slot;
    /// a video is its own: a frame written again beside one is found before it (see `FrameCheck`).
    ///
    /// A folder holding any file of these but PNGs is recorded references, and `--out DIR/`, which
    /// writes frames only, refuses it: a frame folder written over them would delete them.
    public static let references = FolderKind(
        contents: "recorded references", writtenBy: "render --hashes FILE --references, render test --update or ScrollReelTesting",
        owns: { FrameName.frameIndex(of: $0) != nil || FrameName.videoStart(of: $0) != nil || $0 == FrameName.geometry },
        slot: { FrameName.frameIndex(of: $0).map(String.init) ?? $0 })

    /// The actual, expected and diff PNGs of failing frames.
    public static let artifacts = FolderKind(contents: "failure images", writtenBy: "render --check") { name in
        FrameName.failureIndex(of: name) != nil
    }

    /// The failure images of many cases in one folder, each name led by its case:
    /// `stretchy.scale1-frame_0012-diff.png`.
    public static let suiteArtifacts = FolderKind(contents: "failure images", writtenBy: "render test") { name in
        // The case's name may itself hold "-frame_"; any split that leaves a failure image will do.
        name.indices.contains { name[$0] == "-" && isSuiteArtifact(name, ofCase: String(name[..<$0])) }
    }

    /// Whether `name` is one of case `caseName`'s failure images in a suite's folder:
    /// `<case>-frame_0012-diff.png`, the case's name not empty.
    public static func isSuiteArtifact(_ name: String, ofCase caseName: String) -> Bool {
        !caseName.isEmpty && name.hasPrefix(caseName + "-") && artifacts.owns(String(name.dropFirst(caseName.count + 1)))
    }

    /// The marker's text: it tells a reader what the folder is and what deleting the marker does.
    public static let markerText = """
        This folder was written by ScrollReel's render command. render replaces the files it wrote
        here when it writes here again, and never touches any other file. Delete this file to keep
        render from writing here.

        """

    /// Names render may replace or remove: its marker and files of this kind, as regular files.
    /// A folder named like a frame is the user's.
    func replaceable(_ name: String, _ kind: FileSystem.EntryKind) -> Bool {
        kind == .file && (name == FolderKind.markerName || owns(name))
    }

    /// The names that make a folder the user's rather than render's; empty when render owns it. The
    /// hidden temporaries of render's own runs, even of one that was killed, never count.
    func foreignNames(_ entries: [(name: String, kind: FileSystem.EntryKind)]) -> [String] {
        let settled = entries.filter { !$0.name.hasPrefix(FolderKind.stagingPrefix) && !$0.name.hasPrefix(FolderKind.backupPrefix) }
        if settled.isEmpty { return [] }
        guard FolderKind.isMarked(settled) else { return settled.map(\.name) }
        return settled.filter { !replaceable($0.name, $0.kind) }.map(\.name)
    }

    /// Whether the folder at `path` is one render filled as this kind: marked, and holding nothing
    /// but the kind's files (and its runs' temporaries). False when it cannot be listed.
    public func ownsFolder(at path: String) -> Bool {
        guard FileSystem.kind(of: path) == .folder, let entries = try? FileSystem.entries(in: path) else { return false }
        return FolderKind.isMarked(entries) && foreignNames(entries).isEmpty
    }

    /// Whether `entries` hold render's marker file.
    static func isMarked(_ entries: [(name: String, kind: FileSystem.EntryKind)]) -> Bool {
        entries.contains { $0.name == markerName && $0.kind == .file }
    }

    /// The kinds of folder render fills, to name the one a refused folder is: the narrowest first,
    /// since PNG frames are references too.
    static let known: [FolderKind] = [.frames, .references, .artifacts, .suiteArtifacts]

    /// Why render will not write into `folder` (as the user typed it), which holds `entries`; nil
    /// when it may.
    func refusal(_ entries: [(name: String, kind: FileSystem.EntryKind)], in folder: String) -> String? {
        let foreign = foreignNames(entries)
        if foreign.isEmpty { return nil }
        let listed = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
        // A folder render filled with files of another kind, such as references under --out DIR/:
        // said as such, since they are render's files, yet writing would delete them.
        if FolderKind.isMarked(entries), let other = FolderKind.known.first(where: { $0.contents != contents && foreign.allSatisfy($0.owns) }) {
            return "the folder holds \(other.contents) (\(listed)), which \(other.writtenBy) writes again; "
                + "write the \(contents) into another folder"
        }
        var text = "the folder holds files that render did not write (\(listed)); render writes \(contents) only into a "
            + "new or empty folder, or one it wrote before (marked by its \(FolderKind.markerName) file)"
        // Folders of frames written before render marked them hold nothing but its own file names.
        if foreign.allSatisfy(owns) {
            text += "; if render wrote these files, mark the folder with: touch \(PathText.joining(folder, FolderKind.markerName))"
        }
        return text
    }
}
