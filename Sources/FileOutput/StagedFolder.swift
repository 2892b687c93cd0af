import Foundation
import Paths

/// A folder output, such as frames or failure images, written file by file into a hidden
/// temporary folder and put in place by `OutputSet.commit()`.
///
/// - A new folder appears in one rename.
/// - An existing folder that render owns (see `FolderKind`) keeps its path: its files are moved
///   aside, the new ones moved in, and the old ones removed only once every output of the run is
///   in place. With `replacingAll`, every file render owns there goes; otherwise only the files
///   this run writes again are replaced, so frame ranges rendered one after another assemble, and
///   those its `scope` claims (a shard's failure images: its cases' images go even where they
///   passed, while other shards' stay). The marker goes with the last file.
/// - The user's other files are never touched: a folder holding any is refused before rendering,
///   and again, under a lock that other runs wait for, when the run commits.
public final class StagedFolder: StagedOutput {
    public let target: OutputTarget
    public let kind: FolderKind
    public let replacingAll: Bool
    /// The names this run replaces even when it does not write them again (see above).
    let scope: @Sendable (String) -> Bool
    private let fileSystem: FileSystem
    /// Inside the target when it exists (its parent may not be writable, as with `--out ./`),
    /// else beside it, so that a new folder appears whole in one rename.
    let staging: String
    /// Inside the target: where the files being replaced wait until the run has committed.
    let backup: String
    private var created = false
    private var discarded = false
    /// Set by a commit that left a folder render had marked empty: it goes in the clean-up.
    private var emptied = false
    private var folderLock: FolderLock?
    private let lock = NSLock()

    init(target: OutputTarget, kind: FolderKind, replacingAll: Bool, scope: @escaping @Sendable (String) -> Bool, exists: Bool,
         fileSystem: FileSystem, tag: String) {
        self.target = target
        self.kind = kind
        self.replacingAll = replacingAll
        self.scope = scope
        self.fileSystem = fileSystem
        staging = exists ? PathText.joining(target.path, FolderKind.stagingPrefix + tag)
            : PathText.joining(target.parent, "." + target.name + ".partial-" + tag)
        backup = PathText.joining(target.path, FolderKind.backupPrefix + tag)
    }

