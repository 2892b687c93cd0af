import Codecs
import Render
import Scene
import XCTest

/// The profile sample at the largest Dynamic Type size: its rows grow with their text and the
/// text that does not fit is cut with "…", so no view runs out of the card or row it is in.
final class DynamicTypeSampleTests: XCTestCase {
    func testNothingOverflowsItsCardAtTheLargestSize() throws {
        let scene = try SceneDecoder.load(file: GoldenTests.samplePath("profile"), contentSize: .accessibilityExtraExtraExtraLarge)
        var checked = 0
        func inside(_ item: DisplayItem) {
            for child in item.children {
                let outer = item.frame, inner = child.frame
                XCTAssertTrue(inner.minX >= outer.minX - 1e-6 && inner.maxX <= outer.maxX + 1e-6
                              && inner.minY >= outer.minY - 1e-6 && inner.maxY <= outer.maxY + 1e-6,
                              "\(child.id) \(inner) runs out of \(item.id) \(outer)")
                checked += 1
                inside(child)
            }
        }
        let renderer = try Renderer(scene: scene, images: PNGDecoder())
        let profile = try XCTUnwrap(try renderer.items(frame: 0).first { $0.id == "profile" })
        inside(profile)
        XCTAssertGreaterThan(checked, 30)
        let standard = try Renderer(scene: try SceneDecoder.load(file: GoldenTests.samplePath("profile")), images: PNGDecoder())
        let stats = { (r: Renderer) in try XCTUnwrap(try r.items(frame: 0).flatMap(\.flattened).first { $0.id == "stats" }).frame.height }
        XCTAssertEqual(try stats(standard), 56, "its least height at the default size")
        XCTAssertGreaterThan(try stats(renderer), 100, "taller with the text")
    }
}
