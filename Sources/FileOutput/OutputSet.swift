import Foundation

/// Everything one run writes, checked before rendering, written aside while rendering, and put in
/// place together at the end: all of it or, on any failure, none of it.
///
/// Invariant: until `commit()` succeeds, every target holds exactly what it held before the run;
/// after it, every target holds this run's output. A failure part-way through a commit undoes the
/// steps taken, newest first.
public final class OutputSet: @unchecked Sendable {
    private let fileSystem: FileSystem
    private let process: Int32
    private var outputs: [StagedOutput] = []
    private let lock = NSLock()

    public init(fileSystem: FileSystem = .system, process: Int32 = getpid()) {
        self.fileSystem = fileSystem
        self.process = process
    }

    /// Checks a file target and stages it.
    public func file(_ target: OutputTarget) throws -> StagedFile {
        try checkDistinct(target)
        try target.checkFile()
        let file = StagedFile(target: target, fileSystem: fileSystem, process: process)
        lock.withLock { outputs.append(file) }
        return file
    }

    /// Checks a folder target and stages it.
    public func folder(_ target: OutputTarget, kind: FolderKind, replacingAll: Bool) throws -> StagedFolder {
        try checkDistinct(target)
        let exists = try target.checkFolder(kind)
        let folder = StagedFolder(target: target, kind: kind, replacingAll: replacingAll, exists: exists,
                                  fileSystem: fileSystem, process: process)
        lock.withLock { outputs.append(folder) }
        return folder
    }

    /// Two options naming one path, or a file inside an output folder, would overwrite each other
    /// or make the folder the user's.
    private func checkDistinct(_ target: OutputTarget) throws {
        let path = target.absolute
        for other in lock.withLock({ outputs.map(\.target) }) {
            let otherPath = other.absolute
            if path == otherPath { throw target.problem("\(other.option) writes to the same path") }
            if path.hasPrefix(otherPath + "/") || otherPath.hasPrefix(path + "/") {
                throw target.problem("\(other.option) \(other.shown) writes inside it, or it inside that")
            }
        }
    }

    /// Puts every output in place, in the order they were staged. On failure, what was committed
    /// is undone and the temporaries are removed before the error is thrown.
    public func commit() throws {
        try lock.withLock {
            var journal = Journal()
            do {
                for output in outputs { try output.commit(&journal) }
            } catch {
                let failures = journal.rollBack()
                for output in outputs { output.discard() }
                guard failures.isEmpty else {
                    let target = outputs.first!.target
                    throw target.problem("\(error); putting back the previous output failed too "
                                         + "(\(failures.map { "\($0)" }.joined(separator: "; ")))", duringRun: true)
                }
                throw error
            }
            for output in outputs { output.cleanUp() }
            outputs = []
        }
    }

    /// Removes every temporary; the targets keep what they held before the run.
    public func discard() {
        lock.withLock {
            for output in outputs { output.discard() }
            outputs = []
        }
    }
}
