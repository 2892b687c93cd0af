import Foundation
import XCTest

/// The scenes in `BadScenes/`, each refused, by a render and by `render validate`, with the exact
/// line and status listed in `BadScenes/expected.txt`.
///
/// The folder is copied into the test's working folder and every scene is passed as the relative
/// path `BadScenes/NNN-name.json`, so the messages, which quote that path, are the same on every
/// machine, and nothing a run writes can touch the corpus.
final class BadSceneTests: CLITestCase {
    func testEveryBadSceneGivesItsExactError() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadScenes")
        try FileManager.default.copyItem(at: corpus, to: folder.appendingPathComponent("BadScenes"))
        let expected = try expectations(corpus.appendingPathComponent("expected.txt"))
        let scenes = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(expected.map(\.scene), scenes, "every scene has exactly one expectation, in order")
        // Each scene is rendered, and validated, which promises to check everything a render does.
        let runs = expected.flatMap { [["--scene", "BadScenes/" + $0.scene, "--out", path("out.gif")], ["validate", "BadScenes/" + $0.scene]] }
        // Each run mostly waits for its process to start and to be seen exiting (Foundation polls
        // for the exit), so the runs overlap, one per core.
        var results = [Result<(status: Int32, stderr: String, stdout: String), Error>?](repeating: nil, count: runs.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: runs.count) { i in
            let result = Result { try render(runs[i]) }
            lock.withLock { results[i] = result }
        }
        for (i, result) in results.enumerated() {
            let want = expected[i / 2], got = try result!.get(), run = "\(runs[i][0]) \(want.scene)"
            XCTAssertEqual(got.status, want.status, run)
            XCTAssertEqual(got.stderr, want.line + "\n", run)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.gif")), "no bad scene writes output")
    }

    /// `NNN-name.json STATUS LINE` per scene; lines starting with `#` are comments.
    private func expectations(_ file: URL) throws -> [(scene: String, status: Int32, line: String)] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { entry in
            let parts = entry.split(separator: " ", maxSplits: 2)
            let status = try XCTUnwrap(parts.count == 3 ? Int32(parts[1]) : nil, "malformed expectation: \(entry)")
            return (String(parts[0]), status, String(parts[2]))
        }
    }
}
