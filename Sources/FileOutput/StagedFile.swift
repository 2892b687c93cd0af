import Foundation

/// One output file, written to a hidden temporary beside its target and put in place by
/// `OutputSet.commit()`, which replaces any previous file in one rename.
public final class StagedFile: StagedOutput {
    public let target: OutputTarget
    private let fileSystem: FileSystem
    /// `.NAME.partial-PID` beside the target.
    let temporary: String
    /// `.NAME.old-PID` beside the target: a second name for the previous file while the run
    /// commits, so it can be put back.
    let backup: String
    private var written = false

    init(target: OutputTarget, fileSystem: FileSystem, process: Int32) {
        self.target = target
        self.fileSystem = fileSystem
        let folder = target.parent + "/."
        temporary = folder + target.name + ".partial-\(process)"
        backup = folder + target.name + ".old-\(process)"
    }

    /// Opens the temporary for writing; the file is put in place only when the whole run commits.
    public func open() throws -> FileWriter {
        written = true
        return try FileWriter(path: temporary, target: target)
    }

    /// Writes the whole file.
    public func write(_ bytes: [UInt8]) throws {
        let writer = try open()
        try writer.write(bytes)
        try writer.finish()
    }

    func commit(_ journal: inout Journal) throws {
        guard written else { return }
        let fs = fileSystem, target = self.target, temporary = self.temporary, backup = self.backup
        var replacing = false
        switch FileSystem.kind(of: target.path) {
        case .folder:
            throw target.problem("is a folder, not a file; it appeared while rendering", duringRun: true)
        case .file:
            replacing = true
            // A second name keeps the previous file while the new one replaces it in one rename.
            do {
                try fs.link(target.path, backup)
                journal.done { if FileSystem.kind(of: backup) != .none { try fs.unlink(backup) } }
            } catch {
                // No hard links here: move the previous file aside instead.
                do { try fs.rename(target.path, backup) } catch { throw target.problem("cannot replace the file", error) }
                journal.done { if FileSystem.kind(of: backup) != .none { try fs.rename(backup, target.path) } }
            }
        case .none:
            break
        }
        do { try fs.rename(temporary, target.path) } catch { throw target.problem("cannot put the file in place", error) }
        journal.done { try replacing ? fs.rename(backup, target.path) : fs.rename(target.path, temporary) }
    }

    func cleanUp() { FileSystem.removeTree(backup) }

    func discard() { FileSystem.removeTree(temporary) }
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
}
