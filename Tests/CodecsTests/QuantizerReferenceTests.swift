import Codecs
import XCTest

/// The quantizer against a plain restatement of its definition, written with dictionaries,
/// comparison sorts and a full palette scan: the fast tables, counting sorts and caches must give
/// the same palette and the same index for every pixel.
final class QuantizerReferenceTests: XCTestCase {
    /// Median cut, Lloyd's steps and ordered dither (not on texture) exactly as `Quantizer` documents them.
    static func reference(width: Int, height: Int, rgb: [UInt32]) -> IndexedImage {
        var histogram: [UInt32: Int] = [:]
        for c in rgb { histogram[c, default: 0] += 1 }
        var colors = histogram.keys.sorted()
        var counts = colors.map { histogram[$0]! }
        func channel(_ c: UInt32, _ axis: Int) -> Int { Int((c >> UInt32(16 - 8 * axis)) & 0xFF) }
        if colors.count <= 255 {
            let index = Dictionary(uniqueKeysWithValues: colors.enumerated().map { ($1, UInt8($0)) })
            return IndexedImage(width: width, height: height, palette: colors, indices: rgb.map { index[$0]! })
        }
        struct Box { var range: Range<Int>; var pixels: Int; var axis: Int; var extent: Int }
        func box(_ range: Range<Int>) -> Box {
            let pixels = range.reduce(0) { $0 + counts[$1] }
            let extents = (0..<3).map { axis in
                range.map { channel(colors[$0], axis) }.max()! - range.map { channel(colors[$0], axis) }.min()!
            }
            let axis = extents.firstIndex(of: extents.max()!)!
            return Box(range: range, pixels: pixels, axis: axis, extent: extents[axis])
        }
        func priority(_ b: Box) -> Int { b.extent == 0 ? -1 : b.pixels * b.extent }
        var boxes = [box(0..<colors.count)]
        while boxes.count < 255 {
            var best = 0
            for i in boxes.indices where priority(boxes[i]) > priority(boxes[best]) { best = i }
            guard priority(boxes[best]) > 0 else { break }
            let b = boxes[best]
            let order = b.range.sorted {
                (channel(colors[$0], b.axis), colors[$0]) < (channel(colors[$1], b.axis), colors[$1])
            }
            let sortedColors = order.map { colors[$0] }, sortedCounts = order.map { counts[$0] }
            colors.replaceSubrange(b.range, with: sortedColors)
            counts.replaceSubrange(b.range, with: sortedCounts)
            var running = 0, cut = b.range.lowerBound + 1
            for i in b.range {
                running += counts[i]
                if running * 2 >= b.pixels { cut = i + 1; break }
            }
            cut = min(max(cut, b.range.lowerBound + 1), b.range.upperBound - 1)
            boxes[best] = box(b.range.lowerBound..<cut)
            boxes.append(box(cut..<b.range.upperBound))
        }
        var palette: [UInt32] = boxes.map { b in
            let mean = (0..<3).map { axis in UInt32((b.range.reduce(0) { $0 + channel(colors[$1], axis) * counts[$1] } + b.pixels / 2) / b.pixels) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
        func nearest(_ c: UInt32) -> UInt8 {
            var best = Int.max, bestIndex = 0
            for (i, p) in palette.enumerated() {
                let d = (0..<3).reduce(0) { $0 + (channel(p, $1) - channel(c, $1)) * (channel(p, $1) - channel(c, $1)) }
                if d < best { best = d; bestIndex = i }
            }
            return UInt8(bestIndex)
        }
        // Four of Lloyd's steps: each entry moves to the mean of the colours nearest to it.
        for _ in 0..<4 {
            var members: [Int: [(UInt32, Int)]] = [:]
            for (c, n) in zip(colors, counts) { members[Int(nearest(c)), default: []].append((c, n)) }
            for (i, list) in members {
                let n = list.reduce(0) { $0 + $1.1 }
                let mean = (0..<3).map { axis in UInt32((list.reduce(0) { $0 + channel($1.0, axis) * $1.1 } + n / 2) / n) }
                palette[i] = mean[0] << 16 | mean[1] << 8 | mean[2]
            }
        }
        let bayer = [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
                     3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21]
        var exact: [UInt32: UInt8] = [:]
        for (i, c) in palette.enumerated() where exact[c] == nil { exact[c] = UInt8(i) }
        var indices: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = rgb[y * width + x]
                if let e = exact[c] { indices.append(e); continue }
                // Texture: a channel 2 or more levels from the mean of both neighbours along a row
                // or a column, rounded up. Texture takes its nearest entry, undithered.
                var texture = false
                for (a, b) in [(x > 0 && x + 1 < width) ? (rgb[y * width + x - 1], rgb[y * width + x + 1]) : nil,
                               (y > 0 && y + 1 < height) ? (rgb[(y - 1) * width + x], rgb[(y + 1) * width + x]) : nil]
                        .compactMap({ $0 }) {
                    for axis in 0..<3 where abs((channel(a, axis) + channel(b, axis) + 1) / 2 - channel(c, axis)) >= 2 {
                        texture = true
                    }
                }
                if texture { indices.append(nearest(c)); continue }
                let d = (bayer[(y & 7) * 8 + (x & 7)] * 2 - 63) * 8 / 128
                let nudge = { (v: UInt32) in UInt32(max(0, min(255, Int(v) + d))) }
                indices.append(nearest(nudge(c >> 16) << 16 | nudge((c >> 8) & 0xFF) << 8 | nudge(c & 0xFF)))
            }
        }
        return IndexedImage(width: width, height: height, palette: palette, indices: indices)
    }

    func testFastQuantizerMatchesTheDefinition() {
        var state: UInt64 = 42
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        // The wide gradient (kind 5) has boxes of more than 512 colours, which median cut sorts by
        // counting rather than by comparison (`countingSortMinimum`).
        for (width, height, kind) in [(37, 23, 0), (40, 40, 1), (64, 9, 2), (17, 61, 3), (12, 12, 4), (90, 70, 5)] {
            let rgb: [UInt32] = (0..<(width * height)).map { i in
                let x = i % width, y = i / width
                switch kind {
                case 0: return next() & 0xFFFFFF                                    // noise: every colour distinct
                case 1: return UInt32(x * 6) << 16 | UInt32(y * 6) << 8 | UInt32((x + y) * 3)   // gradients
                case 2: return [0xF2F2F7, 0xFFFFFF, 0xFF9500][Int(next() % 3)]                  // few flat colours
                case 3: return next() % 5 == 0 ? 0x336699 : (next() & 0x3F3F3F) | 0x808080      // flat runs and noise
                case 4: return UInt32(i * 97 % 300) * 0x010203 & 0xFFFFFF                        // about 300 colours
                default: return UInt32(x * 255 / 89) << 16 | UInt32(y * 255 / 69) << 8 | UInt32(x * y % 256) // 6,300 colours
                }
            }
            XCTAssertEqual(Quantizer.quantize(width: width, height: height, rgb: rgb).image,
                           QuantizerReferenceTests.reference(width: width, height: height, rgb: rgb), "kind \(kind)")
        }
    }
}
