import Codecs
import Raster
import Render
import Scene
import XCTest

/// Compositing rules checked in pixels at @1x, @2x and @3x: what lies outside a blurred view never
/// shows inside it, group opacity applies whatever a view draws, and a blur keeps what a view draws
/// outside its bounds.
final class CompositingDefectTests: XCTestCase {
    static let scales = [1, 2, 3]
    static let landscape = URL(fileURLWithPath: GoldenTests.samplePath("stretchy")).deletingLastPathComponent()
        .appendingPathComponent("images/landscape.png").path

    func render(_ views: [View], width: Double, height: Double, scale: Int, background: Color = .white,
                offset: Double = 0) throws -> Bitmap {
        var scene = Scene(canvas: Canvas(width: width, height: height, scale: scale, background: background),
                          assets: ["land": Asset(path: CompositingDefectTests.landscape, jsonPath: "assets.land")],
                          scroll: ScrollSpec(contentHeight: height * 2), views: views)
        scene.scroll.script = [.scrollTo(y: offset, duration: 0, curve: .linear)]
        return try Renderer(scene: scene, images: PNGDecoder()).frame(0)
    }

    /// A solid header pulled 120.5 pt at full blur: its edge falls half way through a pixel at
    /// @1x and @3x. Every pixel fully inside it keeps the header's colour, whatever the canvas
    /// colour; only the half-covered edge row shows the canvas, in proportion to its coverage.
    func testBlurredViewNeverShowsWhatLiesBelowIt() throws {
        let red = Color(r: 200, g: 30, b: 30)
        for clips in [true, false] {
            let header = View(id: "header", frame: Rect(x: 0, y: 0, width: 60, height: 150), background: red,
                              clipsToBounds: clips, effects: [.stretchy(StretchyHeader()), .blurByPull(BlurByPull())])
            for scale in CompositingDefectTests.scales {
                let onGreen = try render([header], width: 60, height: 300, scale: scale, background: Color(r: 0, g: 255, b: 0), offset: -120.5)
                let onBlue = try render([header], width: 60, height: 300, scale: scale, background: Color(r: 0, g: 0, b: 255), offset: -120.5)
                let bottom = 270.5 * Double(scale), inside = Int(bottom)
                let header = StraightColor(r: 200, g: 30, b: 30).premultiplied
                var wrong: [String] = []
                for y in 0..<inside {
                    for x in 0..<onGreen.width where onGreen.pixel(x: x, y: y) != header || onBlue.pixel(x: x, y: y) != header {
                        wrong.append("(\(x), \(y))")
                    }
                }
                XCTAssertEqual(wrong.prefix(5), [], "@\(scale)x clips \(clips): \(wrong.count) pixels inside the header are wrong")
                guard Double(inside) != bottom else { continue }
                // The edge row is half covered: half header, half canvas.
                XCTAssertEqual(onGreen.pixel(x: 30, y: inside).straight, StraightColor(r: 100, g: 142, b: 15), "@\(scale)x")
                XCTAssertEqual(onBlue.pixel(x: 30, y: inside).straight, StraightColor(r: 100, g: 15, b: 142), "@\(scale)x")
            }
        }
    }

    /// The same rule on the stretchy-blur sample, whose pulled frames all have fractional offsets:
    /// with another canvas colour only the header's last, partly covered, row may change.
    func testStretchyBlurSampleIgnoresTheCanvasColour() throws {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy-blur"))
        for (scale, frame) in [(1, 20), (1, 60)] {
            scene.canvas.scale = scale
            scene.canvas.background = Color(r: 242, g: 242, b: 247)
            let renderer = try Renderer(scene: scene, images: PNGDecoder())
            let usual = try renderer.frame(frame)
            scene.canvas.background = Color(r: 0, g: 255, b: 0)
            let green = try Renderer(scene: scene, images: PNGDecoder()).frame(frame)
            let bottom = (300 - renderer.offsets[frame]) * Double(scale)
            XCTAssertNotEqual(bottom, bottom.rounded(), "a fractional edge")
            let row = usual.width * 4
            let changed = Set((0..<usual.height).filter { y in
                usual.pixels[(y * row)..<((y + 1) * row)] != green.pixels[(y * row)..<((y + 1) * row)]
            })
            XCTAssertEqual(changed, [Int(bottom)], "@\(scale)x frame \(frame)")
        }
    }

