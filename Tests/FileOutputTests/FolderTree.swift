import FileOutput
import Foundation
import XCTest

/// A temporary folder for one test, and a snapshot of everything under it, hidden files included,
/// so a test can assert that a failed commit put back exactly what was there.
class FolderTestCase: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("file-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path(name) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
    }

    /// Every file and folder under the root: relative path → contents, or "<folder>".
    func snapshot() throws -> [String: String] {
        var tree: [String: String] = [:]
        func visit(_ relative: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: path(relative)) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.kind(of: path(child)) == .folder {
                    tree[child] = "<folder>"
                    try visit(child)
                } else {
                    tree[child] = try String(contentsOfFile: path(child), encoding: .utf8)
                }
            }
        }
        try visit("")
        return tree
    }
}

/// Real file-system calls, of which the `failing`-th (counting from 0) throws EIO, and with
/// `onward`, every call after it too: then undoing fails as well.
final class FaultyFileSystem: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    let failing: Int?
    let onward: Bool

    init(failing: Int?, onward: Bool = false) { self.failing = failing; self.onward = onward }

    var count: Int { lock.withLock { calls } }

    private func step(_ name: String, _ path: String) throws {
        let n = lock.withLock { () -> Int in calls += 1; return calls - 1 }
        if let failing, n == failing || (onward && n > failing) { throw SystemCallError(call: name, path: path, code: EIO) }
    }

    var fileSystem: FileSystem {
        let real = FileSystem.system
        return FileSystem(
            move: { try self.step("rename", $1); try real.move($0, $1) },
            replace: { try self.step("rename", $1); try real.replace($0, $1) },
            link: { try self.step("link", $1); try real.link($0, $1) },
            unlink: { try self.step("unlink", $0); try real.unlink($0) },
            makeFolder: { try self.step("mkdir", $0); try real.makeFolder($0) },
            removeFolder: { try self.step("rmdir", $0); try real.removeFolder($0) })
    }
}

extension FileKind {
    /// Any file at all: for tests of checks and commits that are not about what a file holds.
    static let anything = FileKind(name: "anything", headLength: 0) { _, _ in true }
}