    /// Writes one file of the folder, such as `frame_0003.png`.
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        try lock.withLock {
            try stage(name)
            try writeFile(name, bytes)
        }
    }

    /// The path where a library that creates and writes a file itself by name writes file `name`
    /// of the folder; it is put in place only when the whole run commits.
    public func pathToWrite(_ name: String) throws -> String {
        try lock.withLock {
            try stage(name)
            return PathText.joining(staging, name)
        }
    }

    /// A system call that failed while a library wrote `pathToWrite(name)`, worded for the target.
    public func writeProblem(_ name: String, errno code: Int32) -> FileProblem {
        FileWriter.problem(target, name, "cannot write", code)
    }

    /// The size in bytes of file `name` as this run wrote it; nil if it wrote none.
    public func size(of name: String) -> Int? {
        lock.withLock {
            var info = stat()
            return created && stat(PathText.joining(staging, name), &info) == 0 ? Int(info.st_size) : nil
        }
    }

    /// Takes back file `name` that this run wrote, as if it had never been written.
    public func remove(_ name: String) throws {
        try lock.withLock {
            precondition(created && kind.owns(name), "\(name) was not written by this run")
            do { try fileSystem.unlink(PathText.joining(staging, name)) } catch {
                throw target.problem("cannot remove \(name)", error)
            }
        }
    }

    /// Ready to write file `name`: the staging folder exists, with its marker. Called under `lock`.
    private func stage(_ name: String) throws {
        precondition(kind.owns(name), "\(name) is not a file of this kind of folder")
        guard !discarded else { throw target.problem("written after the run was abandoned", duringRun: true) }
        if !created {
            do { try fileSystem.makeFolder(staging) } catch { throw target.problem("cannot create the folder", error) }
            created = true
            try writeFile(FolderKind.markerName, Array(FolderKind.markerText.utf8))
        }
    }

    private func writeFile(_ name: String, _ bytes: [UInt8]) throws {
        let writer = try FileWriter(path: PathText.joining(staging, name), target: target, entry: name)
        try writer.write(bytes)
        try writer.finish()
    }

    func commit(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target, staging = self.staging
        switch FileSystem.kind(of: target.path) {
        case .file, .special:
            throw target.problem("is a file, not a folder; it appeared while rendering", duringRun: true)
        case .none:
            guard created else { return }
            do {
                try fs.move(staging, target.path)
                journal.done { try fs.move(target.path, staging) }
                return
            } catch let error as SystemCallError where error.code == EEXIST || error.code == ENOTEMPTY {
                // The folder appeared while rendering: merge into it like any existing folder.
            } catch {
                throw target.problem("cannot put the folder in place", error)
            }
        case .folder:
            break
        }
        try merge(&journal)
    }

    /// Moves the files being replaced into the backup folder, then the new files into the target,
    /// holding the folder's lock until the run is committed or undone.
    private func merge(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target, staging = self.staging, backup = self.backup
        folderLock = FolderLock(target.path)
        let present: [(name: String, kind: FileSystem.EntryKind)]
        do { present = try FileSystem.entries(in: target.path) } catch { throw target.problem("cannot list the folder", error) }
        // Checked again: the user may have added a file while the frames were rendering.
        if let refusal = kind.refusal(present, in: target.shown) { throw target.problem(refusal, duringRun: true) }
        let incoming: [String]
        do { incoming = created ? try FileSystem.entries(in: staging).map(\.name) : [] } catch {
            throw target.problem("cannot list the new files", error)
        }
        let arriving = Set(incoming.map(kind.slot)), marker = FolderKind.markerName
        var outgoing = present.filter { entry in
            entry.name != marker && kind.replaceable(entry.name, entry.kind)
                && (replacingAll || arriving.contains(kind.slot(entry.name)) || scope(entry.name))
        }.map(\.name)
        // The marker is replaced by a new one, or goes when every other file does.
        let left = present.filter { !outgoing.contains($0.name) && $0.name != marker && $0.name != PathText.lastComponent(of: staging) }
        if present.contains(where: { $0.name == marker && $0.kind == .file }),
           replacingAll || arriving.contains(kind.slot(marker)) || (incoming.isEmpty && left.isEmpty) {
            outgoing.append(marker)
        }
        if !outgoing.isEmpty {
            do { try fs.makeFolder(backup) } catch { throw target.problem("cannot make room for the new files", error) }
            journal.done { try fs.removeFolder(backup) }
        }
        for name in outgoing {
            let old = PathText.joining(target.path, name), aside = PathText.joining(backup, name)
            do { try fs.move(old, aside) } catch { throw target.problem("cannot replace \(name)", error) }
            journal.done { try fs.move(aside, old) }
        }
        for name in incoming {
            let new = PathText.joining(staging, name), final = PathText.joining(target.path, name)
            do { try fs.move(new, final) } catch { throw target.problem("cannot put \(name) in place", error) }
            journal.done { try fs.move(final, new) }
        }
        // A marked folder that is left with nothing goes too (a check that passes leaves no failures).
        let leaving = Set(outgoing)
        emptied = incoming.isEmpty && leaving.contains(FolderKind.markerName)
            && present.allSatisfy { leaving.contains($0.name) || $0.name == PathText.lastComponent(of: staging) }
    }

    func cleanUp() {
        FileSystem.removeTree(backup)
        if created { FileSystem.removeTree(staging) }
        if emptied { try? fileSystem.removeFolder(target.path) }
        folderLock?.release()
    }

    /// Renamed away first, in one step, so that a file written meanwhile (the run may be interrupted
    /// while it writes) fails instead of landing in a folder that is being removed.
    func discard() {
        lock.withLock {
            discarded = true
            if created {
                let away = staging + "-discarded"
                FileSystem.removeTree((try? fileSystem.move(staging, away)) != nil ? away : staging)
            }
        }
        folderLock?.release()
    }

    /// Where the files this output replaced are kept while the run commits.
    var keptPrevious: [String] { FileSystem.kind(of: backup) == .none ? [] : [backup + "/"] }
}
