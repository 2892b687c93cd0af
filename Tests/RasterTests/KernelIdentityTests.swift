import Raster
import TestSupport
import XCTest

/// The vectorized compositing kernels against the scalar definitions in `ScalarReference`, bit
/// for bit, on random premultiplied pixels (translucent and clear ones included), random
/// fractional shapes and clips, and every width from 0 to 17, so that every vector tail occurs.
final class KernelIdentityTests: XCTestCase {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        mutating func rect(in width: Int, _ height: Int) -> FixedRect {
            let x = next(-600...(width * 256)), y = next(-600...(height * 256))
            return FixedRect(minX: x, minY: y, maxX: x + next(0...(width * 256 + 900)), maxY: y + next(0...(height * 256 + 900)))
        }
        mutating func clip(_ width: Int, _ height: Int) -> Clip {
            var clip = Clip(pixelWidth: width, pixelHeight: height)
            if next(0...2) > 0 { clip = clip.intersecting(RoundedRect(rect: rect(in: width, height), radius: next(0...1500))) }
            return clip
        }
        mutating func color() -> PremultipliedColor {
            let a = next(0...3) == 0 ? 255 : next(0...255)
            return StraightColor(r: UInt8(next(0...255)), g: UInt8(next(0...255)), b: UInt8(next(0...255)), a: UInt8(a)).premultiplied
        }
    }

    /// Opaque everywhere, so the copy paths run, with some translucent and clear pixels mixed in.
    func mostlyOpaque(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool) -> Bitmap {
        let noise = noiseBitmap(width: width, height: height, seed: seed)
        guard opaque else { return noise }
        var bytes = noise.pixels
        for i in stride(from: 0, to: bytes.count, by: 4) where (i / 4) % 7 != 3 {
            bytes[i + 3] = 255
        }
        return Bitmap(width: width, height: height, premultiplied: bytes)!
    }

    func testFill() {
        var random = Random(state: 7)
        for width in 0...17 {
            for height in [1, 2, 5] {
                for round in 0..<12 {
                    let target = mostlyOpaque(width, height, seed: UInt64(width * 100 + height * 10 + round), opaque: round % 2 == 0)
                    let shape = RoundedRect(rect: round < 4 ? FixedRect(pixelWidth: width, pixelHeight: height) : random.rect(in: width, height),
                                            radius: random.next(0...900))
                    let clip = random.clip(width, height), color = random.color()
                    var fast = target
                    fast.fill(shape, color: color, clip: clip)
                    XCTAssertEqual(fast.pixels, ScalarReference.fill(target, shape, color: color, clip: clip), "\(width)×\(height) round \(round)")
                }
            }
        }
    }

    /// Masks with long runs of partial coverage, as a shadow's blurred edge has, and some full.
    func testDrawMask() {
        var random = Random(state: 17)
        for width in 0...17 {
            for round in 0..<12 {
                let target = mostlyOpaque(width, 4, seed: UInt64(width * 41 + round), opaque: round % 2 == 0)
                let mw = max(1, width + random.next(-2...3)), mh = random.next(1...6)
                let coverage = (0..<(mw * mh)).map { _ in UInt8(random.next(0...3) == 0 ? 255 : random.next(0...255)) }
                let mask = CoverageMask(width: mw, height: mh, coverage: coverage)
                let x = random.next(-3...3), y = random.next(-3...3), clip = random.clip(width, 4), color = random.color()
                var fast = target
                fast.draw(mask, x: x, y: y, color: color, clip: clip)
                XCTAssertEqual(fast.pixels, ScalarReference.draw(target, mask, x: x, y: y, color: color, clip: clip),
                               "\(width) round \(round)")
            }
        }
    }

    func testComposite() {
        var random = Random(state: 11)
        for width in 0...17 {
            for round in 0..<12 {
                let target = mostlyOpaque(width, 4, seed: UInt64(width * 31 + round), opaque: round % 2 == 1)
                let layer = mostlyOpaque(max(1, width + random.next(-2...3)), random.next(1...6), seed: UInt64(round * 97 + width),
                                         opaque: round % 3 != 0)
                let x = random.next(-3...3), y = random.next(-3...3), opacity = UInt8(round % 4 == 0 ? 255 : random.next(0...255))
                let clip = random.clip(width, 4)
                var fast = target
                fast.composite(layer, x: x, y: y, opacity: opacity, clip: clip)
                XCTAssertEqual(fast.pixels, ScalarReference.composite(target, layer, x: x, y: y, opacity: opacity, clip: clip),
                               "\(width) round \(round)")
            }
        }
    }

    func testDrawImage() {
        var random = Random(state: 13)
        for width in 0...17 {
            for round in 0..<10 {
                let target = mostlyOpaque(width, 6, seed: UInt64(width * 13 + round), opaque: true)
                let image = mostlyOpaque(random.next(1...40), random.next(1...30), seed: UInt64(round * 71 + width), opaque: round % 3 != 0)
                // Every third round the image at its own width, moved by whole pixels across and by
                // any amount down: the horizontal pass is a plain copy.
                let destination = round % 3 == 2
                    ? { let x = random.next(-8...4) * 256, y = random.next(-900...900)
                        return FixedRect(minX: x, minY: y, maxX: x + image.width * 256, maxY: y + image.height * 256) }()
                    : random.rect(in: width, 6)
                let covering = round % 4 == 0 ? FixedRect(minX: destination.minX - 300, minY: destination.minY - 200,
                                                          maxX: destination.maxX + 255, maxY: destination.maxY + 100) : nil
                let opacity = UInt8(round % 2 == 0 ? 255 : random.next(0...255)), clip = random.clip(width, 6)
                var fast = target
                fast.draw(image, into: destination, covering: covering, opacity: opacity, clip: clip)
                let expected = ScalarReference.draw(target, image, into: destination, covering: covering, opacity: opacity, clip: clip)
                XCTAssertEqual(fast.pixels, expected, "\(width) round \(round)")
                // Through a cache: resampled once, drawn again with a smaller clip (a hit, when the
                // first draw covered its pixels) and with the first one's (a hit).
                let cache = ResampleCache(), smaller = random.clip(width, 6)
                var first = target, second = target, third = target
                first.draw(image, into: destination, covering: covering, opacity: opacity, clip: clip, cache: cache, key: "image")
                second.draw(image, into: destination, covering: covering, opacity: opacity, clip: smaller, cache: cache, key: "image")
                third.draw(image, into: destination, covering: covering, opacity: opacity, clip: clip, cache: cache, key: "image")
                XCTAssertEqual(first.pixels, expected, "\(width) round \(round), cached")
                XCTAssertEqual(second.pixels, ScalarReference.draw(target, image, into: destination, covering: covering,
                                                                   opacity: opacity, clip: smaller), "\(width) round \(round), reused")
                XCTAssertEqual(third.pixels, expected, "\(width) round \(round), reused again")
            }
        }
    }

    /// An image resampled through a cache in a larger layer, then drawn moved by whole pixels, as a
    /// view's shadow layer and the screen draw it: the same pixels as a draw of its own. Moved by
    /// half a pixel, it is resampled again.
    func testDrawImageMovedByWholePixelsThroughACache() {
        var random = Random(state: 19)
        for width in 0...17 {
            for round in 0..<8 {
                let image = mostlyOpaque(random.next(1...40), random.next(1...30), seed: UInt64(round * 53 + width), opaque: round % 2 == 0)
                let destination = random.rect(in: width, 6), cache = ResampleCache()
                // Every pixel of the target lies in the layer, 8 pixels in.
                var layer = Bitmap(width: width + 16, height: 22)
                layer.draw(image, into: destination.offsetBy(pixelsX: 8, pixelsY: 8), clip: Clip(pixelWidth: width + 16, pixelHeight: 22),
                           cache: cache, key: "image")
                let target = mostlyOpaque(width, 6, seed: UInt64(width * 29 + round), opaque: round % 3 != 0)
                let clip = random.clip(width, 6), opacity = UInt8(round % 2 == 0 ? 255 : random.next(0...255))
                var moved = target, halfway = target
                moved.draw(image, into: destination, opacity: opacity, clip: clip, cache: cache, key: "image")
                XCTAssertEqual(moved.pixels, ScalarReference.draw(target, image, into: destination, opacity: opacity, clip: clip),
                               "\(width) round \(round)")
                let half = FixedRect(minX: destination.minX + 128, minY: destination.minY, maxX: destination.maxX + 128, maxY: destination.maxY)
                halfway.draw(image, into: half, opacity: opacity, clip: clip, cache: cache, key: "image")
                XCTAssertEqual(halfway.pixels, ScalarReference.draw(target, image, into: half, opacity: opacity, clip: clip),
                               "\(width) round \(round), half a pixel on")
            }
        }
    }

    /// Images of more source rows than the horizontal pass holds at once (`Resampler.window`, 64),
    /// over tall targets, so that its window moves on many times: enlarged (two taps), reduced
    /// (many), reduced so far that one row's taps outnumber the window, and at its own height;
    /// directly and through a cache.
    func testDrawImageTallerThanTheResamplersWindow() {
        var random = Random(state: 29)
        for (round, (imageHeight, drawnHeight)) in [(150, 700), (900, 300), (2600, 30), (200, 200), (130, 523)].enumerated() {
            let width = 3 + round
            let target = mostlyOpaque(width, 720, seed: UInt64(round), opaque: true)
            let image = mostlyOpaque(random.next(2...9), imageHeight, seed: UInt64(round + 40), opaque: round % 2 == 0)
            let top = random.next(-300...300)
            let destination = FixedRect(minX: random.next(-200...100), minY: top, maxX: width * 256 + random.next(-100...300),
                                        maxY: top + drawnHeight * 256 + (round == 3 ? 0 : random.next(1...255)))
            let clip = Clip(pixelWidth: width, pixelHeight: 720)
            let expected = ScalarReference.draw(target, image, into: destination, opacity: 255, clip: clip)
            var direct = target, cached = target
            direct.draw(image, into: destination, opacity: 255, clip: clip)
            cached.draw(image, into: destination, opacity: 255, clip: clip, cache: ResampleCache(), key: "image")
            XCTAssertEqual(direct.pixels, expected, "round \(round)")
            XCTAssertEqual(cached.pixels, expected, "round \(round), cached")
        }
    }

    func testOverlayComposite() {
        var random = Random(state: 17)
        for width in 0...17 {
            for round in 0..<8 {
                let target = mostlyOpaque(width, 4, seed: UInt64(width * 29 + round), opaque: round % 2 == 1)
                let lw = max(1, width + random.next(-2...3)), lh = random.next(1...6)
                let layer = mostlyOpaque(lw, lh, seed: UInt64(round * 89 + width), opaque: round % 3 != 0)
                let over = noiseBitmap(width: lw, height: lh, seed: UInt64(width * 7 + round + 1000))
                let f = [0, 1, 32768, 65535, 65536, random.next(0...65536), random.next(0...65536), random.next(0...65536)][round]
                let tint = round == 0 ? StraightColor(r: 255, g: 255, b: 255, a: 38).premultiplied
                    : round == 1 ? nil : random.color()
                let shape = RoundedRect(rect: random.rect(in: lw, lh), radius: random.next(0...900))
                let overlay = Overlay(bitmap: over, tint: tint, shape: shape, keepsLayerOutline: round % 2 == 0, fraction65536: f)
                let x = random.next(-3...3), y = random.next(-3...3), opacity = UInt8(round % 4 == 0 ? 255 : random.next(1...255))
                let clip = random.clip(width, 4)
                var fast = target
                fast.composite(layer, overlay: overlay, x: x, y: y, opacity: opacity, clip: clip)
                XCTAssertEqual(fast.pixels, ScalarReference.composite(target, layer, overlay: overlay, x: x, y: y, opacity: opacity, clip: clip),
                               "\(width) round \(round)")
            }
        }
    }

    func testStraightBytesAndFilledBitmaps() {
        var random = Random(state: 19)
        for width in 0...17 {
            for opaque in [false, true] {
                let b = mostlyOpaque(width, 3, seed: UInt64(width * 3 + (opaque ? 1 : 0)), opaque: opaque)
                XCTAssertEqual(b.straightBytes(), ScalarReference.straightBytes(b), "\(width)")
            }
            let color = random.color()
            XCTAssertEqual(Bitmap(width: width, height: 3, fill: color).pixels,
                           Array([[UInt8]](repeating: [color.r, color.g, color.b, color.a], count: width * 3).joined()))
        }
    }
}
