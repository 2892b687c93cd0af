/// Median-cut palette construction over a colour histogram; see `Quantizer`.
struct MedianCut {
    private struct Box {
        var range: Range<Int>      // into the working colour array
        var pixels: Int
        var axis: Int              // longest side: 0 red, 1 green, 2 blue
        var extent: Int
        var priority: Int { extent == 0 ? -1 : pixels * extent }
    }

    private var colors: [UInt32]
    private var counts: [Int]
    private var boxes: [Box] = []

    init(_ histogram: Histogram, boxes target: Int) {
        colors = histogram.colors
        counts = histogram.counts
        boxes = [makeBox(0..<colors.count)]
        while boxes.count < target {
            // Ties go to the earliest box, so the result is fully determined by the input.
            var best = 0
            for i in boxes.indices where boxes[i].priority > boxes[best].priority { best = i }
            guard boxes[best].priority > 0 else { break }
            let (low, high) = split(boxes[best])
            boxes[best] = low
            boxes.append(high)
        }
    }

    /// The sort key of a colour along an axis: that channel, then the others in RGB order.
    private static func key(_ color: UInt32, _ axis: Int) -> UInt32 {
        let r = color >> 16, g = (color >> 8) & 0xFF, b = color & 0xFF
        switch axis {
        case 0: return color
        case 1: return g << 16 | r << 8 | b
        default: return b << 16 | r << 8 | g
        }
    }

    /// The colour of a key made by `key(_:_:)`.
    private static func color(_ key: UInt32, _ axis: Int) -> UInt32 {
        let high = key >> 16, middle = (key >> 8) & 0xFF, low = key & 0xFF
        switch axis {
        case 0: return key
        case 1: return middle << 16 | high << 8 | low
        default: return middle << 16 | low << 8 | high
        }
    }

    /// Pixel-weighted mean of each box, rounded to nearest.
    var palette: [UInt32] {
        boxes.map { box in
            var sums = [0, 0, 0]
            for i in box.range {
                for axis in 0..<3 { sums[axis] += channel(colors[i], axis) * counts[i] }
            }
            let mean = sums.map { UInt32(($0 + box.pixels / 2) / box.pixels) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }

    private func makeBox(_ range: Range<Int>) -> Box {
        var lo = [255, 255, 255], hi = [0, 0, 0], pixels = 0
        for i in range {
            pixels += counts[i]
            for axis in 0..<3 {
                let v = channel(colors[i], axis)
                lo[axis] = min(lo[axis], v); hi[axis] = max(hi[axis], v)
            }
        }
        let extents = (0..<3).map { hi[$0] - lo[$0] }
        let axis = extents.firstIndex(of: extents.max()!)!
        return Box(range: range, pixels: pixels, axis: axis, extent: extents[axis])
    }

    /// Sorts the box's colours along its longest axis and cuts at the weighted median, leaving at
    /// least one colour on each side.
    ///
    /// The order is by the axis's channel, then by the whole colour: a 24-bit key with that
    /// channel on top and the other two below in RGB order, sorted with its pixel count alongside.
    private mutating func split(_ box: Box) -> (Box, Box) {
        let axis = box.axis
        let sorted = sortedByKey(box.range.map { UInt64(MedianCut.key(colors[$0], axis)) << 32 | UInt64(counts[$0]) })
        for (i, item) in zip(box.range, sorted) {
            colors[i] = MedianCut.color(UInt32(item >> 32), axis)
            counts[i] = Int(item & 0xFFFF_FFFF)
        }
        var running = 0, cut = box.range.lowerBound + 1
        for i in box.range {
            running += counts[i]
            if running * 2 >= box.pixels { cut = i + 1; break }
        }
        cut = min(max(cut, box.range.lowerBound + 1), box.range.upperBound - 1)
        return (makeBox(box.range.lowerBound..<cut), makeBox(cut..<box.range.upperBound))
    }
}
