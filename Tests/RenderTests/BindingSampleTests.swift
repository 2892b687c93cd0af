import Codecs
import Raster
import Render
import Scene
import XCTest

/// The seed effects expressed as bindings give the same result as the presets.
final class BindingSampleTests: XCTestCase {
    func load(_ name: String) throws -> Scene {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath(name))
        scene.canvas.scale = 1
        return scene
    }

    /// samples/parallax-bindings.json does E2 with view-progress bindings; every frame must be
    /// identical to samples/parallax-cells.json (every 6th frame here, all of them in release runs
    /// of the CLI would take longer than the suite should).
    func testParallaxBindingsRenderTheSameFramesAsThePreset() throws {
        let preset = try Renderer(scene: load("parallax-cells"), images: PNGDecoder()), bound = try Renderer(scene: load("parallax-bindings"), images: PNGDecoder())
        XCTAssertEqual(preset.offsets, bound.offsets)
        for index in stride(from: 0, to: preset.frameCount, by: 6) {
            XCTAssertEqual(try FrameHash.sha256(preset.frame(index)), try FrameHash.sha256(bound.frame(index)), "frame \(index)")
        }
    }

    /// E1 (stretchy) and E4 (blur by pull) as offset bindings, against the presets' geometry.
    func testStretchyAndBlurAsBindings() throws {
        var preset = try load("stretchy-blur")
        var bound = preset
        let h = preset.views[0].frame.height
        bound.views[0].effects = []
        bound.views[0].bindings = [
            Binding(property: .y, driver: .offset, keyframes: [(-10_000, -10_000), (0, 0)]),
            Binding(property: .height, driver: .offset, keyframes: [(-10_000, h + 10_000), (0, h)]),
            Binding(property: .blur, driver: .offset, keyframes: [(-100, 1), (0, 0)]),
        ]
        preset.views[0].effects = [.stretchy(StretchyHeader()), .blurByPull(BlurByPull(tint: nil))]
        let a = try Renderer(scene: preset, images: PNGDecoder()), b = try Renderer(scene: bound, images: PNGDecoder())
        for index in 0..<a.frameCount {
            let x = try a.items(frame: index)[0], y = try b.items(frame: index)[0]
            XCTAssertEqual(x.frame.y, y.frame.y, accuracy: 1e-9)
            XCTAssertEqual(x.frame.height, y.frame.height, accuracy: 1e-9)
            XCTAssertEqual(x.blur?.fraction ?? -1, y.blur?.fraction ?? -2, accuracy: 1e-12)
        }
        XCTAssertEqual(try a.frame(55), try b.frame(55), "full pull")
    }

    /// E1b (pinned) as bindings: top at the offset, height H − offset, both stopping at H.
    func testPinnedHeaderAsBindings() throws {
        let preset = try load("stretchy-pinned")
        var bound = preset
        let h = preset.views[0].frame.height
        bound.views[0].effects = []
        bound.views[0].bindings = [
            Binding(property: .y, driver: .offset, keyframes: [(-10_000, -10_000), (h, h)], clamp: false),
            Binding(property: .height, driver: .offset, keyframes: [(-10_000, h + 10_000), (h, 0)]),
        ]
        let a = try Renderer(scene: preset, images: PNGDecoder()), b = try Renderer(scene: bound, images: PNGDecoder())
        for index in stride(from: 0, to: a.frameCount, by: 5) {
            let x = try a.items(frame: index)[0].frame, y = try b.items(frame: index)[0].frame
            for (p, q) in [(x.y, y.y), (x.height, y.height)] { XCTAssertEqual(p, q, accuracy: 1e-9, "frame \(index)") }
            XCTAssertEqual(try a.frame(index), try b.frame(index), "frame \(index)")
        }
    }
}
