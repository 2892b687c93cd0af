import FileOutput
import Foundation
import XCTest

/// Which names each kind of folder owns: a suite's failure-image folder, and which of them are one
/// case's; frames, and recorded references, which a folder of frames may not replace.
final class FolderKindTests: FolderTestCase {
    func testSuiteArtifactsAreFailureImagesLedByACase() {
        let owned = ["stretchy.scale1-frame_0012-diff.png", "a-frame_0000-actual.png", "my-frame_case-frame_0003-expected.png"]
        let foreign = ["frame_0012-diff.png", "-frame_0012-diff.png", "stretchy-frame_0012.png", "stretchy-frame_0012-diff.webp",
                       "notes.txt", "stretchy-report.html"]
        XCTAssertEqual(owned.filter(FolderKind.suiteArtifacts.owns), owned)
        XCTAssertEqual(foreign.filter(FolderKind.suiteArtifacts.owns), [])
    }

    func testACaseOwnsOnlyItsOwnImages() {
        XCTAssertTrue(FolderKind.isSuiteArtifact("my-frame_case-frame_0003-expected.png", ofCase: "my-frame_case"))
        XCTAssertTrue(FolderKind.isSuiteArtifact("my-frame_0003-diff.png", ofCase: "my"))
        XCTAssertFalse(FolderKind.isSuiteArtifact("my-frame_case-frame_0003-expected.png", ofCase: "my"),
                       "another case's image, whose name starts with this one's")
        XCTAssertFalse(FolderKind.isSuiteArtifact("stretchy2-frame_0003-diff.png", ofCase: "stretchy"))
        XCTAssertFalse(FolderKind.isSuiteArtifact("-frame_0003-diff.png", ofCase: ""))
    }

    func problem(_ target: OutputTarget, _ kind: FolderKind) -> String? {
        do { try target.checkFolder(kind) } catch { return "\(error)" }
        return nil
    }

    /// `--out DIR/` refuses a folder of recorded references: WebPs, videos or their geometry,
    /// beside PNG frames or not. Recording replaces them, and PNG references recorded with
    /// `--out DIR/` before there were WebPs.
    func testAFolderOfFramesMayNotReplaceReferences() throws {
        let out = OutputTarget(option: "--out", path: path("refs") + "/")
        let record = OutputTarget(option: "--references", path: path("refs"))
        try write("refs/.scrollreel", FolderKind.markerText)
        try write("refs/frame_0000.png", "old frame")
        XCTAssertNil(problem(out, .frames), "frames that --out DIR/ wrote, or PNG references as it recorded them")
        XCTAssertNil(problem(record, .references), "PNG references, recorded again")
        let refusal = "--out \(path("refs"))/: the folder holds recorded references (%@), which render --hashes FILE --references, "
            + "render test --update or ScrollReelTesting writes again; write the frames into another folder"
        for (name, listed) in [("frame_0001.webp", "frame_0001.webp"), ("frames_0002.mkv", "frame_0001.webp, frames_0002.mkv"),
                               ("geometry.json", "frame_0001.webp, frames_0002.mkv, geometry.json")] {
            try write("refs/" + name, "recorded")
            XCTAssertEqual(problem(out, .frames), refusal.replacingOccurrences(of: "%@", with: listed), name)
            XCTAssertNil(problem(record, .references), name)
        }
        // Geometry alone beside PNG frames is a references folder too.
        try FileManager.default.removeItem(atPath: path("refs"))
        try write("refs/.scrollreel", FolderKind.markerText)
        try write("refs/frame_0000.png", "old frame")
        try write("refs/geometry.json", "{}")
        XCTAssertEqual(problem(out, .frames), refusal.replacingOccurrences(of: "%@", with: "geometry.json"))
        // Unmarked, such files are the user's.
        try FileManager.default.removeItem(atPath: path("refs/.scrollreel"))
        XCTAssertEqual(problem(out, .frames)?.contains("the folder holds files that render did not write (frame_0000.png, geometry.json)"),
                       true)
    }

    /// Every kind names another kind's folder as such.
    func testOtherKindsOfRenderFoldersAreNamed() throws {
        try write("f/.scrollreel", FolderKind.markerText)
        try write("f/frame_0000.png", "frame")
        XCTAssertEqual(problem(OutputTarget(option: "--artifacts", path: path("f")), .artifacts),
                       "--artifacts \(path("f")): the folder holds frames (frame_0000.png), which render --out DIR/ writes again; "
                       + "write the failure images into another folder")
    }
}
