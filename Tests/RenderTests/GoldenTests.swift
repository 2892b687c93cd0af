import Codecs
import Raster
import Render
import Scene
import TestSupport
import XCTest

/// Visual regression: chosen frames of each sample, rendered at @1x, against recorded hashes.
///
/// On a mismatch the actual PNG and a diff against the reference PNG are written to
/// `.build/golden-failures/`, and the failure message names the folder.
final class GoldenTests: XCTestCase {
    static let samples: [(name: String, frames: [Int])] = [
        ("stretchy", [0, 25, 38, 55, 80, 118]),
        ("stretchy-blur", [0, 20, 40, 60, 90, 125]),
        ("stretchy-pinned", [0, 25, 60, 90, 130]),
        ("fling", [0, 20, 31, 45, 75, 95]),
        ("parallax-cells", [0, 45, 90, 135, 180, 220]),
        ("text-reveal", [0, 25, 45, 70, 100, 125]),
    ]

    let store = GoldenStore(testFile: #filePath)

    static func samplePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/\(name).json").path
    }

    func testSamplesMatchGoldenHashes() throws {
        for (sample, frames) in GoldenTests.samples {
            var scene = try SceneDecoder.load(file: GoldenTests.samplePath(sample))
            scene.canvas.scale = 1
            let renderer = try Renderer(scene: scene)
            let rendered = try frames.map { (name: "\(sample)/frame_" + String(format: "%04d", $0), bitmap: try renderer.frame($0)) }
            if GoldenStore.recording {
                try store.record(sample, frames: rendered)
                continue
            }
            let expected = store.hashes(sample)
            XCTAssertEqual(expected.count, frames.count, "\(sample): goldens missing; record with SCROLLREEL_RECORD=1")
            for (name, bitmap) in rendered {
                let actual = try FrameHash.sha256(bitmap)
                if actual != expected[name] {
                    let folder = try store.writeFailure(name, actual: bitmap)
                    XCTFail("\(name): hash \(actual) differs from golden \(expected[name] ?? "none"); see \(folder.path)")
                }
            }
        }
    }

    /// The reference PNGs decode to exactly the recorded hashes, so diffs are made against the
    /// very frames the hashes describe.
    func testReferencePNGsMatchTheirHashes() throws {
        for (sample, _) in GoldenTests.samples {
            for (name, hash) in store.hashes(sample) {
                let reference = try XCTUnwrap(store.reference(name), "\(name).png missing")
                XCTAssertEqual(try FrameHash.sha256(reference), hash, name)
            }
        }
    }
}
