/// How much of the lossy tolerance each pixel of an image may spend, from how busy the image is
/// around it: an error in a flat area or a smooth gradient shows, the same error among fine
/// detail (leaves, fabric, a photo's grain) or beside an edge is masked by it. This is the
/// contrast masking that perceptual metrics such as SSIM model, and it is what lets a lower
/// quality spend its error where it is least seen.
///
/// A pixel's weight, in sixteenths of the tolerance, is
///
///     16 + ⌊320000 · (9·Σy² − (Σy)²) / (81 · 585225)⌋, at most 255,
///
/// over the luma y = (77·R + 150·G + 29·B + 128) >> 8 of the 3 × 3 pixels around it, the image's
/// edge pixels repeated beyond it. (9·Σy² − (Σy)²)/81 is the variance of those nine lumas, so a
/// flat neighbourhood keeps the tolerance as it is (16/16), one whose lumas vary by about 5 levels
/// nearly doubles it, and from about 21 levels it is at its largest, almost 16 times as much.
/// Unlike `Texture`, this counts any variation: an edge or a steep gradient is busy too.
///
/// The window is 3 × 3 because a wider one lends a smooth area the tolerance of detail beside it:
/// with 7 × 7, specks showed in the sky beside a photo's corner, and the text-reveal sample grew
/// 7%.
public enum TextureMasking {
    /// The weight of every pixel of `rgb` (0xRRGGBB words, `width` × `height`, row by row), as
    /// documented above. Sums run along each row once, and three rows of them are added for each
    /// output row, so each pixel costs a few additions whatever the window. The loops that make
    /// lumas, sums and variances are plain wrapping arithmetic over pointers, which the compiler
    /// vectorizes; the weights are then looked up one by one.
    public static func weights(rgb: [UInt32], width: Int, height: Int) -> [UInt8] {
        weights(RGBRows(words: rgb, width: width, height: height))
    }

    /// `weights` of the colours of `image`.
    static func weights(_ image: RGBRows) -> [UInt8] {
        let (width, height) = (image.width, image.height)
        guard width > 0 && height > 0 else { return [] }
        // Three rows of sums in turn, row r in slot (r + 1) % 3, row −1 (the edge row again) in
        // slot 0: per pixel, its luma and its two neighbours' along the row, and their squares.
        // Then one row of lumas, pixel x at x + 1, its edge pixels repeated at 0 and width + 1, and
        // one of variances, clamped to the table.
        var scratch = [UInt32](repeating: 0, count: 6 * width + width + 2 + width)
        return [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            image.read { rows in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let sums = scratch.baseAddress!, lumas = sums + 6 * width, variances = lumas + width + 2
                    func slot(_ r: Int) -> (sums: UnsafeMutablePointer<UInt32>, squares: UnsafeMutablePointer<UInt32>) {
                        let base = sums + (r + 1) % 3 * 2 * width
                        return (base, base + width)
                    }
                    func sumRow(_ r: Int) {
                        let row = rows.row(min(max(r, 0), height - 1)), (into, squares) = slot(r)
                        for x in 0..<width {
                            let c = row[x]
                            lumas[x &+ 1] = (77 &* (c &>> 16 & 0xFF) &+ 150 &* (c &>> 8 & 0xFF) &+ 29 &* (c & 0xFF) &+ 128) &>> 8
                        }
                        lumas[0] = lumas[1]
                        lumas[width + 1] = lumas[width]
                        for x in 0..<width {
                            let (left, middle, right) = (lumas[x], lumas[x &+ 1], lumas[x &+ 2])
                            into[x] = left &+ middle &+ right
                            squares[x] = left &* left &+ middle &* middle &+ right &* right
                        }
                    }
                    sumRow(-1)
                    sumRow(0)
                    weightTable.withUnsafeBufferPointer { table in
                        for y in 0..<height {
                            sumRow(y + 1)
                            let (a, b, c) = (slot(y - 1), slot(y), slot(y + 1)), o = out.baseAddress! + y * width
                            for x in 0..<width {
                                let s = a.sums[x] &+ b.sums[x] &+ c.sums[x]
                                variances[x] = min(9 &* (a.squares[x] &+ b.squares[x] &+ c.squares[x]) &- s &* s, capped)
                            }
                            for x in 0..<width { o[x] = table[Int(variances[x])] }
                        }
                    }
                }
            }
            count = width * height
        }
    }

    /// From this v = 9·Σy² − (Σy)² on, the weight is at its cap: the first v whose 320000 · v
    /// reaches 239 × 81 × 585225 (35405, where the quotient is 239.0048).
    static let capped = UInt32((239 * 81 * 585_225 + 319_999) / 320_000)

    /// The weight of each v up to `capped`, worked out once: a lookup is cheaper than a 64-bit
    /// division, which the compiler cannot vectorize.
    static let weightTable: [UInt8] = (0...capped).map(weight)

    /// 16 + ⌊320000 · v / (81 · 585225)⌋, at most 255, for v = 9·Σy² − (Σy)².
    static func weight(_ v: UInt32) -> UInt8 {
        UInt8(min(255, 16 + 320_000 * Int64(v) / (81 * 585_225)))
    }
}
