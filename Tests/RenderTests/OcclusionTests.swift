@testable import Render
import Codecs
import Foundation
import Raster
import Scene
import XCTest

/// Leaving out what later drawing covers (`Occluders`) changes no pixel: random screens of opaque
/// and translucent views, rounded and clipping ones, opaque and translucent images, labels, and a
/// blurred header, painted with and without it at @1x, @2x and @3x.
final class OcclusionTests: XCTestCase {
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func chance(_ n: Int) -> Bool { next(n) == 0 }
        mutating func color() -> Color {
            Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256)), a: chance(3) ? UInt8(next(256)) : 255)
        }
        mutating func length(_ n: Int) -> Double { Double(next(n * 4)) / 4 + (chance(2) ? 0.37 : 0) }
    }

    /// A small opaque image, and one that is opaque but for one translucent column, as PNG files.
    func assets() throws -> [String: Asset] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("occlusion-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var assets: [String: Asset] = [:]
        for (name, alpha) in [("opaque", 255), ("translucent", 120)] {
            var bytes: [UInt8] = []
            for y in 0..<20 { for x in 0..<30 { bytes += [UInt8(x * 8), UInt8(y * 12), 90, UInt8(x == 7 ? alpha : 255)] } }
            let url = folder.appendingPathComponent(name + ".png")
            try Data(PNGCodec.encode(Bitmap(width: 30, height: 20, straight: bytes)!)).write(to: url)
            assets[name] = Asset(path: url.path, jsonPath: "assets." + name)
        }
        return assets
    }

    func view(_ random: inout Random, id: String, depth: Int, in size: (Double, Double)) -> View {
        let w = random.length(Int(size.0)), h = random.length(Int(size.1))
        let frame = Rect(x: random.length(Int(size.0)) - 4, y: random.length(Int(size.1)) - 4, width: w + 2, height: h + 2)
        let children = depth == 0 ? [] : (0..<random.next(4)).map { view(&random, id: "\(id).\($0)", depth: depth - 1, in: (w + 2, h + 2)) }
        var made = View(id: id, frame: frame, background: random.chance(4) ? nil : random.color(),
                    cornerRadius: random.chance(2) ? 0 : random.length(12),
                    image: random.chance(3) ? (random.chance(2) ? "opaque" : "translucent") : nil,
                    contentMode: ContentMode.allCases[random.next(ContentMode.allCases.count)],
                    clipsToBounds: random.chance(2), alpha: random.chance(4) ? 0.6 : 1,
                    label: random.chance(5) ? Label(text: "Ag", fontSize: 11) : nil, children: children)
        // A shadow is drawn under its view, and under what covers both.
        if random.chance(3) {
            made.shadow = Shadow(color: random.color(), opacity: Double(1 + random.next(4)) / 4,
                                 offset: (random.length(3) - 1.5, random.length(3) - 1.5), radius: random.length(4))
        }
        return made
    }

    func testLeavingOutCoveredPixelsChangesNothing() throws {
        let assets = try assets()
        var random = Random(state: 5)
        var compared = 0
        for round in 0..<24 {
            var views = (0..<(1 + random.next(4))).map { view(&random, id: "v\($0)", depth: 2, in: (60, 90)) }
            // A full-width header first, as in the samples: stretchy, blurred when pulled.
            views.insert(View(id: "header", frame: Rect(x: 0, y: 0, width: 60, height: 30),
                              background: random.chance(2) ? random.color() : nil, image: random.chance(3) ? nil : "opaque",
                              contentMode: .scaleAspectFill, clipsToBounds: !random.chance(4),
                              effects: [.stretchy(StretchyHeader()), .blurByPull(BlurByPull(radius: 3, fullAt: 40))]), at: 0)
            for offset in [-17.3, 0, 11.6] {
                var scene = Scene(canvas: Canvas(width: 60, height: 90, scale: 1 + round % 3, background: random.color()),
                                  assets: assets, scroll: ScrollSpec(contentHeight: 200), views: views)
                scene.scroll.script = [.scrollTo(y: offset, duration: 0, curve: .linear)]
                let renderer = try Renderer(scene: scene, images: PNGDecoder())
                let items = try renderer.items(frame: 0)
                var plain = renderer.painter
                plain.hidesCovered = false
                let reference = try plain.paint(items, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                                background: scene.canvas.background)
                let frame = try renderer.frame(0)
                let differing = (0..<frame.height).flatMap { y in (0..<frame.width).map { (x: $0, y: y) } }
                    .filter { frame.pixel(x: $0.x, y: $0.y) != reference.pixel(x: $0.x, y: $0.y) }
                XCTAssertEqual(differing.count, 0, "round \(round) offset \(offset): first at \(differing.first.map { "\($0)" } ?? "")")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 72)
    }
}
