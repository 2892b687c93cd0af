import Foundation

/// One output file, written to a hidden temporary beside its target and put in place by
/// `OutputSet.commit()`, which replaces any previous file in one rename and gives the new file the
/// previous one's permissions.
public final class StagedFile: StagedOutput {
    public let target: OutputTarget
    private let fileSystem: FileSystem
    /// `.NAME.partial-TAG` beside the target.
    let temporary: String
    /// `.NAME.old-TAG` beside the target: a second name for the previous file while the run
    /// commits, so it can be put back.
    let backup: String
    private var written = false
    /// Set by `remove()`: the commit takes the file away instead of replacing it.
    private var removing = false
    /// What was at the target when it was checked: nil for nothing. The commit puts the new file
    /// over that file only, never over one that appeared or changed while the run rendered.
    private let found: FileIdentity?

    /// Call right after checking the target: what is there now is what the run may replace.
    init(target: OutputTarget, fileSystem: FileSystem, tag: String) {
        self.target = target
        self.fileSystem = fileSystem
        found = FileIdentity(of: target.path)
        let folder = target.parent + "/."
        temporary = folder + target.name + ".partial-" + tag
        backup = folder + target.name + ".old-" + tag
    }

    /// Opens the temporary for writing; the file is put in place only when the whole run commits.
    public func open() throws -> FileWriter {
        written = true
        return try FileWriter(path: temporary, target: target)
    }

    /// The temporary's path, for a library that creates and writes the file itself by name;
    /// the file is put in place only when the whole run commits.
    public func pathToWrite() -> String {
        written = true
        return temporary
    }

    /// A system call that failed while a library wrote `pathToWrite()`, worded for the target.
    public func writeProblem(errno code: Int32) -> FileProblem {
        FileWriter.problem(target, nil, "cannot write", code)
    }

    /// Removes the file when the whole run commits, instead of writing it: for files the run
    /// found stale. It goes only if it is still what was checked.
    public func remove() {
        precondition(!written, "a file written by this run is not removed")
        removing = true
    }

    /// Writes the whole file.
    public func write(_ bytes: [UInt8]) throws {
        let writer = try open()
        try writer.write(bytes)
        try writer.finish()
    }

    func commit(_ journal: inout Journal) throws {
        if removing { return try commitRemoval(&journal) }
        guard written else { return }
        let fs = fileSystem, target = self.target, temporary = self.temporary, backup = self.backup
        switch FileSystem.kind(of: target.path) {
        case .folder, .special:
            throw target.problem(found == nil ? "a folder or device appeared there while rendering; it is left as it is"
                                              : "is no longer a regular file; something else was put there while rendering",
                                 duringRun: true)
        case .none:
            do { try fs.move(temporary, target.path) } catch { throw target.problem("cannot put the file in place", error) }
            journal.done { try fs.move(target.path, temporary) }
        case .file:
            // A file can still change between this reading and the rename below, but only within
            // those few system calls, not during the whole render.
            guard let found else {
                throw target.problem("appeared while rendering; it is left as it is, and nothing was written", duringRun: true)
            }
            guard FileIdentity(of: target.path) == found else {
                throw target.problem("was changed while rendering; it is left as it is, and nothing was written", duringRun: true)
            }
            if let mode = FileSystem.permissions(of: target.path) { FileSystem.setPermissions(mode, of: temporary) }
            try keepPrevious(&journal)
            do { try fs.replace(temporary, target.path) } catch { throw target.problem("cannot replace the file", error) }
            journal.done { try fs.replace(backup, target.path) }
        }
    }

    /// Moves the file to its backup, which the clean-up deletes once every output is in place.
    private func commitRemoval(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target, backup = self.backup
        guard FileSystem.kind(of: target.path) == .file else { return }
        guard FileIdentity(of: target.path) == found else {
            throw target.problem("was changed since render checked it; it is left as it is, and nothing was removed", duringRun: true)
        }
        do { try fs.move(target.path, backup) } catch { throw target.problem("cannot remove the file", error) }
        journal.done { try fs.move(backup, target.path) }
    }

    /// Gives the previous file a second name, the backup, so that it can be put back: a hard link,
    /// or where the file system has none, the file itself moved aside.
    private func keepPrevious(_ journal: inout Journal) throws {
        let fs = fileSystem, target = self.target, backup = self.backup
        do {
            try fs.link(target.path, backup)
            journal.done { if FileSystem.kind(of: backup) != .none { try fs.unlink(backup) } }
        } catch let error as SystemCallError where [EPERM, EOPNOTSUPP, EMLINK, ENOTSUP].contains(error.code) {
            do { try fs.move(target.path, backup) } catch { throw target.problem("cannot replace the file", error) }
            journal.done { if FileSystem.kind(of: backup) != .none { try fs.move(backup, target.path) } }
        } catch {
            throw target.problem("cannot keep the previous file while replacing it", error)
        }
    }

    /// After the whole run is in place: the previous file goes.
    func cleanUp() { FileSystem.removeTree(backup) }

    func discard() { FileSystem.removeTree(temporary) }

    /// Where the previous file is kept while the run commits.
    var keptPrevious: [String] { FileSystem.kind(of: backup) == .none ? [] : [backup] }
}

/// An output that is written aside and then put in place together with the run's other outputs.
protocol StagedOutput: AnyObject {
    var target: OutputTarget { get }
    /// Puts the output in place, recording how to undo each step.
    func commit(_ journal: inout Journal) throws
    /// After every output of the run is in place: removes the backups of what was replaced.
    func cleanUp()
    /// Removes the temporaries of an output that will not be committed.
    func discard()
    /// The backups holding what this output replaced, while they exist: where the user's previous
    /// files are if putting them back failed.
    var keptPrevious: [String] { get }
}