    /// Group opacity applies to what a container draws, even when that is one child: a 50 %
    /// container holding one red child over blue is an even mix.
    func testGroupOpacityOfASingleChild() throws {
        let red = View(id: "red", frame: Rect(x: 10, y: 10, width: 20, height: 20), background: Color(r: 255, g: 0, b: 0))
        let group = View(id: "group", frame: Rect(x: 0, y: 0, width: 40, height: 40), alpha: 0.5, children: [red])
        let nested = View(id: "outer", frame: Rect(x: 0, y: 0, width: 40, height: 40), alpha: 0.5,
                          children: [View(id: "inner", frame: Rect(x: 0, y: 0, width: 40, height: 40), children: [red])])
        for scale in CompositingDefectTests.scales {
            for views in [[group], [nested]] {
                let b = try render(views, width: 40, height: 40, scale: scale, background: Color(r: 0, g: 0, b: 255))
                XCTAssertEqual(b.pixel(x: 20 * scale, y: 20 * scale).straight, StraightColor(r: 128, g: 0, b: 127), "@\(scale)x \(views[0].id)")
                XCTAssertEqual(b.pixel(x: 2, y: 2).straight, StraightColor(r: 0, g: 0, b: 255))
            }
        }
    }

    /// A slight blur (fraction 0.01) on a view that does not clip keeps its image hanging out of
    /// its bounds and its child hanging outside: 99 % sharp, within 3 levels of the unblurred view.
    func testSlightBlurKeepsWhatHangsOutside() throws {
        func view(blur: Double) -> View {
            View(id: "v", frame: Rect(x: 100, y: 100, width: 100, height: 60), background: Color(r: 51, g: 102, b: 153),
                 image: "land", contentMode: .scaleAspectFill,
                 effects: [.blurByPull(BlurByPull(radius: 10))],
                 bindings: [Binding(property: .blur, driver: .offset, keyframes: [(0, blur), (1, blur)])],
                 children: [View(id: "hang", frame: Rect(x: 80, y: 40, width: 60, height: 50),
                                 background: Color(r: 255, g: 45, b: 85), cornerRadius: 8)])
        }
        for scale in CompositingDefectTests.scales {
            let sharp = try render([view(blur: 0)], width: 300, height: 300, scale: scale)
            let slight = try render([view(blur: 0.01)], width: 300, height: 300, scale: scale)
            XCTAssertNotEqual(sharp, slight, "the blur is drawn")
            var worst = 0
            for (a, b) in zip(sharp.pixels, slight.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
            XCTAssertLessThanOrEqual(worst, 3, "@\(scale)x")
            // The child outside the view's bounds, and the image above its top edge (aspect fill of
            // a 1170 × 900 image into 100 × 60 overflows by 8.5 pt above and below).
            XCTAssertEqual(slight.pixel(x: 225 * scale, y: 180 * scale).straight, StraightColor(r: 255, g: 45, b: 85), "@\(scale)x")
            XCTAssertEqual(slight.pixel(x: 150 * scale, y: 93 * scale), sharp.pixel(x: 150 * scale, y: 93 * scale), "@\(scale)x")
            XCTAssertNotEqual(sharp.pixel(x: 150 * scale, y: 93 * scale).straight, StraightColor(r: 255, g: 255, b: 255))
        }
    }

    /// The same, with the cut at an ancestor's clip instead of the screen: the blur reads past the
    /// clip, exactly as past the screen's edge.
    func testBlurBesideAnAncestorsClip() throws {
        func header(y: Double) -> View {
            View(id: "h", frame: Rect(x: 0, y: y, width: 120, height: 160), image: "land", contentMode: .scaleAspectFill,
                 clipsToBounds: true, effects: [.blurByPull(BlurByPull(radius: 6))],
                 bindings: [Binding(property: .blur, driver: .offset, keyframes: [(0, 1), (1, 1)])])
        }
        let onScreen = try render([header(y: -100)], width: 120, height: 100, scale: 1)
        let container = View(id: "c", frame: Rect(x: 0, y: 0, width: 120, height: 100), clipsToBounds: true, children: [header(y: -100)])
        let inContainer = try render([container], width: 120, height: 200, scale: 1)
        XCTAssertEqual(Array(inContainer.pixels.prefix(onScreen.pixels.count)), onScreen.pixels)
    }

    /// Content space reaches into layers: a translucent group inside a blurred header with a
    /// fractional edge blurs as one, without what lies below showing at the edge.
    func testGroupInsideABlurredView() throws {
        let group = View(id: "g", frame: Rect(x: 0, y: 0, width: 60, height: 150.5), alpha: 0.5,
                         children: [View(id: "r", frame: Rect(x: 0, y: 0, width: 60, height: 150.5), background: Color(r: 255, g: 0, b: 0))])
        for scale in CompositingDefectTests.scales {
            var bitmaps: [Bitmap] = []
            for canvas in [Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255)] {
                let header = View(id: "h", frame: Rect(x: 0, y: 0, width: 60, height: 150.5), background: Color(r: 0, g: 0, b: 200),
                                  clipsToBounds: true, effects: [.blurByPull(BlurByPull(radius: 10))],
                                  bindings: [Binding(property: .blur, driver: .offset, keyframes: [(0, 1), (1, 1)])], children: [group])
                bitmaps.append(try render([header], width: 60, height: 200, scale: scale, background: canvas))
            }
            let inside = Int(150.5 * Double(scale)) * bitmaps[0].width * 4
            XCTAssertEqual(Array(bitmaps[0].pixels.prefix(inside)), Array(bitmaps[1].pixels.prefix(inside)), "@\(scale)x")
            XCTAssertEqual(bitmaps[0].pixel(x: 30 * scale, y: 2), bitmaps[0].pixel(x: 30 * scale, y: inside / bitmaps[0].width / 4 - 1),
                           "@\(scale)x: uniform from top to bottom")
        }
    }

