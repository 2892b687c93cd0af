import FileOutput
import Foundation
import Paths
import XCTest

/// Targets are checked before anything is rendered, with messages that name the user's path.
final class OutputTargetTests: FolderTestCase {
    func problem(_ body: () throws -> Void) -> String? {
        do { try body() } catch let problem as FileProblem {
            XCTAssertTrue(problem.foundBeforeRendering)
            return problem.description
        } catch { return "unexpected \(error)" }
        return nil
    }

    func testMissingAndWrongFolders() throws {
        try write("file.txt", "text")
        try FileManager.default.createDirectory(atPath: path("dir.gif"), withIntermediateDirectories: false)
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: "missing/sub/x.gif").checkFile(holding: .anything) },
                       "--out missing/sub/x.gif: the folder missing/sub does not exist")
        XCTAssertEqual(problem { try OutputTarget(option: "--hashes", path: path("file.txt/h.sha256")).checkFile(holding: .anything) },
                       "--hashes \(path("file.txt/h.sha256")): \(path("file.txt")) is not a folder")
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path("dir.gif")).checkFile(holding: .anything) },
                       "--out \(path("dir.gif")): is a folder, not a file")
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path("file.txt") + "/").checkFolder(.frames) },
                       "--out \(path("file.txt"))/: is a file, not a folder")
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: "nowhere/frames/").checkFolder(.frames) },
                       "--out nowhere/frames/: the folder nowhere does not exist")
        XCTAssertNil(problem { try OutputTarget(option: "--out", path: path("new.gif")).checkFile(holding: .anything) })
        XCTAssertNil(problem { try OutputTarget(option: "--out", path: path("new") + "/").checkFolder(.frames) })
    }

    /// Only an empty folder, or one holding render's marker and its own kind of files, is render's.
    func testFolderOwnership() throws {
        let target = OutputTarget(option: "--out", path: path("d") + "/")
        try FileManager.default.createDirectory(atPath: path("d"), withIntermediateDirectories: false)
        XCTAssertNil(problem { try target.checkFolder(.frames) }, "empty")
        try write("d/frame_0000.png", "someone's frame")
        XCTAssertEqual(problem { try target.checkFolder(.frames) },
                       "--out \(path("d"))/: the folder holds files that render did not write (frame_0000.png); render "
                       + "writes frames only into a new or empty folder, or one it wrote before (marked by its .scrollreel file); "
                       + "if render wrote these files, mark the folder with: touch \(path("d"))/.scrollreel")
        try write("d/.scrollreel", "marker")
        XCTAssertNil(problem { try target.checkFolder(.frames) }, "marked")
        try write("d/.scrollreel-partial-17/frame_0001.png", "a killed run's")
        XCTAssertNil(problem { try target.checkFolder(.frames) }, "a killed run's temporary is render's own")
        XCTAssertNotNil(problem { try target.checkFolder(.artifacts) }, "frames are not failure images")
        try write("d/notes.txt", "mine")
        for name in ["a", "b", "c"] { try write("d/\(name).md", "mine") }
        XCTAssertEqual(problem { try target.checkFolder(.frames) }?.contains("(a.md, b.md, c.md and 1 more)"), true)
    }

    /// Failure images and frames are different kinds: neither folder may hold the other's files.
    func testKindsDoNotMix() throws {
        try write("f/.scrollreel", "marker")
        try write("f/frame_0000-diff.png", "diff")
        XCTAssertNil(problem { try OutputTarget(option: "--artifacts", path: path("f")).checkFolder(.artifacts) })
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path("f")).checkFolder(.frames) }?
                        .contains("(frame_0000-diff.png)"), true)
    }

    func testSamePathTwiceIsRefused() throws {
        let set = OutputSet()
        _ = try set.file(OutputTarget(option: "--out", path: path("x.png")), holding: .anything)
        XCTAssertEqual(problem { _ = try set.file(OutputTarget(option: "--contact-sheet", path: path("./x.png")), holding: .anything) },
                       "--contact-sheet \(path("./x.png")): --out \(path("x.png")) is the same path")
        _ = try set.folder(OutputTarget(option: "--out", path: path("frames/")), kind: .frames, replacingAll: true)
        XCTAssertEqual(problem { _ = try set.file(OutputTarget(option: "--hashes", path: path("frames/h.sha256")), holding: .anything) },
                       "--hashes \(path("frames/h.sha256")): --out \(path("frames/")) writes inside it, or it inside that")
    }

    /// The same place through a link is the same path.
    func testSamePathThroughALink() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: path("real"))
        try FileManager.default.createSymbolicLink(atPath: path("self"), withDestinationPath: ".")
        let set = OutputSet()
        _ = try set.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything)
        XCTAssertEqual(problem { _ = try set.file(OutputTarget(option: "--hashes", path: path("self/a.gif")), holding: .anything) },
                       "--hashes \(path("self/a.gif")): --out \(path("a.gif")) is the same path")
        _ = try set.folder(OutputTarget(option: "--out", path: path("link/")), kind: .frames, replacingAll: true)
        XCTAssertEqual(problem { _ = try set.file(OutputTarget(option: "--inspect", path: path("real/g.json")), holding: .anything) },
                       "--inspect \(path("real/g.json")): --out \(path("link/")) writes inside it, or it inside that")
    }

    /// Only regular files are replaced: devices, pipes and links to them are refused, and a
    /// folder named like a frame makes a folder the user's.
    func testOnlyRegularFiles() throws {
        XCTAssertEqual(problem { try OutputTarget(option: "--hashes", path: "/dev/null").checkFile(holding: .anything) },
                       "--hashes /dev/null: is a device, a pipe or a socket, not a regular file; render replaces only regular files")
        try FileManager.default.createSymbolicLink(atPath: path("out"), withDestinationPath: "/dev/stdout")
        XCTAssertNotNil(problem { try OutputTarget(option: "--inspect", path: path("out")).checkFile(holding: .anything) })
        XCTAssertEqual(mkfifo(path("fifo"), 0o644), 0)
        XCTAssertNotNil(problem { try OutputTarget(option: "--hashes", path: path("fifo")).checkFile(holding: .anything) })
        try write("f/.scrollreel", "marker")
        try FileManager.default.createDirectory(atPath: path("f/frame_0001.png/mywork"), withIntermediateDirectories: true)
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path("f")).checkFolder(.frames) }?.contains("(frame_0001.png)"), true)
    }

    /// A file option ending in / names a folder; a file inside one of render's folders would make
    /// the folder the user's; a name too long for render's temporary is refused up front.
    func testFileTargetMistakes() throws {
        try write("f", "mine")
        XCTAssertEqual(problem { try OutputTarget(option: "--hashes", path: path("f") + "/").checkFile(holding: .anything) },
                       "--hashes \(path("f"))/: ends in /, which names a folder; give a file name")
        try write("frames/.scrollreel", "marker")
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path("frames/all.gif")).checkFile(holding: .anything) },
                       "--out \(path("frames/all.gif")): the folder \(path("frames")) is one render fills with frames or failure images; write this file elsewhere")
        let long = String(repeating: "x", count: 240) + ".gif"
        XCTAssertEqual(problem { try OutputTarget(option: "--out", path: path(long)).checkFile(holding: .anything) },
                       "--out \(path(long)): the name is too long: 244 bytes, and render needs it to leave 32 of the 255 a name may have for its temporary")
    }

    /// A replaced file keeps its permissions.
    func testReplacedFileKeepsItsPermissions() throws {
        try write("a.gif", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path("a.gif"))
        let set = OutputSet()
        try set.file(OutputTarget(option: "--out", path: path("a.gif")), holding: .anything).write(Array("new".utf8))
        try set.commit()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("a.gif"))[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try String(contentsOfFile: path("a.gif"), encoding: .utf8), "new")
    }

    func testFrameNames() {
        XCTAssertEqual(FrameName.png(7), "frame_0007.png")
        XCTAssertEqual(FrameName.png(12345), "frame_12345.png")
        XCTAssertEqual(FrameName.png(3, suffix: "-diff"), "frame_0003-diff.png")
        XCTAssertEqual(FrameName.index(of: "frame_0007.png"), 7)
        XCTAssertEqual(FrameName.index(of: "frame_7.png"), 7)
        XCTAssertEqual(FrameName.index(of: "frame_0003-diff.png", suffix: "-diff"), 3)
        XCTAssertEqual(FrameName.index(ofStem: "frame_0042"), 42)
        XCTAssertEqual(FrameName.video(from: 40), "frames_0040.mkv")
        XCTAssertEqual(FrameName.videoStart(of: "frames_0040.mkv"), 40)
        XCTAssertEqual(FrameName.videoStart(of: "frames_12345.mkv"), 12345)
        for name in ["frame_0040.mkv", "frames_0040.mp4", "frames_.mkv", "frames_00a0.mkv", "xframes_0040.mkv"] {
            XCTAssertNil(FrameName.videoStart(of: name), name)
        }
        XCTAssertNil(FrameName.frameIndex(of: "frames_0040.mkv"), "a video is no frame file")
        XCTAssertTrue(FolderKind.references.owns("frames_0040.mkv"))
        XCTAssertFalse(FolderKind.frames.owns("frames_0040.mkv"), "videos are references")
        for name in ["frame_.png", "frame_0003-diff.png", "frame_+3.png", "frame_0007.PNG", "xframe_0001.png", "frame_٣.png"] {
            XCTAssertNil(FrameName.index(of: name), name)
        }
    }
}

final class PathTextTests: XCTestCase {
    func testSplitting() {
        let cases: [(String, String, String, String)] = [
            // path, folder, last component, stem
            ("f", "", "f", "f"), ("./", "", ".", "."), ("f/", "", "f", "f"), ("a/b/c.json", "a/b", "c.json", "c"),
            ("/c.gif", "/", "c.gif", "c"), ("/", "/", "/", "/"), ("a//b/", "a", "b", "b"), (".hidden", "", ".hidden", ".hidden"),
            ("samples/stretchy.json", "samples", "stretchy.json", "stretchy"), ("x.tar.gz", "", "x.tar.gz", "x.tar"),
        ]
        for (path, folder, last, stem) in cases {
            XCTAssertEqual(PathText.folder(of: path), folder, path)
            XCTAssertEqual(PathText.lastComponent(of: path), last, path)
            XCTAssertEqual(PathText.stem(of: path), stem, path)
        }
        XCTAssertEqual(PathText.joining("", "x"), "x")
        XCTAssertEqual(PathText.joining("a", "x"), "a/x")
        XCTAssertEqual(PathText.joining("/", "x"), "/x")
    }
}
