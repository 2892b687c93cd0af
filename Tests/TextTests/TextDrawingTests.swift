import Dispatch
import Foundation
import Raster
import Text
import XCTest

final class TextDrawingTests: XCTestCase {
    let size = 20.0
    let everything = Clip(pixelWidth: 120, pixelHeight: 40)

    /// `string` in black on a white 120×40 bitmap, baseline origin at (x, y).
    func drawn(_ string: String, font: Font = FontFixtures.regular, x: Double = 10, y: Double = 28,
               clip: Clip? = nil) throws -> Bitmap {
        var bitmap = FontFixtures.whiteBitmap(120, 40)
        try font.layout(string, pixelSize: size).draw(x: x, y: y, color: FontFixtures.black,
                      clip: clip ?? everything, into: &bitmap)
        return bitmap
    }

    func isInk(_ p: PremultipliedColor) -> Bool { p != FontFixtures.white }

    func testInkStaysBetweenAscenderAndDescender() throws {
        let x = 10.0, y = 28.0
        let bitmap = try drawn("Hello, Wg!", x: x, y: y)
        let line = try FontFixtures.regular.layout("Hello, Wg!", pixelSize: size)
        let m = FontFixtures.regular.metrics(pixelSize: size)
        // Whole pixels touched by [x, x + width] × [y − ascender, y + descender], plus one for
        // anti-aliasing and side bearings.
        let left = Int(x) - 1, right = Int((x + line.width).rounded(.up)) + 1
        let top = Int((y - m.ascender).rounded(.down)) - 1, bottom = Int((y + m.descender).rounded(.up)) + 1
        var dark = 0, inkBelowBaseline = false, inkNearCapHeight = false
        for py in 0..<bitmap.height {
            for px in 0..<bitmap.width {
                let p = bitmap.pixel(x: px, y: py)
                guard isInk(p) else { continue }
                XCTAssertTrue((left..<right).contains(px) && (top..<bottom).contains(py), "ink at (\(px), \(py))")
                if p.r < 64 { dark += 1 }
                if py > Int(y) + 1 { inkBelowBaseline = true }             // the g's descender
                if py < Int(y - 0.7 * size) { inkNearCapHeight = true }      // the top of H and l
                XCTAssertEqual(p.a, 255, "opaque over opaque")
                XCTAssertTrue(p.r == p.g && p.g == p.b, "grey only")
            }
        }
        XCTAssertGreaterThan(dark, 100, "solid stems are black")
        XCTAssertTrue(inkBelowBaseline)
        XCTAssertTrue(inkNearCapHeight)
    }

