import Codecs
import Foundation
import Regression
import ScrollReelTesting
import XCTest

/// Visual regression: chosen frames of each sample, rendered at @1x, against the hashes and
/// reference frames (lossless WebP) in `Goldens/`, through the same `assertFrames` users get.
///
/// Re-record after an intended change with `SCROLLREEL_RECORD=all swift test --filter GoldenTests`,
/// then look at every frame that changed. A mismatch leaves actual, expected and diff PNGs in
/// `Goldens/GoldenTests/testSamplesMatchGoldens.<sample>.scale1-failures/`, named in the failure
/// message.
final class GoldenTests: XCTestCase {
    static let samples: [(name: String, frames: [Int])] = [
        ("stretchy", [0, 25, 38, 55, 80, 118]),
        ("stretchy-blur", [0, 20, 40, 60, 90, 125]),
        ("stretchy-pinned", [0, 25, 60, 90, 130]),
        ("fling", [0, 20, 31, 45, 75, 95]),
        ("parallax-cells", [0, 45, 90, 135, 180, 220]),
        ("text-reveal", [0, 25, 45, 70, 100, 125]),
        ("mixed-scripts", [0, 20, 36]),
        ("profile", [0, 15, 22, 40, 125]),
    ]

    static func samplePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/\(name).json").path
    }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func testSamplesMatchGoldens() {
        for (sample, frames) in GoldenTests.samples {
            assertFrames(scene: GoldenTests.samplePath(sample), frames: frames, scale: 1, named: sample, references: "Goldens")
        }
    }

    /// The reference frames decode to exactly the recorded hashes, so diffs are made against the
    /// very frames the hashes describe, and every listed frame has its file.
    func testReferenceFramesMatchTheirHashes() throws {
        for (sample, frames) in GoldenTests.samples {
            // Where assertFrames keeps this test's references for the sample at scale 1.
            let name = "testSamplesMatchGoldens.\(sample).scale1", folder = GoldenTests.goldens.appendingPathComponent("GoldenTests")
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).sha256"), encoding: .utf8)
            let manifest = try HashManifest(parsing: text)
            XCTAssertEqual(manifest.entries.map(\.name), frames.map { HashManifest.frameName(scene: name, index: $0) })
            for entry in manifest.entries {
                let data = try Data(contentsOf: folder.appendingPathComponent(entry.name + ".webp"))
                XCTAssertEqual(try FrameHash.sha256(WebPCodec.decode(Array(data))), entry.hash, entry.name)
            }
        }
    }
}
