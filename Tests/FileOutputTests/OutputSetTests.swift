import FileOutput
import Foundation
import Paths
import XCTest

/// Commits put every output in place, or, when any step fails, put back exactly what was there.
final class OutputSetTests: FolderTestCase {
    /// Runs `stage` (which writes into a fresh set) then commits, once with no failure to count the
    /// file-system calls, then with each of those calls failing in turn. A run that fails must
    /// leave the tree exactly as it was; one that succeeds (a failed hard link has a fallback) must
    /// give `expected`, like the run without failures. Returns the number of calls.
    @discardableResult
    func assertAllOrNothing(_ stage: (OutputSet) throws -> Void, expected: [String: String],
                            file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let before = try snapshot()
        let counting = FaultyFileSystem(failing: nil)
        let clean = OutputSet(fileSystem: counting.fileSystem)
        try stage(clean)
        try clean.commit()
        XCTAssertEqual(try snapshot(), expected, "without failures", file: file, line: line)
        let calls = counting.count
        for k in 0..<calls {
            try restore(before)
            let set = OutputSet(fileSystem: FaultyFileSystem(failing: k).fileSystem)
            do {
                try stage(set)
                try set.commit()
                XCTAssertEqual(try snapshot(), expected, "call \(k) failed, and the commit went on", file: file, line: line)
            } catch {
                set.discard()
                XCTAssertEqual(try snapshot(), before, "call \(k) failed: \(error)", file: file, line: line)
            }
        }
        return calls
    }

