import Foundation

/// A folder output, such as frames or failure images, written file by file into a hidden
/// temporary folder and put in place by `OutputSet.commit()`.
///
/// - A new folder appears in one rename.
/// - An existing folder that render owns (see `FolderKind`) keeps its path: its files are moved
///   aside, the new ones moved in, and the old ones removed only once every output of the run is
///   in place. With `replacingAll`, every file render owns there goes; otherwise only the files
///   this run writes again are replaced, so frame ranges rendered one after another assemble.
/// - The user's other files are never touched: a folder holding any is refused before rendering.
public final class StagedFolder: StagedOutput {
    public let target: OutputTarget
    public let kind: FolderKind
    public let replacingAll: Bool
    private let fileSystem: FileSystem
    /// Inside the target when it exists (its parent may not be writable, as with `--out ./`),
    /// else beside it, so that a new folder appears whole in one rename.
    let staging: String
    /// Inside the target: where the files being replaced wait until the run has committed.
    let backup: String
    private var created = false
    private var emptied = false
    private let lock = NSLock()

    init(target: OutputTarget, kind: FolderKind, replacingAll: Bool, exists: Bool, fileSystem: FileSystem, process: Int32) {
        self.target = target
        self.kind = kind
        self.replacingAll = replacingAll
        self.fileSystem = fileSystem
        staging = exists ? target.path + "/" + FolderKind.stagingPrefix + "\(process)"
            : target.parent + "/." + target.name + ".partial-\(process)"
        backup = target.path + "/" + FolderKind.backupPrefix + "\(process)"
    }

    /// Writes one file of the folder, such as `frame_0003.png`.
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        precondition(kind.owns(name), "\(name) is not a file of this kind of folder")
        try lock.withLock {
            if !created {
                do { try fileSystem.makeFolder(staging) } catch { throw target.problem("cannot create the folder", error) }
                created = true
                try writeFile(FolderKind.markerName, Array(FolderKind.markerText.utf8))
            }
            try writeFile(name, bytes)
        }
    }

    private func writeFile(_ name: String, _ bytes: [UInt8]) throws {
        let writer = try FileWriter(path: staging + "/" + name, target: target, entry: name)
        try writer.write(bytes)
        try writer.finish()
    }

    func commit(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target
        switch FileSystem.kind(of: target.path) {
        case .file:
            throw target.problem("is a file, not a folder; it appeared while rendering", duringRun: true)
        case .none:
            guard created else { return }
            do {
                try fs.rename(staging, target.path)
                let staging = self.staging
                journal.done { try fs.rename(target.path, staging) }
                return
            } catch let error as SystemCallError where error.code == ENOTEMPTY || error.code == EEXIST {
                // The folder appeared while rendering: merge into it like any existing folder.
            } catch {
                throw target.problem("cannot put the folder in place", error)
            }
        case .folder:
            break
        }
        try merge(&journal)
    }

    /// Moves the files being replaced into the backup folder, then the new files into the target.
    private func merge(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target, staging = self.staging, backup = self.backup
        let present: [String]
        do { present = try FileSystem.names(in: target.path) } catch { throw target.problem("cannot list the folder", error) }
        // Checked again: the user may have added a file while the frames were rendering.
        let foreign = kind.foreignNames(present)
        if !foreign.isEmpty { throw target.problem(kind.refusal(foreign), duringRun: true) }
        let incoming: [String]
        do { incoming = created ? try FileSystem.names(in: staging) : [] } catch {
            throw target.problem("cannot list the new files", error)
        }
        let outgoing = present.filter { kind.replaceable($0) && (replacingAll || incoming.contains($0)) }
        if !outgoing.isEmpty {
            do { try fs.makeFolder(backup) } catch { throw target.problem("cannot make room for the new files", error) }
            journal.done { try fs.removeFolder(backup) }
        }
        for name in outgoing {
            let old = target.path + "/" + name, aside = backup + "/" + name
            do { try fs.rename(old, aside) } catch { throw target.problem("cannot replace \(name)", error) }
            journal.done { try fs.rename(aside, old) }
        }
        for name in incoming {
            let new = staging + "/" + name, final = target.path + "/" + name
            do { try fs.rename(new, final) } catch { throw target.problem("cannot put \(name) in place", error) }
            journal.done { try fs.rename(final, new) }
        }
        emptied = incoming.isEmpty && present.contains(FolderKind.markerName)
            && present.allSatisfy { outgoing.contains($0) || $0 == PathText.lastComponent(of: staging) }
    }

    func cleanUp() {
        FileSystem.removeTree(backup)
        if created { FileSystem.removeTree(staging) }
        // A folder render marked and that this run left empty (no failures any more) goes too.
        if emptied { try? fileSystem.removeFolder(target.path) }
    }

    /// Renamed away first, in one step, so that a file written meanwhile (the run may be interrupted
    /// while it writes) fails instead of landing in a folder that is being removed.
    func discard() {
        guard created else { return }
        let away = staging + "-discarded"
        FileSystem.removeTree((try? fileSystem.rename(staging, away)) != nil ? away : staging)
    }
}
