import FileOutput
import Foundation
import XCTest

/// A file output replaces an existing file only when what the file holds is of the output's kind.
final class FileKindTests: FolderTestCase {
    func write(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    func refusal(_ kind: FileKind, _ name: String) -> String? { kind.refusal(at: path(name)) }

    func testImagesAndVideosAreToldByTheirFirstBytes() throws {
        let files: [(String, [UInt8], FileKind)] = [
            ("a.gif", Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
            ("old.gif", Array("GIF87a".utf8) + [1, 0], .gif),
            ("a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
            ("a.webp", Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBPVP8L".utf8), .webp),
            ("a.mp4", [0, 0, 0, 32] + Array("ftypisom".utf8), .mp4),
        ]
        for (name, bytes, _) in files { try write(name, bytes: bytes) }
        for (name, _, kind) in files {
            XCTAssertNil(refusal(kind, name), name)
            for (other, _, otherKind) in files where otherKind.name != kind.name {
                XCTAssertEqual(refusal(otherKind, name), "the file is not \(otherKind.name) (it holds \(kind.name)); "
                               + "choose another name, or delete it first", "\(name) as \(other)")
            }
        }
        // Too short to hold the signature: not of the kind, whatever its name.
        try write("short.webp", bytes: Array("RIFF".utf8))
        XCTAssertNotNil(refusal(.webp, "short.webp"))
        try write("renamed.gif", bytes: Array("GIF88a".utf8))
        XCTAssertNotNil(refusal(.gif, "renamed.gif"))
    }

    /// Nothing there, an empty file and a dangling link hold nothing to lose.
    func testNothingToLose() throws {
        XCTAssertNil(refusal(.gif, "missing.gif"))
        try write("empty.gif", "")
        XCTAssertNil(refusal(.gif, "empty.gif"))
        try FileManager.default.createSymbolicLink(atPath: path("dangling.gif"), withDestinationPath: path("nowhere.gif"))
        XCTAssertNil(refusal(.gif, "dangling.gif"))
        // A link to a file is judged by the file it points to.
        try write("notes.txt", "mine")
        try FileManager.default.createSymbolicLink(atPath: path("link.gif"), withDestinationPath: path("notes.txt"))
        XCTAssertEqual(refusal(.gif, "link.gif"), "the file is not a GIF (it holds text); choose another name, or delete it first")
    }

    /// What a refused file holds is said in a few words.
    func testWhatAFileHoldsIsDescribed() throws {
        let cases: [(String, [UInt8], String)] = [
            ("notes.txt", Array("my notes\n".utf8), "text"),
            ("page.html", Array("\n<!DOCTYPE html><html></html>".utf8), "HTML"),
            ("feed.xml", Array("<?xml version=\"1.0\"?><rss/>".utf8), "XML"),
            ("data.json", Array("  {\"a\": 1}".utf8), "JSON"),
            ("blob.bin", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0], "binary data"),
            ("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x20, 0x6E, 0x6F, 0x69, 0x72], "binary data"),
            ("accents.txt", Array("café noir\n".utf8), "text"),
        ]
        for (name, bytes, held) in cases {
            try write(name, bytes: bytes)
            XCTAssertEqual(refusal(.png, name), "the file is not a PNG image (it holds \(held)); choose another name, or delete it first", name)
        }
    }

    /// A kind sees the file's head only, and knows whether that is the whole file.
    func testAKindReadsABoundedHead() throws {
        final class Seen: @unchecked Sendable { var heads: [(Int, Bool)] = [] }
        let seen = Seen()
        let kind = FileKind(name: "a test file", headLength: 10) { head, whole in
            seen.heads.append((head.count, whole))
            return true
        }
        try write("long", String(repeating: "x", count: 100_000))
        try write("exact", String(repeating: "x", count: 10))
        try write("short", "xyz")
        for name in ["long", "exact", "short"] { XCTAssertNil(refusal(kind, name)) }
        XCTAssertEqual(seen.heads.map(\.0), [10, 10, 3])
        XCTAssertEqual(seen.heads.map(\.1), [false, true, true])
    }

    /// The check runs with the target's others, before anything renders, and names the user's path.
    func testATargetOfTheWrongKindIsRefused() throws {
        try write("notes.gif", "my notes")
        let set = OutputSet()
        XCTAssertThrowsError(try set.file(OutputTarget(option: "--out", path: path("notes.gif")), holding: .gif)) { error in
            XCTAssertEqual((error as? FileProblem)?.foundBeforeRendering, true)
            XCTAssertEqual("\(error)", "--out \(self.path("notes.gif")): the file is not a GIF (it holds text); "
                           + "choose another name, or delete it first")
        }
        try write("old.gif", bytes: Array("GIF89a".utf8) + [7, 7])
        let file = try set.file(OutputTarget(option: "--out", path: path("old.gif")), holding: .gif)
        try file.write(Array("GIF89a new".utf8))
        try set.commit()
        XCTAssertEqual(try String(contentsOfFile: path("old.gif"), encoding: .utf8), "GIF89a new")
        XCTAssertEqual(try String(contentsOfFile: path("notes.gif"), encoding: .utf8), "my notes")
    }

    /// A file render cannot read cannot be told to be its own. Root reads any file, so the test
    /// needs another user.
    func testAnUnreadableFileIsRefused() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads every file") }
        try write("locked.gif", "GIF89a")
        try FileManager.default.setAttributes([.posixPermissions: 0o200], ofItemAtPath: path("locked.gif"))
        XCTAssertEqual(refusal(.gif, "locked.gif"), "render cannot read the file to tell whether it is a GIF (permission denied); "
                       + "choose another name, or delete it first")
    }
}
