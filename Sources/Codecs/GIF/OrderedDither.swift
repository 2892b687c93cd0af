/// Maps pixels to a reduced palette with an 8 × 8 Bayer ordered dither, so smooth gradients (a
/// blurred header, a sky) become fine, even texture instead of contour bands.
///
/// - Colours that are exactly in the palette are kept as they are: flat interface colours stay
///   flat, with no dither pattern on them.
/// - Texture (`Texture`) takes its nearest entry, undithered: the pixels' own variation hides the
///   palette's steps there, and nudges would only add noise. Whether a pixel is texture depends
///   on its neighbours' colours alone, so it too stays the same where the image does.
/// - Every other colour is nudged by the pixel's threshold, ±`spread`/2 on each channel, before its
///   nearest palette entry is taken. The pattern depends only on the pixel's position, never on
///   other pixels, so an area that does not change between frames is encoded identically and
///   the GIF writer's changed-rectangle test still skips it.
/// - A spread of 8 removes the visible banding of a 256-colour palette; wider spreads show the
///   pattern and grow GIFs more (measured on samples/stretchy-blur: 12 shows a grid, 8 does not;
///   the GIF grows by about 40%).
struct OrderedDither {
    static let spread = 8

    /// The classic recursive Bayer matrix, thresholds 0…63.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    let palette: [UInt32]
    let nearest: NearestColor
    /// The width of the nudges, in levels per channel; 0 takes the nearest entry of every colour.
    var spread = OrderedDither.spread

    /// The image on the palette, each pixel's error measured as it is mapped: colours in the
    /// palette (and runs of one) have none, the others the distance to the entry they took. Nil,
    /// as soon as a row ends with it so, when the errors add up to more than `limit`.
    func map(_ image: RGBRows, limit: Int = .max) -> Quantized? {
        let (width, height) = (image.width, image.height), pixels = width * height
        var exact = ColorTable(capacity: palette.count, zero: UInt8(0))
        // One bit per 12-bit hash of each palette colour: most pixels of a photo are in no
        // palette, and a clear bit says so without probing the table.
        var inPalette = [UInt64](repeating: 0, count: 64)
        for (i, c) in palette.enumerated() {
            exact.insert(c, UInt8(i))
            let h = OrderedDither.hash(c)
            inPalette[h >> 6] |= 1 << UInt64(h & 63)
        }
        // The nearest entry of each nudged colour met so far: a pure function of the colour.
        var cache = ColorTable(capacity: ColorTable<UInt8>.capacity(forPixels: pixels), zero: UInt8(0))
        // Every channel value nudged by every offset a threshold can give (see `nudged`).
        let nudges = NudgeTable(spread: spread)
        var rows = [Int](repeating: 0, count: 8)
        // Which pixels of the row are texture (`Texture`), marked when a row first needs it: rows
        // of palette colours alone never do.
        let texture = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { texture.deallocate() }
        var errors = [UInt8](), total = 0, done = 0
        // Every pixel is written below, unless the errors pass the limit: then none is kept.
        let indices = [UInt8](unsafeUninitializedCapacity: pixels) { out, count in
            errors = [UInt8](unsafeUninitializedCapacity: pixels) { error, written in
                image.read { reader in
                    inPalette.withUnsafeBufferPointer { inPalette in
                        palette.withUnsafeBufferPointer { palette in
                            rows.withUnsafeMutableBufferPointer { rows in
                                for y in 0..<height {
                                    // This row's eight thresholds, as the nudge table's rows of their offsets.
                                    for k in 0..<8 {
                                        rows[k] = nudges.row(offset: (OrderedDither.bayer[(y & 7) * 8 + k] * 2 - 63) * spread / 128)
                                    }
                                    // A run of one palette colour (a flat area) is looked up once.
                                    var runColor = UInt32.max, runIndex: UInt8 = 0, marked = false
                                    let src = reader.row(y)
                                    for x in 0..<width {
                                        let i = y &* width &+ x, c = src[x]
                                        if c == runColor { out[i] = runIndex; error[i] = 0; continue }
                                        let h = OrderedDither.hash(c)
                                        if inPalette[h >> 6] & (1 << UInt64(h & 63)) != 0, let index = exact.value(c) {
                                            out[i] = index; error[i] = 0
                                            runColor = c; runIndex = index
                                            continue
                                        }
                                        // Texture is not dithered; without a spread nothing is, and no row is marked.
                                        if spread != 0 && !marked {
                                            // Rows y − 1 and y + 1 take the reader's other two slots: `src` stays valid.
                                            let column = y > 0 && y &+ 1 < height ? (up: reader.row(y &- 1), down: reader.row(y &+ 1)) : nil
                                            Texture.mark(src, column: column, width: width, into: texture)
                                            marked = true
                                        }
                                        let nudged = spread == 0 || texture[x] != 0 ? c : nudges.nudged(c, row: rows[x & 7])
                                        let index: UInt8
                                        if let known = cache.value(nudged) {
                                            index = known
                                        } else {
                                            // The pixel before is usually near this one: its entry bounds the search.
                                            index = UInt8(nearest.index(of: nudged, hint: x > 0 ? Int(out[i &- 1]) : nil))
                                            cache.insert(nudged, index)
                                        }
                                        out[i] = index
                                        let d = LossyMatch.distance(palette[Int(index)], c)
                                        error[i] = UInt8(truncatingIfNeeded: min(d, 255))
                                        total &+= d
                                    }
                                    if total > limit { return }
                                    done = y + 1
                                }
                            }
                        }
                    }
                }
                written = done == height ? pixels : 0
            }
            count = done == height ? pixels : 0
        }
        guard done == height else { return nil }
        return Quantized(image: IndexedImage(width: width, height: height, palette: palette, indices: indices), errors: errors,
                         errorSum: total)
    }

    /// 12 bits of a colour, for the palette's bit set.
    @inline(__always)
    private static func hash(_ c: UInt32) -> Int { Int((c &* 0x9E37_79B1) >> 20) }
}

/// Each channel value 0…255 moved by each offset the dither can give, clamped to 0…255: a
/// colour's nudge is then three lookups instead of three clamped sums.
private struct NudgeTable {
    /// The offsets of thresholds 0…63 lie within ±spread/2; the table reaches one further.
    private let lowest: Int
    private let channels: [UInt8]

    init(spread: Int) {
        lowest = -abs(spread) / 2 - 1
        let highest = abs(spread) / 2 + 1
        channels = (lowest...highest).flatMap { d in (0..<256).map { UInt8(max(0, min(255, $0 + d))) } }
    }

    /// Where `nudged` finds the values moved by `offset`.
    func row(offset: Int) -> Int {
        precondition(offset >= lowest && (offset - lowest) * 256 < channels.count, "offset beyond the table")
        return (offset - lowest) * 256
    }

    /// 0xRRGGBB with each channel moved by the offset of `row`.
    @inline(__always)
    func nudged(_ c: UInt32, row: Int) -> UInt32 {
        channels.withUnsafeBufferPointer { table in
            let t = table.baseAddress! + row
            return UInt32(t[Int(c >> 16)]) << 16 | UInt32(t[Int((c >> 8) & 0xFF)]) << 8 | UInt32(t[Int(c & 0xFF)])
        }
    }
}
