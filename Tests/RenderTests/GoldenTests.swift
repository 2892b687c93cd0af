import Codecs
import Foundation
import Synchronization
import Regression
import Scene
import ScrollReelTesting
import XCTest

/// Visual regression: the cases of the repository's suite file, `scrollreel.json` (chosen frames
/// of every sample at @1x), against the hashes and reference frames (lossless WebP) in
/// `goldens/`, through the same `verifyFrames` that `assertFrames` users get. `render test` checks
/// the same references from the command line (`CLITests`).
///
/// Re-record after an intended change with `render test --update`, then look at every frame that
/// changed. A mismatch leaves actual, expected and diff PNGs and `report.html` in
/// `goldens/<case>-failures/`, named in the failure message.
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func samplePath(_ name: String) -> String { root.appendingPathComponent("samples/\(name).json").path }

    static func suite() throws -> Suite { try SuiteDecoder.load(file: root.appendingPathComponent("scrollreel.json").path) }

    func testSuiteCoversEverySample() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: GoldenTests.root.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.map { String($0.dropLast(5)) }
        XCTAssertEqual(Set(try GoldenTests.suite().cases.map(\.base)), Set(samples))
    }

    /// Every case in its own variant, the cases two at a time (they share nothing), so that the
    /// unoptimised debug build of `scripts/test` renders them on both cores.
    func testSamplesMatchGoldens() throws {
        let cases = try GoldenTests.suite().cases
        let results = Mutex(Array(repeating: [String](), count: cases.count))
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            let item = cases[i]
            let messages: [String]
            do {
                guard let appearance = item.appearance else { throw GoldenError("\(item.name): both appearances side by side") }
                messages = try verifyFrames(scene: item.scene, frames: item.frames, scale: item.scale, appearance: appearance,
                                            contentSize: item.contentSize, layoutDirection: item.layoutDirection,
                                            device: item.device?.name, tolerance: Tolerance(),
                                            references: URL(fileURLWithPath: item.references),
                                            record: RecordMode.fromEnvironment ?? .never, name: item.base)
            } catch {
                messages = ["\(item.name): \(error)"]
            }
            results.withLock { $0[i] = messages }
        }
        for (item, failures) in zip(cases, results.withLock { $0 }) {
            XCTAssert(failures.isEmpty, "\(item.name): " + failures.joined(separator: "\n"))
        }
    }

    struct GoldenError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The reference frames decode to exactly the recorded hashes, so diffs are made against the
    /// very frames the hashes describe, and every listed frame has its file or shares one.
    func testReferenceFramesMatchTheirHashes() throws {
        for item in try GoldenTests.suite().cases {
            let manifest = try HashManifest(parsing: try String(contentsOfFile: item.layout.manifest, encoding: .utf8))
            XCTAssertEqual(manifest.entries.map(\.name), item.frames?.map { HashManifest.frameName(scene: item.name, index: $0) })
            let check = FrameCheck(manifest: manifest, referenceFolder: URL(fileURLWithPath: item.references))
            for entry in manifest.entries {
                let url = try XCTUnwrap(check.referenceURL(entry.name), entry.name)
                XCTAssertEqual(try FrameHash.sha256(WebPCodec.decode(Array(try Data(contentsOf: url)))), entry.hash, entry.name)
            }
        }
    }
}
