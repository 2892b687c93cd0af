import Codecs
import Render
import Scene
import XCTest

/// `samples/stretchy-autolayout.json` is seed 000's header written as the article writes it, with
/// constraints; `samples/stretchy.json` is the same screen by the E1 formula. Their frames must be
/// the same.
final class AutoLayoutSampleTests: XCTestCase {
    /// Every frame's display list at @1x and @2x: equal lists paint equal pixels (painting is a
    /// pure function of the list), and a few frames are painted and hashed to show it.
    func testFramesEqualTheFormulaSample() throws {
        for scale in [1, 2] {
            var formula = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy"))
            var constrained = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy-autolayout"))
            formula.canvas.scale = scale
            constrained.canvas.scale = scale
            let a = try Renderer(scene: formula, images: PNGDecoder()), b = try Renderer(scene: constrained, images: PNGDecoder())
            XCTAssertEqual(a.offsets, b.offsets, "@\(scale)x timeline")
            var pulled = 0
            for index in 0..<a.frameCount {
                XCTAssertEqual(try a.items(frame: index), try b.items(frame: index), "@\(scale)x frame \(index)")
                if a.offsets[index] < 0 { pulled += 1 }
            }
            XCTAssertGreaterThan(pulled, 20, "the script pulls the header down")
            if scale == 1 {
                for index in [0, 30, 60] {
                    XCTAssertEqual(try FrameHash.sha256(a.frame(index)), try FrameHash.sha256(b.frame(index)), "frame \(index)")
                }
            }
        }
    }
}