    func testAntiAliasingLeavesIntermediateGreys() throws {
        let bitmap = try drawn("Wave")
        let greys = Set(stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] })
        XCTAssertGreaterThan(greys.count, 20, "diagonals are anti-aliased: \(greys.count) levels")
    }

    /// Nothing is drawn outside a fractional clip; pixels wholly inside it match an unclipped draw.
    func testClipIsRespected() throws {
        let rect = FixedRect(x: 20.5, y: 14, width: 30, height: 10.25)
        let clipped = try drawn("Hello, World", clip: Clip(rect: rect))
        let full = try drawn("Hello, World")
        var cutInk = false
        for py in 0..<40 {
            for px in 0..<120 {
                let pixelRect = FixedRect(x: Double(px), y: Double(py), width: 1, height: 1)
                let overlap = pixelRect.intersection(rect)
                if overlap.isEmpty {
                    XCTAssertFalse(isInk(clipped.pixel(x: px, y: py)), "outside the clip at (\(px), \(py))")
                    if isInk(full.pixel(x: px, y: py)) { cutInk = true }
                } else if overlap == pixelRect {
                    XCTAssertEqual(clipped.pixel(x: px, y: py), full.pixel(x: px, y: py), "(\(px), \(py))")
                }
            }
        }
        XCTAssertTrue(cutInk, "the clip cut something off")
    }

    func testRoundedClipCutsGlyphs() throws {
        let rect = FixedRect(x: 8, y: 8, width: 30, height: 30)
        let clip = Clip(rect: rect, rounded: [RoundedRect(rect: rect, radius: 15 * fixedOne)])
        let bitmap = try drawn("■■■", x: 8, y: 30, clip: clip)
        XCTAssertFalse(isInk(bitmap.pixel(x: 9, y: 9)), "outside the circle's corner")
        XCTAssertTrue(isInk(bitmap.pixel(x: 23, y: 23)))
    }

    func testSameLineDrawsIdenticalPixels() throws {
        let first = try drawn("Determinism 0123")
        assertSamePixels(try drawn("Determinism 0123"), first, "second draw, glyphs from the cache")
        let fresh = try Font(path: Font.defaultRegularPath)
        assertSamePixels(try drawn("Determinism 0123", font: fresh), first, "another font object, empty cache")
        let uncached = try Font(path: Font.defaultRegularPath, glyphCacheLimit: 0)
        assertSamePixels(try drawn("Determinism 0123", font: uncached), first, "a cache that keeps nothing")
        assertSamePixels(try drawn("Determinism 0123", font: uncached), first, "a cache that keeps nothing, again")
    }

    func testConcurrentDrawsMatchASerialDraw() throws {
        let expected = try drawn("Threads 42 AV", x: 10.3, y: 27.6)
        let font = try Font(path: Font.defaultRegularPath)   // an empty cache, filled concurrently
        let results = ResultBox(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            results.set(i, Result { try self.drawn("Threads 42 AV", font: font, x: 10.3, y: 27.6) })
        }
        for (i, result) in results.values.enumerated() {
            guard let bitmap = try result?.get() else { return XCTFail("thread \(i) did not finish") }
            assertSamePixels(bitmap, expected, "thread \(i)")
        }
    }

    func testQuarterPixelStepsMoveTheText() throws {
        let base = try drawn("Move", x: 10)
        XCTAssertTrue(try drawn("Move", x: 10.25) != base, "a quarter pixel right")
        XCTAssertTrue(try drawn("Move", y: 28.25) != base, "a quarter pixel down")
    }

    /// The ink's centre of mass, in pixels, on both axes.
    func centroid(_ b: Bitmap) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0, weight = 0.0
        for py in 0..<b.height {
            for px in 0..<b.width {
                let ink = Double(255 - Int(b.pixel(x: px, y: py).r))
                x += ink * (Double(px) + 0.5); y += ink * (Double(py) + 0.5); weight += ink
            }
        }
        return (x / weight, y / weight)
    }

    /// The ink follows the origin in quarter-pixel steps, right and down: smooth motion.
    func testInkCentroidFollowsFractionalOrigin() throws {
        let start = centroid(try drawn("Smooth", x: 10, y: 28))
        for step in 1...4 {
            let q = Double(step) / 4
            let right = centroid(try drawn("Smooth", x: 10 + q, y: 28))
            let down = centroid(try drawn("Smooth", x: 10, y: 28 + q))
            XCTAssertEqual(right.x - start.x, q, accuracy: 0.03, "step \(step) right")
            XCTAssertEqual(right.y, start.y, accuracy: 0.01, "step \(step) right")
            XCTAssertEqual(down.y - start.y, q, accuracy: 0.03, "step \(step) down")
            XCTAssertEqual(down.x, start.x, accuracy: 0.01, "step \(step) down")
        }
    }

    func testWholePixelMoveShiftsPixelsExactly() throws {
        let base = try drawn("Shift AV", x: 10.25, y: 27.75)
        let right = try drawn("Shift AV", x: 11.25, y: 27.75)
        let down = try drawn("Shift AV", x: 10.25, y: 28.75)
        for py in 0..<39 {
            for px in 0..<119 {
                XCTAssertEqual(right.pixel(x: px + 1, y: py), base.pixel(x: px, y: py), "(\(px), \(py))")
                XCTAssertEqual(down.pixel(x: px, y: py + 1), base.pixel(x: px, y: py), "(\(px), \(py))")
            }
        }
    }

    func testCachedGlyphsAreReused() throws {
        let font = try Font(path: Font.defaultRegularPath)
        _ = try drawn("abcabc", font: font, x: 10)
        let afterFirst = font.cachedGlyphCount
        XCTAssertGreaterThanOrEqual(afterFirst, 3)
        _ = try drawn("abcabc", font: font, x: 10)
        _ = try drawn("abcabc", font: font, x: 11)
        XCTAssertEqual(font.cachedGlyphCount, afterFirst, "redraws and whole-pixel moves reuse masks")
        _ = try drawn("abcabc", font: font, x: 10.5)
        XCTAssertGreaterThan(font.cachedGlyphCount, afterFirst, "another phase rasterizes anew")
    }

    func testTranslucentColourAndTransparentColour() throws {
        var bitmap = FontFixtures.whiteBitmap(120, 40)
        let line = try FontFixtures.regular.layout("Faint", pixelSize: size)
        try line.draw(x: 10, y: 28, color: .clear, clip: everything, into: &bitmap)
        assertSamePixels(bitmap, FontFixtures.whiteBitmap(120, 40), "a transparent colour draws nothing")
        let halfBlack = StraightColor(r: 0, g: 0, b: 0, a: 128).premultiplied
        try line.draw(x: 10, y: 28, color: halfBlack, clip: everything, into: &bitmap)
        let darkest = stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }.min()!
        XCTAssertEqual(darkest, 127, "full coverage at alpha 128 over white: 255 − 128")
    }

    func testLineFarOutsideTheBitmapDrawsNothing() throws {
        assertSamePixels(try drawn("Offscreen", x: -5000, y: 28), FontFixtures.whiteBitmap(120, 40), "far left")
        assertSamePixels(try drawn("Offscreen", x: 10, y: 9000), FontFixtures.whiteBitmap(120, 40), "far below")
    }
}

/// Results written by concurrent iterations, one slot each.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Bitmap, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: Result<Bitmap, Error>) { lock.withLock { slots[i] = value } }

    var values: [Result<Bitmap, Error>?] { lock.withLock { slots } }
}
