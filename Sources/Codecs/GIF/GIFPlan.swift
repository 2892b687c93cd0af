import Raster

/// What one GIF frame stores, as `GIFPlanner` decided it: a rectangle of the frame and, when the
/// frame keeps what is on screen, which of its pixels may; and then, on any thread, its LZW codes
/// (`coded()`), which depend on nothing else.
public struct GIFPlan: Sendable {
    public let frame: GIFFrame
    /// The rectangle the frame stores; the rest of the screen keeps the previous frame.
    public let area: PixelRect
    /// Where the frame `keeps` and is still to be coded: per pixel of `area`, row after row,
    /// `mustCode` where the pixel must take an index of the frame's palette, else its limit in LZW,
    /// where it may take the transparent index (`GIFPlanner` rounds its bound down to make it).
    /// Nil otherwise: where the frame does not keep, every pixel of `area` takes an index within
    /// its limit, which the frame gives (`GIFPixels.limits`); an unchanged frame, or one with its
    /// `codes`, codes nothing more. A pixel that must be coded takes that limit too.
    let kept: [UInt16]?
    /// A `kept` entry: the pixel must take an index of the frame's palette.
    static let mustCode = UInt16.max
    /// Whether pixels may keep what is on screen.
    let keeps: Bool
    let tolerance: Int
    /// The codes, when the planner already made them while judging the frame.
    let codes: [UInt8]?
    /// Whether no pixel must change: the file then stores `GIFCodedFrame.unchanged(on:)`.
    let unchanged: Bool

    /// `kept`, when given, holds an entry for each pixel of `area`.
    init(frame: GIFFrame, area: PixelRect, kept: [UInt16]?, keeps: Bool, tolerance: Int, codes: [UInt8]?,
         unchanged: Bool = false) {
        precondition(kept.map { $0.count == area.width * area.height } ?? true, "one entry a pixel of the area")
        self.frame = frame
        self.area = area
        self.kept = kept
        self.keeps = keeps
        self.tolerance = tolerance
        self.codes = codes
        self.unchanged = unchanged
    }

    /// A frame in which every pixel keeps what is on screen: it codes nothing, so it needs no limits.
    init(unchanged frame: GIFFrame, tolerance: Int) {
        self.init(frame: frame, area: GIFCodedFrame.onePixel, kept: nil, keeps: true, tolerance: tolerance, codes: nil,
                  unchanged: true)
    }

    /// The index that keeps what is on screen: one past the palette.
    public var transparent: Int? { keeps ? frame.image.palette.count : nil }

    /// The frame as the file stores it.
    public func coded() -> GIFCodedFrame {
        if unchanged { return .unchanged(on: frame.usesShared ? frame.image.palette : nil) }
        var encoder = LZWEncoder()
        return GIFCodedFrame(area: area, palette: frame.image.palette, usesShared: frame.usesShared, transparent: transparent,
                             codes: codes ?? code(bands: 1, with: &encoder))
    }

    /// The LZW codes of `area`, row by row; with `bands` = k, of only every k-th band of 16 rows.
    func code(bands: Int, with encoder: inout LZWEncoder) -> [UInt8] {
        let rows = (area.y..<area.maxY).filter { ($0 - area.y) / 16 % bands == 0 }
        let codeSize = GIFPlan.codeSize(frame.image.palette.count, transparent: keeps || frame.usesShared)
        return frame.image.palette.withUnsafeBufferPointer { palette in
            encoder.encode(count: rows.count * area.width, codeSize: codeSize, palette: palette,
                           transparent: transparent ?? 256) { slots, first, n in
                fill(slots, rows: rows, first: first, count: n)
            }
        }
    }

    /// What LZW reads for pixels `first..<first + count` of `rows` of `area` taken in order: the
    /// index each pixel stores (the transparent index where it may keep what is on screen), its
    /// true colour, what the transparent index shows there for `LossyMatch` (rejected where the
    /// pixel must be coded; not written without a transparent index), and its limit. One pass.
    private func fill(_ slots: LZWWindow.Slots, rows: [Int], first: Int, count: Int) {
        frame.withPixels { pixels in
            var k = 0
            while k < count {
                // A run of one row: from column x, up to the row's end or the last pixel asked for.
                let position = first &+ k, x = position % area.width
                let run = min(area.width &- x, count &- k)
                let start = rows[position / area.width] &* frame.image.width &+ area.x &+ x
                (slots.indices + k).update(from: pixels.indices + start, count: run)
                var i = 0
                while i &+ 4 <= run {
                    UnsafeMutableRawPointer(slots.truth + (k &+ i)).storeBytes(of: pixels.truths(start &+ i), as: SIMD4<UInt32>.self)
                    i &+= 4
                }
                while i < run { slots.truth[k &+ i] = pixels.truth(start &+ i); i &+= 1 }
                pixels.limits(into: slots.limits + k, from: start, count: run, tolerance: tolerance)
                if let kept, let transparent {
                    let at = (rows[position / area.width] &- area.y) &* area.width &+ x
                    kept.withUnsafeBufferPointer { kept in
                        for i in 0..<run {
                            let limit = kept[at &+ i]
                            if limit == GIFPlan.mustCode {
                                slots.behind[k &+ i] = LossyMatch.rejected
                            } else {
                                slots.indices[k &+ i] = UInt8(truncatingIfNeeded: transparent)
                                slots.behind[k &+ i] = 0
                                slots.limits[k &+ i] = Float(limit)
                            }
                        }
                    }
                }
                k &+= run
            }
        }
    }

    /// LZW's starting code size for a colour table: the table's bits, at least 2, as GIF requires
    /// and giflib writes in the image descriptor.
    static func codeSize(_ colours: Int, transparent: Bool) -> Int {
        var bits = 1
        while 1 << bits < colours + (transparent ? 1 : 0) { bits += 1 }
        return max(2, bits)
    }
}

/// A frame ready for `GIFWriter.write`: the rectangle it stores, its colour table, and the LZW
/// codes of its pixels.
public struct GIFCodedFrame: Sendable {
    public let area: PixelRect
    public let palette: [UInt32]
    /// Whether `palette` is the writer's shared palette, stored once as the global colour table.
    public let usesShared: Bool
    /// The index that keeps what is on screen, if the frame uses one.
    public let transparent: Int?
    public let codes: [UInt8]

    /// The area of a frame that changes nothing.
    static let onePixel = PixelRect(x: 0, y: 0, width: 1, height: 1)

    /// A frame that changes nothing on screen (GIF has no empty image): one pixel, the
    /// transparent index. On the `shared` palette it takes the global colour table; otherwise a
    /// table of two entries, 6 bytes where a frame's own table would take up to 768.
    static func unchanged(on shared: [UInt32]?) -> GIFCodedFrame {
        let palette = shared ?? [0]
        let codeSize = GIFPlan.codeSize(palette.count, transparent: true)
        return GIFCodedFrame(area: onePixel, palette: palette, usesShared: shared != nil,
                             transparent: palette.count, codes: onlyCode(palette.count, codeSize: codeSize))
    }

    /// The LZW codes of an image of one pixel, `index`: the clear code (2^`codeSize`), the index and
    /// the end code, each `codeSize` + 1 bits wide, packed lowest bit first.
    static func onlyCode(_ index: Int, codeSize: Int) -> [UInt8] {
        let clear = 1 << codeSize, width = codeSize + 1
        let bits = clear | index << width | (clear + 1) << (2 * width)
        return (0..<(3 * width + 7) / 8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
    }
}
