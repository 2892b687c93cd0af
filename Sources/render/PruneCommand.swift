import FileOutput
import Foundation
import Paths
import Regression
import Scene

/// `render test [SUITE] --prune [--yes]`: the references that no case of a suite uses any more
/// (a scene taken out of the suite, a scale or an appearance no longer checked) listed, and with
/// `--yes` removed. Nothing is rendered.
///
/// Only render's own files are candidates, in each references folder the suite's cases use, and
/// only under names of a case's form (`stretchy.scale1`, `profile.scale2.dark`; see
/// `Suite.Case.isName`), so that references recorded with `render --hashes FILE --references`
/// under a scene's own name are never listed:
/// - `<name>.sha256`, a hash file (`FileKind.hashes`);
/// - `<name>/`, a folder of references that render marked and that holds only its own files;
/// - `<name>-failures/`, a folder of failure images, likewise.
///
/// Removal goes through an `OutputSet`, as outputs do: each item is checked again first, and
/// either every item goes or, on any failure, none.
struct PruneCommand {
    let options: TestOptions

    /// A file or folder that no case uses: its path, and for a folder, the kind render filled it as.
    struct Unused {
        let path: String
        let folder: FolderKind?

        /// The path as listed: a folder ends in `/`.
        var shown: String { folder == nil ? path : path + "/" }
    }

    func run() throws {
        let suiteFile = try TestCommand.suiteFile(options)
        let suite = try SuiteDecoder.load(file: suiteFile)
        // One folder may be spelled several ways ("goldens", "./goldens/", a link): the cases of
        // every spelling use it, or pruning one spelling would remove the others' references.
        func place(_ folder: String) -> String { URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path }
        var folders: [String] = []
        for item in suite.cases where !folders.map(place).contains(place(item.references)) { folders.append(item.references) }
        var unused: [Unused] = []
        for folder in folders {
            let names = Set(suite.cases.filter { place($0.references) == place(folder) }.map(\.name))
            unused += try PruneCommand.unused(in: folder, caseNames: names)
        }
        let suiteName = PathText.lastComponent(of: suiteFile)
        guard !unused.isEmpty else {
            print("prune: nothing in \(folders.map { PathText.joining($0, "") }.joined(separator: ", ")) is unused by the cases of \(suiteName)")
            return
        }
        let list = unused.map { "\n  " + $0.shown }.joined()
        guard options.yes else {
            let command = (["render test"] + (options.suite.map { [$0] } ?? []) + ["--prune --yes"]).joined(separator: " ")
            print("prune: \(unused.count) unused by the cases of \(suiteName); \(command) removes them:" + list)
            return
        }
        let set = OutputSet()
        do {
            for item in unused {
                let target = OutputTarget(option: "--prune", path: item.path)
                if let kind = item.folder {
                    _ = try set.folder(target, kind: kind, replacingAll: true)
                } else {
                    try set.file(target, holding: .hashes).remove()
                }
            }
        } catch {
            set.discard()
            throw error
        }
        try Interruption.writing(set) {}
        print("prune: removed \(unused.count) unused by the cases of \(suiteName):" + list)
    }

    /// What in `folder` render wrote for a case, and no case named in `caseNames` uses; sorted by name.
    static func unused(in folder: String, caseNames: Set<String>) throws -> [Unused] {
        guard FileSystem.kind(of: folder) == .folder else { return [] }
        let entries: [(name: String, kind: FileSystem.EntryKind)]
        do { entries = try FileSystem.entries(in: folder) } catch {
            throw IOFailure("render test --prune: cannot list \(folder): \(error)")
        }
        return entries.compactMap { entry in
            let path = PathText.joining(folder, entry.name)
            func stale(_ name: Substring) -> Bool { Suite.Case.isName(String(name)) && !caseNames.contains(String(name)) }
            switch entry.kind {
            case .file where ReferenceLayout.name(ofManifest: entry.name).map(stale) == true:
                return FileKind.hashes.refusal(at: path) == nil ? Unused(path: path, folder: nil) : nil
            case .folder where ReferenceLayout.name(ofFailures: entry.name).map(stale) == true:
                return FolderKind.artifacts.ownsFolder(at: path) ? Unused(path: path, folder: .artifacts) : nil
            case .folder where stale(Substring(entry.name)):
                return FolderKind.references.ownsFolder(at: path) ? Unused(path: path, folder: .references) : nil
            default:
                return nil
            }
        }
    }
}
