import Foundation
import Paths

/// Everything one run writes, checked before rendering, written aside while rendering, and put in
/// place together at the end: all of it or, on any failure, none of it.
///
/// Invariant: until `commit()` succeeds, every target holds exactly what it held before the run;
/// after it, every target holds this run's output. A failure part-way through a commit undoes the
/// steps taken, newest first. Temporaries are named with the process id and a random part, so
/// that two runs never share one, even in containers where every run is process 1.
public final class OutputSet: @unchecked Sendable {
    private let fileSystem: FileSystem
    /// What makes this run's temporary names its own: `PID-RANDOM`.
    let tag: String
    private var outputs: [StagedOutput] = []
    /// Files the run reads, each with the option that names it: no output may take one's place.
    private var inputs: [OutputTarget] = []
    /// Folders the run created for its outputs, outermost first (see `makeFolder`).
    private var createdFolders: [String] = []
    private let lock = NSLock()

    public init(fileSystem: FileSystem = .system) {
        self.fileSystem = fileSystem
        tag = "\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    /// Notes a file the run reads (a scene, a hash file to check against, a suite, an image), so
    /// that an output that would replace it is refused before anything is written: one named with
    /// the same path, however spelled and through links, or a folder that owns a file of its name.
    public func reads(_ input: OutputTarget) throws {
        for output in lock.withLock({ outputs }) {
            if let reason = OutputSet.conflict(output.target, (output as? StagedFolder)?.kind, input) {
                throw output.target.problem(reason)
            }
        }
        lock.withLock { inputs.append(input) }
    }

    /// Why an output at `target` (a folder of `kind`, or a file when nil) would replace `input`, or nil.
    private static func conflict(_ target: OutputTarget, _ kind: FolderKind?, _ input: OutputTarget) -> String? {
        let place = target.identity, read = input.readIdentity
        if place == read || place == input.identity { return "\(input.option) \(input.shown) is the same path, and render reads it" }
        if let kind, PathText.folder(of: read) == place, kind.owns(PathText.lastComponent(of: read)) {
            return "\(input.option) \(input.shown) is one of the files it replaces, and render reads it"
        }
        return nil
    }

    /// Creates the folder `target` names, and any missing folders above it, so that outputs inside
    /// it can be checked and staged. Those it creates belong to the run: a discarded run (an error,
    /// a refused target, an interruption) removes them again, innermost first and only while empty.
    /// One that another process creates meanwhile is taken as found.
    public func makeFolder(_ target: OutputTarget) throws {
        var missing: [String] = []
        var path = target.path
        while !path.isEmpty, FileSystem.kind(of: path) == .none {
            missing.append(path)
            let parent = PathText.folder(of: path)
            guard parent != path else { break }
            path = parent
        }
        for folder in missing.reversed() {
            do {
                try fileSystem.makeFolder(folder)
            } catch {
                // Another process (a parallel shard, say) may have made it since it was missing:
                // then it is not this run's, and stays.
                if FileSystem.kind(of: folder) == .folder { continue }
                throw target.problem("cannot create the folder", error)
            }
            lock.withLock { createdFolders.append(folder) }
        }
    }

    /// Checks a file target that will hold a file of `kind` and stages it.
    public func file(_ target: OutputTarget, holding kind: FileKind) throws -> StagedFile {
        try checkDistinct(target, kind: nil)
        try target.checkFile(holding: kind)
        let file = StagedFile(target: target, fileSystem: fileSystem, tag: tag)
        lock.withLock { outputs.append(file) }
        return file
    }

    /// Checks a folder target and stages it. With `writableNow` false, only what the folder holds
    /// is checked up front (see `OutputTarget.checkFolder`); `scope` names files the run replaces
    /// without writing them again (see `StagedFolder`).
    public func folder(_ target: OutputTarget, kind: FolderKind, replacingAll: Bool, writableNow: Bool = true,
                       scope: @escaping @Sendable (String) -> Bool = { _ in false }) throws -> StagedFolder {
        try checkDistinct(target, kind: kind)
        let exists = try target.checkFolder(kind, writableNow: writableNow)
        let folder = StagedFolder(target: target, kind: kind, replacingAll: replacingAll, scope: scope, exists: exists,
                                  fileSystem: fileSystem, tag: tag)
        lock.withLock { outputs.append(folder) }
        return folder
    }

    /// Two options naming one place (however spelled, through links too), or a file inside an
    /// output folder, would overwrite each other or make the folder the user's.
    private func checkDistinct(_ target: OutputTarget, kind: FolderKind?) throws {
        let place = target.identity
        for input in lock.withLock({ inputs }) {
            if let reason = OutputSet.conflict(target, kind, input) { throw target.problem(reason) }
        }
        for other in lock.withLock({ outputs.map(\.target) }) {
            let otherPlace = other.identity
            if place == otherPlace { throw target.problem("\(other.option) \(other.shown) is the same path") }
            if place.hasPrefix(otherPlace + "/") || otherPlace.hasPrefix(place + "/") {
                throw target.problem("\(other.option) \(other.shown) writes inside it, or it inside that")
            }
        }
    }

    /// Puts every output in place, in the order they were staged. On failure, what was committed
    /// is undone and the temporaries are removed before the error is thrown. Should undoing fail
    /// too, the previous files stay in their backups, which the error names.
    public func commit() throws {
        try lock.withLock {
            var journal = Journal()
            do {
                for output in outputs { try output.commit(&journal) }
            } catch {
                let failures = journal.rollBack()
                let kept = outputs.flatMap(\.keptPrevious)
                for output in outputs { output.discard() }
                outputs = []
                removeCreatedFolders()
                guard failures.isEmpty else {
                    let why = failures.map { "\($0)" }.joined(separator: "; ")
                    throw RollBackFailure(cause: error, undoFailures: why, kept: kept)
                }
                throw error
            }
            for output in outputs { output.cleanUp() }
            outputs = []
            createdFolders = []
        }
    }

    /// Leaves one file out of the commit: its temporary goes, its target keeps what it held, and
    /// the run's other outputs still go in place. For a part of a run that failed on its own, such
    /// as one case of a suite.
    public func withdraw(_ file: StagedFile) { withdraw(output: file) }

    /// Leaves one folder out of the commit, as `withdraw(_:)` does a file: a folder that would have
    /// replaced all its files keeps them.
    public func withdraw(_ folder: StagedFolder) { withdraw(output: folder) }

    private func withdraw(output: StagedOutput) {
        lock.withLock {
            output.discard()
            outputs.removeAll { $0 === output }
        }
    }

    /// Removes every temporary, and the folders the run created; the targets keep what they held
    /// before the run.
    public func discard() {
        lock.withLock {
            for output in outputs { output.discard() }
            outputs = []
            removeCreatedFolders()
        }
    }

    /// Removes the folders `makeFolder` created, innermost first, those still empty. Called under `lock`.
    private func removeCreatedFolders() {
        for folder in createdFolders.reversed() { try? fileSystem.removeFolder(folder) }
        createdFolders = []
    }
}

/// A commit failed and so did putting everything back. Nothing is deleted: the previous files
/// are in the backups named here, which the user must move back by hand.
public struct RollBackFailure: Error, CustomStringConvertible {
    public let cause: Error
    public let undoFailures: String
    public let kept: [String]

    public var description: String {
        "\(cause); putting the previous output back failed too (\(undoFailures)); "
            + (kept.isEmpty ? "nothing was replaced" : "the previous files are kept in " + kept.joined(separator: ", "))
    }
}
