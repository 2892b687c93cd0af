import Foundation
import TestSupport
import XCTest

/// render never deletes, moves or overwrites what it did not write, checks every target before it
/// renders, and names the user's paths in its messages.
final class OutputSafetyCLITests: CLITestCase {
    /// A font file that Debian's fonts-dejavu-core installs, which the suite needs anyway.
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func folder(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func inode(_ name: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path(name))[.systemFileNumber] as? Int
    }

    /// `--out ./` from inside a folder of one's own files is refused, and the folder stays where
    /// it is with everything in it.
    func testOutDotInAFolderOfOwnFiles() throws {
        let own = try folder("own")
        try write("own/notes.txt", "mine")
        let before = try inode("own")
        try expectError(["--scene", path("scene.json"), "--frames", "0", "--out", "./"], status: 2,
                        contains: ["error: --out ./: the folder holds files that render did not write (notes.txt)"], in: own)
        XCTAssertEqual(try inode("own"), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("own")), ["notes.txt"])
        XCTAssertEqual(try temporaries(), [])
    }

    /// In an empty folder `--out ./` writes the frames there; the folder keeps its path, and a
    /// second run replaces them.
    func testOutDotInAnEmptyFolder() throws {
        let empty = try folder("empty")
        let before = try inode("empty")
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--frames", "0-2", "--out", "./"], in: empty).status, 0)
        XCTAssertEqual(try frameFiles("empty"), ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--fps", "2", "--out", "./"], in: empty).status, 0)
        XCTAssertEqual(try frameFiles("empty"), ["frame_0000.png", "frame_0001.png"])
        XCTAssertEqual(try inode("empty"), before)
        XCTAssertEqual(try temporaries(), [])
    }

    /// `--out DIR` and `--out docs/` on folders holding other files: refused, nothing lost.
    func testFoldersWithOtherFilesAreRefused() throws {
        try write("d/notes.txt", "hi")
        try write("docs/README.md", "# docs")
        try write("docs/demo.gif", "a gif")
        try write("docs/frame_0000.png", "someone's frame")
        try expectError(["--scene", path("scene.json"), "--out", path("d")], status: 2,
                        contains: ["--out \(path("d")): the folder holds files that render did not write (notes.txt)"])
        try expectError(["--scene", path("scene.json"), "--out", "docs/"], status: 2,
                        contains: ["--out docs/: the folder holds files that render did not write (README.md, demo.gif, frame_0000.png)"])
        XCTAssertEqual(try String(contentsOfFile: path("d/notes.txt"), encoding: .utf8), "hi")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("docs")).sorted(), ["README.md", "demo.gif", "frame_0000.png"])
        XCTAssertEqual(try String(contentsOfFile: path("docs/frame_0000.png"), encoding: .utf8), "someone's frame")
        // The failure folder of --check is no exception: the old failures go, the user's files stay.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("h.sha256"), "--frames", "0-1"]).status, 0)
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"))
        try expectError(["--scene", path("scene.json"), "--check", path("h.sha256"), "--frames", "0-1", "--artifacts", "docs"],
                        status: 2, contains: ["--artifacts docs: the folder holds files that render did not write"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("docs")).count, 3)
        XCTAssertEqual(try temporaries(), [])
    }

    /// Every output option checks its folder before anything is loaded or rendered: even a broken
    /// scene reports the target first, so no frame was drawn. The message names the user's path.
    func testTargetsAreCheckedBeforeRendering() throws {
        try write("broken.json", "{")
        let cases: [([String], String)] = [
            (["--out", "missing/sub/x.gif"], "--out missing/sub/x.gif: the folder missing/sub does not exist"),
            (["--out", "missing/frames/"], "--out missing/frames/: the folder missing does not exist"),
            (["--hashes", "missing/h.sha256"], "--hashes missing/h.sha256: the folder missing does not exist"),
            (["--contact-sheet", "missing/s.png"], "--contact-sheet missing/s.png: the folder missing does not exist"),
            (["--inspect", "missing/g.json"], "--inspect missing/g.json: the folder missing does not exist"),
            (["--check", "h.sha256", "--artifacts", "missing/fails"], "--artifacts missing/fails: the folder missing does not exist"),
        ]
        try write("h.sha256", "")
        for (arguments, message) in cases {
            try expectError(["--scene", "broken.json"] + arguments, status: 2, contains: ["error: " + message])
        }
        try write("file.txt", "text")
        try expectError(["--scene", "broken.json", "--out", "file.txt/x.gif"], status: 2,
                        contains: ["--out file.txt/x.gif: file.txt is not a folder"])
        try expectError(["--scene", "broken.json", "--out", "file.txt/"], status: 2, contains: ["--out file.txt/: is a file, not a folder"])
        try expectError(["--scene", "broken.json", "--out", "x.png", "--contact-sheet", "./x.png"], status: 2,
                        contains: ["--contact-sheet ./x.png: --out x.png is the same path"])
        try expectError(["--scene", "broken.json", "--hashes", "h/"], status: 2,
                        contains: ["--hashes h/: ends in /, which names a folder; give a file name"])
        try expectError(["--scene", "broken.json", "--inspect", "/dev/stdout"], status: 2,
                        contains: ["--inspect /dev/stdout: is a device, a pipe or a socket, not a regular file"])
        try expectError(["--scene", "broken.json", "--out", "a.gif", "--out", "b.gif"], status: 2, contains: ["--out is given twice"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing")))
        XCTAssertEqual(try temporaries(), [])
    }

    /// No output may replace a file the run reads: the scene, the hash file it checks against, a
    /// suite or the hash files of its cases. Each is refused before anything renders, and stays.
    func testOutputsMayNotReplaceWhatRenderReads() throws {
        try FileManager.default.createDirectory(atPath: path("goldens"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", "scene.json", "--hashes", "goldens/scene.sha256", "--frames", "0-3"]).status, 0)
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-3"], "references": "goldens"}]}"#)
        XCTAssertEqual(try render(["test", "suite.json", "--update"]).status, 0)
        let kept = ["scene.json", "goldens/scene.sha256", "suite.json", "goldens/scene.scale1.sha256"]
        let before = try kept.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let cases: [([String], String)] = [
            (["--scene", "scene.json", "--hashes", "./scene.json"], "--hashes ./scene.json: --scene scene.json is the same path"),
            (["--scene", "scene.json", "--check", "goldens/scene.sha256", "--report", "goldens/scene.sha256"],
             "--report goldens/scene.sha256: --check goldens/scene.sha256 is the same path"),
            (["--scene", "scene.json", "--check", "goldens/scene.sha256", "--hashes", "goldens//scene.sha256", "--frames", "0-1"],
             "--hashes goldens//scene.sha256: --check goldens/scene.sha256 is the same path"),
            (["test", "suite.json", "--junit", "suite.json"], "--junit suite.json: the suite suite.json is the same path"),
            (["test", "suite.json", "--report", "goldens/scene.scale1.sha256"],
             "--report goldens/scene.scale1.sha256: the hash file of scene.scale1 goldens/scene.scale1.sha256 is the same path"),
            // The scene's own files, known once it is loaded: an image; a font file is no hash file,
            // and is refused for what it holds even before the scene is read.
            (["--scene", "scene.json", "--out", "images/../images/pic.png", "--frame", "0"],
             "--out images/../images/pic.png: the scene's assets.pic images/pic.png is the same path"),
            (["--scene", "fonts.json", "--out", "frames.gif", "--hashes", "label.ttf"],
             "--hashes label.ttf: the file is not a hash file (it holds binary data)"),
            // Through a link, an image is still the file it links to.
            (["--scene", "linked.json", "--out", "poster.png", "--frame", "0"],
             "--out poster.png: the scene's assets.pic images/linked.png is the same path"),
            // A folder of frames would replace an image that is one of its frames.
            (["--scene", "framed.json", "--out", "shots/"],
             "--out shots/: the scene's assets.pic shots/frame_0001.png is one of the files it replaces"),
            // A suite's cases read their scenes' images too (and a PNG is no JUnit file).
            (["test", "images.json", "--junit", "images/pic.png"],
             "--junit images/pic.png: the file is not a JUnit XML file (it holds a PNG image)"),
        ]
        try FileManager.default.copyItem(atPath: path("images/pic.png"), toPath: path("poster.png"))
        try FileManager.default.createSymbolicLink(atPath: path("images/linked.png"), withDestinationPath: "../poster.png")
        try write("linked.json", CLITestCase.scene.replacingOccurrences(of: "images/pic.png", with: "images/linked.png"))
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "shots/", "--frames", "0-1"]).status, 0)
        try write("framed.json", CLITestCase.scene.replacingOccurrences(of: "images/pic.png", with: "shots/frame_0001.png"))
        try write("images.json", #"{"tests": [{"scene": "scene.json", "name": "pics", "frames": ["0-1"], "references": "goldens"}]}"#)
        let shielded = ["poster.png", "images/pic.png", "shots/frame_0001.png"]
        let shieldedBefore = try shielded.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        try FileManager.default.copyItem(atPath: OutputSafetyCLITests.dejaVu, toPath: path("label.ttf"))
        let title = #"{"id": "title", "frame": [4, 4, 36, 20], "text": "Hi", "font": "label.ttf"}"#
        try write("fonts.json", CLITestCase.scene.replacingOccurrences(of: #""cornerRadius": 6}"#,
                                                                        with: #""cornerRadius": 6, "children": ["# + title + "]}"))
        for (arguments, message) in cases {
            // A file of another kind than the output's is refused before the scene is read.
            let reason = message.contains("the file is not") ? "; choose another name, or delete it first" : ", and render reads it"
            try expectError(arguments, status: 2, contains: ["error: " + message + reason])
        }
        XCTAssertEqual(try kept.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, before)
        XCTAssertEqual(try shielded.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, shieldedBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gif") }, [])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("label.ttf")),
                       try Data(contentsOf: URL(fileURLWithPath: OutputSafetyCLITests.dejaVu)))
        XCTAssertEqual(try temporaries(), [])
    }

    /// A named output replaces an existing file only when the file holds that output's kind: the
    /// user's notes, a page of theirs or another output's file are refused before anything
    /// renders, and stay as they were; render's own files of the kind are replaced.
    func testOutputsReplaceOnlyFilesOfTheirKind() throws {
        try write("notes.txt", "my notes\n")
        try write("notes.gif", "my notes\n")
        try write("page.html", "<!DOCTYPE html>\n<html><body>mine</body></html>\n")
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-1"], "references": "goldens"}]}"#)
        try write("goldens/scene.scale1.sha256", "TODO: record these\n")
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "shot.gif", "--frames", "0"]).status, 0)
        let refused: [([String], String)] = [
            (["--scene", "scene.json", "--hashes", "notes.txt"], "--hashes notes.txt: the file is not a hash file (it holds text)"),
            (["--scene", "scene.json", "--out", "notes.gif"], "--out notes.gif: the file is not a GIF (it holds text)"),
            (["--scene", "scene.json", "--contact-sheet", "shot.png"], ""),
            (["--scene", "scene.json", "--inspect", "page.html"], "--inspect page.html: the file is not a geometry report of --inspect (it holds HTML)"),
            (["--scene", "scene.json", "--hashes", "shot.gif"], "--hashes shot.gif: the file is not a hash file (it holds a GIF)"),
            (["test", "suite.json", "--update"], "references goldens/scene.scale1.sha256: the file is not a hash file (it holds text)"),
            (["test", "suite.json", "--junit", "page.html"], "--junit page.html: the file is not a JUnit XML file (it holds HTML)"),
            (["test", "suite.json", "--report", "page.html"], "--report page.html: the file is not an HTML report of render's (it holds HTML)"),
            (["merge-junit", "--out", "notes.txt", "page.html"], "--out notes.txt: the file is not a JUnit XML file (it holds text)"),
        ]
        try FileManager.default.copyItem(atPath: path("shot.gif"), toPath: path("shot.png"))
        let kept = ["notes.txt", "notes.gif", "page.html", "shot.gif", "shot.png", "goldens/scene.scale1.sha256"]
        let before = try kept.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        for (arguments, message) in refused {
            let expected = message.isEmpty ? "--contact-sheet shot.png: the file is not a PNG image (it holds a GIF)" : message
            try expectError(arguments, status: 2, contains: ["error: " + expected + "; choose another name, or delete it first"])
        }
        XCTAssertEqual(try kept.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, before)
        // Render's own files, and empty ones, are replaced.
        try FileManager.default.removeItem(atPath: path("goldens/scene.scale1.sha256"))
        try write("empty.gif", "")
        for _ in 0..<2 {
            for arguments in [["--scene", "scene.json", "--frames", "0-1", "--hashes", "h.sha256", "--inspect", "g.json",
                               "--contact-sheet", "sheet.png", "--out", "empty.gif"],
                              ["test", "suite.json", "--update"], ["test", "suite.json", "--junit", "j.xml", "--report", "r.html"]] {
                let run = try render(arguments)
                XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            }
        }
        // The references that --update recorded are no folder of frames.
        try expectError(["--scene", "scene.json", "--out", "goldens/scene.scale1/"], status: 2,
                        contains: ["error: --out goldens/scene.scale1/: the folder holds recorded references (frame"])
        XCTAssertEqual(try temporaries(), [])
    }

    /// `render test --update` creates a case's missing references folder, but a run refused at a
    /// later case's folder leaves none of it behind.
    func testARefusedUpdateLeavesNoFolderBehind() throws {
        try write("foreign/scene.scale1/README.txt", "mine")
        try write("suite.json", #"{"tests": [{"scene": "scene.json", "frames": ["0-2"], "references": "brand/new/refs", "name": "a"}, "#
                  + #"{"scene": "scene.json", "frames": ["0-2"], "references": "foreign"}]}"#)
        try expectError(["test", "suite.json", "--update"], status: 2,
                        contains: ["references foreign/scene.scale1: the folder holds files that render did not write (README.txt)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("brand")))
        XCTAssertEqual(try temporaries(), [])
    }

    /// Without write permission the message says so, before rendering. As root (which may write
    /// anywhere), render runs as `nobody` through setpriv.
    func testUnwritableFolder() throws {
        try write("ro/old.gif", "GIF89a old")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path("ro"))
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("ro")) }
        let process = Process()
        let errors = Pipe()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try executable().path]
        } else {
            process.executableURL = try executable()
            process.arguments = []
        }
        process.arguments! += ["--scene", path("scene.json"), "--out", path("ro/old.gif")]
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, stderr)
        XCTAssertEqual(stderr, "error: --out \(path("ro/old.gif")): cannot write in the folder \(path("ro")): permission denied\n")
        XCTAssertEqual(try String(contentsOfFile: path("ro/old.gif"), encoding: .utf8), "GIF89a old")
    }

    /// A full disk during the run and a read-only file system before it, on a small tmpfs: the
    /// messages name the user's path, and the previous output survives. Needs root and the right
    /// to mount; the test says so and is skipped where it cannot mount.
    func testFullDiskAndReadOnlyFileSystem() throws {
        let small = try folder("small")
        func mount(_ arguments: [String]) throws -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/mount")
            process.arguments = arguments
            process.standardError = Pipe()
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        guard getuid() == 0, try mount(["-t", "tmpfs", "-o", "size=8k", "tmpfs", small.path]) else {
            throw XCTSkip("mounting a small tmpfs needs root and the right to mount")
        }
        defer { _ = try? mount(["-o", "remount,rw", small.path]); _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [small.path]).waitUntilExit() }
        try write("small/old.gif", "GIF89a previous gif")
        try expectError(["--scene", path("scene.json"), "--out", "small/old.gif", "--scale", "3"], status: 1,
                        contains: ["error: --out small/old.gif: cannot write the file: no space left on device"])
        try expectError(["--scene", path("scene.json"), "--out", "small/new.webp", "--scale", "3"], status: 1,
                        contains: ["error: --out small/new.webp: cannot write the file: no space left on device"])
        try expectError(["--scene", path("scene.json"), "--out", "small/new.mp4", "--scale", "3"], status: 1,
                        contains: ["error: --out small/new.mp4: cannot write the file: no space left on device"])
        try expectError(["--scene", path("scene.json"), "--out", "small/frames/", "--scale", "3"], status: 1,
                        contains: ["error: --out small/frames/: cannot write frame_00", ".png: no space left on device"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: small.path), ["old.gif"])
        XCTAssertEqual(try String(contentsOfFile: path("small/old.gif"), encoding: .utf8), "GIF89a previous gif")
        XCTAssertTrue(try mount(["-o", "remount,ro", small.path]))
        try expectError(["--scene", path("scene.json"), "--out", "small/new.gif"], status: 2,
                        contains: ["error: --out small/new.gif: cannot write in the folder small: read-only file system"])
        try expectError(["--scene", path("scene.json"), "--out", "small/new.mp4"], status: 2,
                        contains: ["error: --out small/new.mp4: cannot write in the folder small: read-only file system"])
    }

    /// Options that cannot apply are mistakes, not silently ignored.
    func testOptionsThatCannotApply() throws {
        let scene = ["--scene", path("scene.json")]
        let cases: [([String], String)] = [
            (["--frames", "20-40", "--out", "x.png"], "--frames A-B does not apply to --out NAME.png"),
            (["--frame", "5", "--out", "x.gif"], "--frame N chooses the frame written to --out NAME.png"),
            (["--frame", "5", "--out", "f/"], "--frame N chooses the frame written to --out NAME.png"),
            (["--every", "3", "--out", "x.gif"], "--every K applies only to --contact-sheet"),
            (["--quality", "80", "--out", "frames/"], "--quality applies only to --out NAME.gif, NAME.webp, NAME.avif and NAME.mp4"),
            (["--threshold", "0.1", "--out", "x.gif"], "--threshold applies only to --check"),
            (["--artifacts", "a", "--out", "x.gif"], "--artifacts applies only to --check"),
            (["--max-diff-pixels", "3", "--hashes", "h"], "--max-diff-pixels applies only to --check"),
            (["--timeline", "--out", "x.gif"], "--out does not apply to --timeline"),
            (["--timeline", "--jobs", "2"], "--jobs does not apply to --timeline"),
            (["--inspect", "g.json", "--jobs", "2"], "--jobs does not apply to --inspect alone"),
            (["--out", "x.gif", "--junit", "j.xml"], "--junit applies only to render test"),
            (["--out", "x.gif", "--update"], "--update applies only to render test"),
            (["--out", "x.gif", "--shard", "1/2"], "--shard applies only to render test"),
            (["--contact-sheet", "cs.gif"], "--contact-sheet cs.gif: a contact sheet is a PNG; give a NAME.png"),
            (["--out", "x.gif", "--device-frame", "mask"],
             "--device-frame mask cuts the display's rounded corners, and \(path("scene.json")) names no device"),
        ]
        for (arguments, message) in cases {
            try expectError(scene + arguments, status: 2, contains: [message])
        }
        try expectError(["validate", path("scene.json"), "--out", "x.gif"], status: 2, contains: ["--out does not apply to render validate"])
        try expectError(["gif", path("f"), "--out", "x.gif", "--scale", "2"], status: 2, contains: ["--scale does not apply to render gif"])
        // A GIF written into a folder of render's frames would make that folder the user's.
        XCTAssertEqual(try render(scene + ["--out", path("fr") + "/", "--frames", "0-2"]).status, 0)
        try expectError(["gif", path("fr"), "--out", path("fr/all.gif")], status: 2,
                        contains: ["--out \(path("fr/all.gif")): the folder \(path("fr")) is one render fills with frames"])
        try FileManager.default.removeItem(atPath: path("fr"))
        // A tolerance needs reference frames; a hash file alone has none.
        XCTAssertEqual(try render(scene + ["--hashes", path("h.sha256"), "--frames", "0-1"]).status, 0)
        try expectError(scene + ["--check", path("h.sha256"), "--frames", "0-1", "--threshold", "0.1"], status: 2,
                        contains: ["--threshold compares pixels with the reference frames in \(path("scene"))/, and there are none; "
                                   + "record them with --references when you write the hash file"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["h.sha256", "images", "scene.json"])
        // The iPhone SE's display has square corners: nothing to cut there either.
        try write("se.json", CLITestCase.scene.replacingOccurrences(of: #""scale": 2,"#, with: #""scale": 2, "device": "iPhone SE","#))
        try expectError(["--scene", path("se.json"), "--out", path("x.gif"), "--device-frame", "mask"], status: 2,
                        contains: ["--device-frame mask cuts the display's rounded corners, and the iPhone SE's display has square corners"])
        try FileManager.default.removeItem(atPath: path("se.json"))
        // A name with a file format's extension names that file, even where a folder of that name is.
        try FileManager.default.createDirectory(atPath: path("x.gif"), withIntermediateDirectories: false)
        try expectError(scene + ["--out", path("x.gif")], status: 2, contains: ["--out \(path("x.gif")): is a folder, not a file"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("x.gif")), [])
    }

    /// Where a combination has an obvious meaning, it has that meaning.
    func testRangesNarrowTimelineAndInspect() throws {
        let all = try render(["--scene", path("scene.json"), "--timeline"])
        let part = try render(["--scene", path("scene.json"), "--timeline", "--frames", "3-5"])
        XCTAssertEqual(part.status, 0, part.stderr)
        let lines = all.stdout.split(separator: "\n")
        XCTAssertEqual(part.stdout, ([lines[0]] + lines[4...6]).joined(separator: "\n") + "\n")
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--inspect", path("g.json"), "--frames", "7"]).status, 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("g.json")))) as? [String: Any]
        let frames = report?["frames"] as? [[String: Any]]
        XCTAssertEqual(frames?.map { $0["index"] as? Int }, [7])
    }
}
