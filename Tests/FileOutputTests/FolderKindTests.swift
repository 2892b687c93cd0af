import FileOutput
import XCTest

/// Which names a suite's failure-image folder owns, and which of them are one case's.
final class FolderKindTests: XCTestCase {
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
}
