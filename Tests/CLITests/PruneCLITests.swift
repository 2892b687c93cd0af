import Foundation
import XCTest

/// `render test --prune` lists the references of cases a suite no longer has, touches nothing
/// without `--yes`, and with it removes only what render wrote.
final class PruneCLITests: CLITestCase {
    func testPruneListsThenRemovesOnlyRendersStaleReferences() throws {
        try write("old.json", CLITestCase.scene)
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-1"]}, "#
                  + #"{"scene": "old.json", "frames": ["0-1"], "scales": [1, 2]}]}"#)
        XCTAssertEqual(try render(["test", "suite.json", "--update"]).status, 0)
        // The suite drops old.json; beside its references, files of the user's and other references.
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-1"]}]}"#)
        try write("goldens/notes.txt", "mine")
        try write("goldens/mine.scale1.sha256", "TODO: record\n")
        try write("goldens/kept.scale1/.scrollreel", "marker")
        try write("goldens/kept.scale1/README.md", "mine")
        try write("goldens/old.scale1-failures/.scrollreel", "marker")
        try write("goldens/old.scale1-failures/frame_0001-diff.png", "a diff")
        XCTAssertEqual(try render(["--scene", "scene.json", "--frames", "0-1", "--hashes", "goldens/scene.sha256", "--references"]).status, 0)
        let before = try tree()
        let stale = ["goldens/old.scale1/", "goldens/old.scale1-failures/", "goldens/old.scale1.sha256", "goldens/old.scale2/",
                     "goldens/old.scale2.sha256"]

        let listed = try render(["test", "suite.json", "--prune"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "prune: 5 unused by the cases of suite.json; render test suite.json --prune --yes removes them:\n"
                       + stale.map { "  \($0)\n" }.joined())
        XCTAssertEqual(try tree(), before, "nothing is touched without --yes")

        let removed = try render(["test", "suite.json", "--prune", "--yes"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, "prune: removed 5 unused by the cases of suite.json:\n" + stale.map { "  \($0)\n" }.joined())
        XCTAssertEqual(try tree(), before.filter { path in !stale.contains { path.hasPrefix($0) || path + "/" == $0 } })
        XCTAssertTrue(try tree().contains("goldens/scene.scale1/.scrollreel"), "the suite's own case stays")
        XCTAssertEqual(try render(["test", "suite.json"]).status, 0, "and still passes")
        XCTAssertEqual(try render(["test", "suite.json", "--prune"]).stdout, "prune: nothing in goldens/ is unused by the cases of suite.json\n")
        XCTAssertEqual(try temporaries(), [])

        try expectError(["test", "suite.json", "--prune", "--shard", "1/2"], status: 2,
                        contains: ["--shard does not combine with --prune: a shard does not know the other shards' cases"])
        try expectError(["test", "suite.json", "--prune", "--update"], status: 2, contains: ["--update does not combine with --prune"])
        try expectError(["test", "suite.json", "--yes"], status: 2, contains: ["--yes applies only to render test --prune"])
    }

    /// One folder named two ways serves the cases of both spellings: none of them is unused.
    func testOneFolderSpelledTwoWaysKeepsEveryCase() throws {
        try write("old.json", CLITestCase.scene)
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-1"]}, "#
                  + #"{"scene": "old.json", "frames": ["0-1"], "references": "./goldens/"}]}"#)
        XCTAssertEqual(try render(["test", "suite.json", "--update"]).status, 0)
        let before = try tree()
        let pruned = try render(["test", "suite.json", "--prune", "--yes"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stdout.hasPrefix("prune: nothing in goldens/"), pruned.stdout)
        XCTAssertEqual(try tree(), before)
    }

    /// Every file and folder under the test folder, by relative path, folders ending in `/`.
    func tree() throws -> [String] {
        let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return names.map { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path(name), isDirectory: &isFolder) && isFolder.boolValue ? name + "/" : name
        }.sorted()
    }
}