    /// At full blur, what hangs out of a view that does not clip blurs inside its own outline:
    /// no halo of the view's background spreads beyond it.
    func testFullBlurOfOverflowStaysInItsOutline() throws {
        func view(blur: Double) -> View {
            View(id: "v", frame: Rect(x: 100, y: 100, width: 100, height: 60), background: Color(r: 51, g: 102, b: 153),
                 effects: [.blurByPull(BlurByPull(radius: 10))],
                 bindings: [Binding(property: .blur, driver: .offset, keyframes: [(0, blur), (1, blur)])],
                 children: [View(id: "hang", frame: Rect(x: 80, y: 40, width: 60, height: 50),
                                 background: Color(r: 255, g: 45, b: 85), cornerRadius: 8)])
        }
        for scale in [1, 2] {
            let sharp = try render([view(blur: 0)], width: 300, height: 300, scale: scale)
            let full = try render([view(blur: 1)], width: 300, height: 300, scale: scale)
            let white = StraightColor(r: 255, g: 255, b: 255).premultiplied
            var outside = 0, changed = 0
            for y in 0..<sharp.height {
                for x in 0..<sharp.width where sharp.pixel(x: x, y: y) == white {
                    outside += 1
                    if full.pixel(x: x, y: y) != sharp.pixel(x: x, y: y) { changed += 1 }
                }
            }
            XCTAssertGreaterThan(outside, 0)
            XCTAssertEqual(changed, 0, "@\(scale)x: pixels outside the sharp outline changed")
            XCTAssertNotEqual(full, sharp)
        }
    }

    /// A blurred view partly above the screen is drawn in a layer cut a blur's reach outside the
    /// screen; what shows is identical to the same view fully on a taller screen.
    func testBlurLayerCutAtTheScreenChangesNoPixel() throws {
        func header(y: Double) -> View {
            View(id: "h", frame: Rect(x: 0, y: y, width: 120, height: 160), image: "land", contentMode: .scaleAspectFill,
                 clipsToBounds: true, effects: [.blurByPull(BlurByPull(radius: 6))],
                 bindings: [Binding(property: .blur, driver: .offset, keyframes: [(0, 1), (1, 1)])])
        }
        for scale in [1, 2] {
            let cut = try render([header(y: -100)], width: 120, height: 100, scale: scale)
            let whole = try render([header(y: 0)], width: 120, height: 200, scale: scale)
            let visible = whole.pixels[(100 * scale * whole.width * 4)...]
            XCTAssertEqual(cut.pixels, Array(visible), "@\(scale)x")
        }
    }
}