    /// Makes the tree exactly `tree` again.
    func restore(_ tree: [String: String]) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: root) {
            try FileManager.default.removeItem(atPath: path(name))
        }
        for (name, contents) in tree.sorted(by: { $0.key < $1.key }) {
            if contents == "<folder>" {
                try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
            } else {
                try write(name, contents)
            }
        }
    }

    /// A withdrawn output keeps what its target held, even a folder staged to replace all its
    /// files, while the others still go in place.
    func testWithdrawnOutputsKeepTheirTargets() throws {
        try write("refs/.scrollreel", FolderKind.markerText)
        try write("refs/frame_0000.webp", "old 0")
        try write("refs.sha256", "old hashes")
        let set = OutputSet()
        let folder = try set.folder(OutputTarget(option: "references", path: path("refs")), kind: .references, replacingAll: true)
        let file = try set.file(OutputTarget(option: "references", path: path("refs.sha256")), holding: .anything)
        let other = try set.file(OutputTarget(option: "--junit", path: path("junit.xml")), holding: .anything)
        try folder.write("frame_0001.webp", Array("half a run".utf8))
        try file.write(Array("new hashes".utf8))
        try other.write(Array("report".utf8))
        set.withdraw(folder)
        set.withdraw(file)
        try set.commit()
        XCTAssertEqual(try snapshot(), ["refs": "<folder>", "refs/.scrollreel": FolderKind.markerText, "refs/frame_0000.webp": "old 0",
                                        "refs.sha256": "old hashes", "junit.xml": "report"])
    }

    /// Folders made for a run's outputs are part of it: committed, they stay; with any step
    /// failing, or the run discarded, they go too, while a folder that was there stays.
    func testFoldersMadeForOutputsGoWithADiscardedRun() throws {
        try write("kept/old.txt", "old")
        let stage = { (set: OutputSet) in
            try set.makeFolder(OutputTarget(option: "references", path: self.path("new/refs")))
            try set.makeFolder(OutputTarget(option: "references", path: self.path("kept")))
            try set.file(OutputTarget(option: "references", path: self.path("new/refs/h.sha256")), holding: .anything).write(Array("hashes".utf8))
        }
        try assertAllOrNothing(stage, expected: ["kept": "<folder>", "kept/old.txt": "old", "new": "<folder>",
                                                 "new/refs": "<folder>", "new/refs/h.sha256": "hashes"])
        try restore(["kept": "<folder>", "kept/old.txt": "old"])
        let refused = OutputSet()
        try refused.makeFolder(OutputTarget(option: "references", path: path("new/refs")))
        XCTAssertEqual(FileSystem.kind(of: path("new/refs")), .folder)
        refused.discard()
        XCTAssertEqual(try snapshot(), ["kept": "<folder>", "kept/old.txt": "old"])
    }

    /// A folder another process creates between the check and mkdir (parallel shards writing
    /// into one references folder) is used as found, and is not the run's to remove.
    func testAFolderMadeMeanwhileIsTakenAsFound() throws {
        let real = FileSystem.system
        var racing = real
        racing.makeFolder = { path in
            try real.makeFolder(path)
            throw SystemCallError(call: "mkdir", path: path, code: EEXIST)
        }
        let set = OutputSet(fileSystem: racing)
        try set.makeFolder(OutputTarget(option: "references", path: path("shared/refs")))
        XCTAssertEqual(FileSystem.kind(of: path("shared/refs")), .folder)
        set.discard()
        XCTAssertEqual(try snapshot(), ["shared": "<folder>", "shared/refs": "<folder>"])
    }

    func testNewFolderAppearsWhole() throws {
        try write("keep.txt", "mine")
        let tried = try assertAllOrNothing({ set in
            let folder = try set.folder(OutputTarget(option: "--out", path: path("frames") + "/"), kind: .frames, replacingAll: true)
            try folder.write("frame_0000.png", Array("new 0".utf8))
            try folder.write("frame_0001.png", Array("new 1".utf8))
        }, expected: ["keep.txt": "mine", "frames": "<folder>", "frames/.scrollreel": FolderKind.markerText,
                      "frames/frame_0000.png": "new 0", "frames/frame_0001.png": "new 1"])
        XCTAssertGreaterThan(tried, 1)
    }

    /// A folder render wrote before is replaced as a whole, but keeps its path: its stale frames go.
    func testOwnedFolderIsReplacedAndKeepsItsPath() throws {
        try write("frames/.scrollreel", "old marker")
        for i in 0..<4 { try write("frames/frame_000\(i).png", "old \(i)") }
        let tried = try assertAllOrNothing({ set in
            let folder = try set.folder(OutputTarget(option: "--out", path: path("frames")), kind: .frames, replacingAll: true)
            try folder.write("frame_0000.png", Array("new 0".utf8))
            try folder.write("frame_0001.png", Array("new 1".utf8))
        }, expected: ["frames": "<folder>", "frames/.scrollreel": FolderKind.markerText,
                      "frames/frame_0000.png": "new 0", "frames/frame_0001.png": "new 1"])
        // mkdir of the staging folder and of the backup, 5 moves aside, 3 moves in.
        XCTAssertGreaterThanOrEqual(tried, 10)
        try restore(["frames": "<folder>", "frames/.scrollreel": "old marker", "frames/frame_0000.png": "old 0"])
        let kept = try FileManager.default.attributesOfItem(atPath: path("frames"))[.systemFileNumber] as? Int
        let set = OutputSet()
        try set.folder(OutputTarget(option: "--out", path: path("frames")), kind: .frames, replacingAll: true)
            .write("frame_0000.png", Array("new 0".utf8))
        try set.commit()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("frames"))[.systemFileNumber] as? Int, kept)
        XCTAssertNotNil(kept)
    }

    /// A range replaces only its own frames, so ranges rendered one after another assemble.
    func testRangeKeepsTheOtherFrames() throws {
        try write("frames/.scrollreel", "old marker")
        for i in 0..<3 { try write("frames/frame_000\(i).png", "old \(i)") }
        try assertAllOrNothing({ set in
            let folder = try set.folder(OutputTarget(option: "--out", path: path("frames")), kind: .frames, replacingAll: false)
            try folder.write("frame_0002.png", Array("new 2".utf8))
            try folder.write("frame_0003.png", Array("new 3".utf8))
        }, expected: ["frames": "<folder>", "frames/.scrollreel": FolderKind.markerText,
                      "frames/frame_0000.png": "old 0", "frames/frame_0001.png": "old 1",
                      "frames/frame_0002.png": "new 2", "frames/frame_0003.png": "new 3"])
    }

    /// An empty folder of the user's is filled and keeps its path; nothing else is touched.
    func testEmptyFolderIsFilled() throws {
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: false)
        try assertAllOrNothing({ set in
            let folder = try set.folder(OutputTarget(option: "--out", path: path("empty") + "/"), kind: .frames, replacingAll: true)
            try folder.write("frame_0000.png", Array("new".utf8))
        }, expected: ["empty": "<folder>", "empty/.scrollreel": FolderKind.markerText, "empty/frame_0000.png": "new"])
    }

    /// Several outputs commit together: when the last fails, the ones before it are undone too.
    func testOutputsCommitTogether() throws {
        try write("a.gif", "old gif")
        try write("h.sha256", "old hashes")
        try write("frames/.scrollreel", "old marker")
        try write("frames/frame_0000.png", "old 0")
        let tried = try assertAllOrNothing({ set in
            try set.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
            try set.file(OutputTarget(option: "--hashes", path: path("h.sha256")), holding: .anything).write(Array("new hashes".utf8))
            try set.file(OutputTarget(option: "--inspect", path: path("new.json")), holding: .anything).write(Array("{}".utf8))
            let folder = try set.folder(OutputTarget(option: "--artifacts", path: path("frames")), kind: .frames, replacingAll: true)
            try folder.write("frame_0000.png", Array("new 0".utf8))
        }, expected: ["a.gif": "new gif", "h.sha256": "new hashes", "new.json": "{}", "frames": "<folder>",
                      "frames/.scrollreel": FolderKind.markerText, "frames/frame_0000.png": "new 0"])
        XCTAssertGreaterThanOrEqual(tried, 9)
    }

    /// A file that appears at a target while the run renders, or a file there that changes, is
    /// never replaced: the commit fails and puts back the outputs it had already put in place.
    func testAFileThatAppearsOrChangesMeanwhileIsLeftAsItIs() throws {
        try write("a.gif", "old gif")
        let appearing = OutputSet()
        try appearing.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
        try appearing.file(OutputTarget(option: "--hashes", path: path("h.sha256")), holding: .anything).write(Array("new hashes".utf8))
        try write("h.sha256", "the user's hashes")
        XCTAssertThrowsError(try appearing.commit()) { error in
            XCTAssertEqual("\(error)", "--hashes \(self.path("h.sha256")): appeared while rendering; it is left as it is, and nothing was written")
        }
        XCTAssertEqual(try snapshot(), ["a.gif": "old gif", "h.sha256": "the user's hashes"])

        let changing = OutputSet()
        try changing.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
        try write("a.gif", "edited while rendering")
        XCTAssertThrowsError(try changing.commit()) { error in
            XCTAssertEqual("\(error)", "--out \(self.path("a.gif")): was changed while rendering; it is left as it is, and nothing was written")
        }
        XCTAssertEqual(try snapshot(), ["a.gif": "edited while rendering", "h.sha256": "the user's hashes"])

        // Unchanged since the check, the same file is replaced; a change of permissions alone is no change.
        let replacing = OutputSet()
        try replacing.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path("a.gif"))
        try replacing.commit()
        XCTAssertEqual(try snapshot(), ["a.gif": "new gif", "h.sha256": "the user's hashes"])
    }

    /// With no hard links, a file is moved aside instead, and still put back on failure.
    func testFileReplacedWithoutHardLinks() throws {
        try write("a.gif", "old gif")
        try write("b.png", "old png")
        let before = try snapshot()
        var noLinks = FileSystem.system
        noLinks.link = { _, new in throw SystemCallError(call: "link", path: new, code: EPERM) }
        var failing = noLinks
        failing.replace = { from, to in
            if to.hasSuffix("b.png") && from.contains(".partial-") { throw SystemCallError(call: "rename", path: to, code: ENOSPC) }
            try FileSystem.system.replace(from, to)
        }
        let set = OutputSet(fileSystem: failing)
        try set.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
        try set.file(OutputTarget(option: "--contact-sheet", path: path("b.png")), holding: .anything).write(Array("new png".utf8))
        XCTAssertThrowsError(try set.commit()) { error in
            XCTAssertEqual("\(error)", "--contact-sheet \(self.path("b.png")): cannot replace the file: no space left on device")
        }
        XCTAssertEqual(try snapshot(), before)
        let working = OutputSet(fileSystem: noLinks)
        try working.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
        try working.commit()
        XCTAssertEqual(try snapshot(), ["a.gif": "new gif", "b.png": "old png"])
    }

    /// Should putting back fail too (every call fails from some step on), nothing is lost: every
    /// previous file is in place or in a backup that the error names.
    func testNothingIsLostWhenUndoingFails() throws {
        func stage(_ set: OutputSet) throws {
            try set.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new gif".utf8))
            let folder = try set.folder(OutputTarget(option: "--out", path: path("frames")), kind: .frames, replacingAll: true)
            try folder.write("frame_0000.png", Array("new 0".utf8))
        }
        let tree = ["a.gif": "old gif", "frames": "<folder>", "frames/.scrollreel": "marker", "frames/frame_0000.png": "old 0",
                    "frames/frame_0001.png": "old 1"]
        let counting = FaultyFileSystem(failing: nil)
        try restore(tree)
        try stage(OutputSet(fileSystem: counting.fileSystem))
        let calls = counting.count
        for k in 0..<calls {
            try restore(tree)
            let set = OutputSet(fileSystem: FaultyFileSystem(failing: k, onward: true).fileSystem)
            var message = ""
            do {
                try stage(set)
                try set.commit()
                XCTFail("call \(k) failed, yet the commit succeeded")
            } catch {
                message = "\(error)"
                set.discard()
            }
            let after = try snapshot()
            for (name, contents) in tree where contents != "<folder>" {
                let base = PathText.lastComponent(of: name)
                let kept = after.contains { entry in
                    let last = PathText.lastComponent(of: entry.key)
                    return entry.value == contents && (last == base || last.hasPrefix("." + base + ".old-"))
                }
                XCTAssertTrue(kept, "call \(k): \(name) (\(contents)) is lost: \(after.keys.sorted())")
                if after[name] != contents {
                    XCTAssertTrue(message.contains("the previous files are kept in"), "call \(k): \(message)")
                }
            }
            XCTAssertFalse(message.contains("--out \(path("a.gif")): --out"), "no doubled prefix: \(message)")
        }
    }

    /// Files and folders found stale are removed together with the run's other outputs, or on
    /// any failure not at all; a file changed since it was checked stays, and so does the rest.
    func testRemovalsCommitTogether() throws {
        try write("old.sha256", "old hashes")
        try write("old/.scrollreel", "marker")
        try write("old/frame_0000.webp", "old 0")
        try write("kept.txt", "mine")
        try assertAllOrNothing({ set in
            try set.file(OutputTarget(option: "--prune", path: self.path("old.sha256")), holding: .anything).remove()
            let folder = try set.folder(OutputTarget(option: "--prune", path: self.path("old")), kind: .references, replacingAll: true)
            try folder.write("frame_0001.webp", Array("new 1".utf8))
        }, expected: ["kept.txt": "mine", "old": "<folder>", "old/.scrollreel": FolderKind.markerText, "old/frame_0001.webp": "new 1"])
        // A folder left with nothing goes too (its removal, the last step, is not undone should it fail).
        try restore(["old": "<folder>", "old/.scrollreel": "marker", "old/frame_0000.webp": "old 0", "kept.txt": "mine"])
        let emptying = OutputSet()
        _ = try emptying.folder(OutputTarget(option: "--prune", path: path("old")), kind: .references, replacingAll: true)
        try emptying.commit()
        XCTAssertEqual(try snapshot(), ["kept.txt": "mine"])
        try restore(["old.sha256": "old hashes", "old": "<folder>", "old/.scrollreel": "marker", "kept.txt": "mine"])
        let set = OutputSet()
        try set.file(OutputTarget(option: "--prune", path: path("old.sha256")), holding: .anything).remove()
        _ = try set.folder(OutputTarget(option: "--prune", path: path("old")), kind: .references, replacingAll: true)
        try write("old.sha256", "edited meanwhile")
        XCTAssertThrowsError(try set.commit()) { error in
            XCTAssertEqual("\(error)", "--prune \(self.path("old.sha256")): was changed since render checked it; it is left as it is, "
                           + "and nothing was removed")
        }
        XCTAssertEqual(try snapshot(), ["old.sha256": "edited meanwhile", "old": "<folder>", "old/.scrollreel": "marker", "kept.txt": "mine"])
    }

    /// A passing check leaves no failure images: the old ones go, and so does the folder render made.
    func testEmptiedArtifactsFolderGoes() throws {
        try write("fails/.scrollreel", "marker")
        try write("fails/frame_0003-diff.png", "old diff")
        try write("other.txt", "mine")
        let set = OutputSet()
        _ = try set.folder(OutputTarget(option: "--artifacts", path: path("fails")), kind: .artifacts, replacingAll: true)
        try set.commit()
        XCTAssertEqual(try snapshot(), ["other.txt": "mine"])
        // An empty folder of the user's stays, even when nothing is written into it.
        try FileManager.default.createDirectory(atPath: path("mine"), withIntermediateDirectories: false)
        let again = OutputSet()
        _ = try again.folder(OutputTarget(option: "--artifacts", path: path("mine")), kind: .artifacts, replacingAll: true)
        try again.commit()
        XCTAssertEqual(try snapshot(), ["other.txt": "mine", "mine": "<folder>"])
    }

    /// A discarded set leaves nothing behind, and the targets as they were.
    func testDiscardRemovesTemporaries() throws {
        try write("frames/.scrollreel", "marker")
        try write("frames/frame_0000.png", "old")
        let before = try snapshot()
        let set = OutputSet()
        try set.folder(OutputTarget(option: "--out", path: path("frames")), kind: .frames, replacingAll: true)
            .write("frame_0000.png", Array("new".utf8))
        let writer = try set.file(OutputTarget(option: "--out", path: path("x.gif")), holding: .anything).open()
        try writer.write(Array("half a gif".utf8))
        set.discard()
        XCTAssertEqual(try snapshot(), before)
    }
}
