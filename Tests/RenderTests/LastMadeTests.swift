import Raster
import Render
import Scene
import XCTest

/// A frame handed back from the memo of the last frame painted is the frame a fresh paint gives.
final class LastMadeTests: XCTestCase {
    func testRepeatedAndInterleavedFramesEqualFreshPaints() throws {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy"))
        scene.canvas.scale = 1
        let shared = try Renderer(scene: scene)
        // Frames 37–42 rest at one pull, 101–112 at the bottom and 0–9 at the top (the memo hits); the steps to the
        // next frame and the jumps between far ones make it miss, which must never hand back the
        // last frame's pixels.
        let order = [38, 39, 20, 39, 101, 102, 0, 1, 101]
        var fresh: [Int: Bitmap] = [:]
        for index in Set(order) { fresh[index] = try Renderer(scene: scene).frame(index) }
        var repeats = 0
        for (k, index) in order.enumerated() {
            XCTAssertEqual(try shared.frame(index), fresh[index], "frame \(index)")
            if k > 0, try shared.items(frame: index) == shared.items(frame: order[k - 1]) { repeats += 1 }
        }
        XCTAssertGreaterThanOrEqual(repeats, 3, "the order exercises the memo's hits")
    }
}
