import Raster

/// The kernels as first written: plain scalar loops, one pixel and one channel at a time, kept
/// here as the definition that the vectorized kernels in Raster must match bit for bit.
enum ScalarReference {
    /// Box blur: `passes` times a horizontal then a vertical pass, edges clamped, each output
    /// (window sum × 24-bit reciprocal + 2²³) >> 24.
    static func boxBlur(_ bitmap: Bitmap, radius: Int, passes: Int = 3) -> [UInt8] {
        guard radius > 0, bitmap.width > 0, bitmap.height > 0 else { return bitmap.pixels }
        let width = bitmap.width, height = bitmap.height
        var a = bitmap.pixels, b = [UInt8](repeating: 0, count: a.count)
        for _ in 0..<passes {
            blurLines(from: a, into: &b, lines: height, length: width, lineStride: width * 4, sampleStride: 4, radius: radius)
            blurLines(from: b, into: &a, lines: width, length: height, lineStride: 4, sampleStride: width * 4, radius: radius)
        }
        return a
    }

    private static func blurLines(from src: [UInt8], into dst: inout [UInt8], lines: Int, length: Int,
                                  lineStride: Int, sampleStride: Int, radius: Int) {
        let window = 2 * radius + 1
        let reciprocal = ((1 << 24) + window / 2) / window
        for line in 0..<lines {
            let base = line * lineStride
            func at(_ i: Int) -> Int { base + min(max(i, 0), length - 1) * sampleStride }
            var s = [0, 0, 0, 0]
            for k in -radius...radius { for c in 0..<4 { s[c] += Int(src[at(k) + c]) } }
            for i in 0..<length {
                for c in 0..<4 {
                    dst[at(i) + c] = UInt8((s[c] * reciprocal + (1 << 23)) >> 24)
                    s[c] += Int(src[at(i + radius + 1) + c]) - Int(src[at(i - radius) + c])
                }
            }
        }
    }
}

extension ScalarReference {
    /// Source-over of one pixel of `src` scaled by m (0…255) onto `dst`.
    static func blend(_ dst: inout [UInt8], _ i: Int, _ src: [UInt8], _ j: Int, _ m: Int) {
        guard m != 0 else { return }
        let sa = div255(Int(src[j + 3]) * m)
        guard sa != 0 else { return }
        for c in 0..<3 { dst[i + c] = UInt8(sourceOver(div255(Int(src[j + c]) * m), Int(dst[i + c]), sa)) }
        dst[i + 3] = UInt8(sourceOver(sa, Int(dst[i + 3]), sa))
    }

    /// The coverage of every pixel in `coverage.bounds`, row after row.
    static func coverageRows(_ coverage: Coverage) -> [[UInt8]] {
        (coverage.bounds.y..<coverage.bounds.maxY).map { y in
            var row = [UInt8](repeating: 0, count: coverage.bounds.width)
            row.withUnsafeMutableBufferPointer { coverage.row(y, into: $0) }
            return row
        }
    }

    static func fill(_ bitmap: Bitmap, _ shape: RoundedRect, color: PremultipliedColor, clip: Clip) -> [UInt8] {
        var out = bitmap.pixels
        guard color.a != 0 else { return out }
        let coverage = Coverage(shape: shape, clip: clip, targetWidth: bitmap.width, targetHeight: bitmap.height)
        let source = [color.r, color.g, color.b, color.a], area = coverage.bounds
        for (k, row) in coverageRows(coverage).enumerated() {
            for (x, c) in row.enumerated() { blend(&out, ((area.y + k) * bitmap.width + area.x + x) * 4, source, 0, Int(c)) }
        }
        return out
    }

    /// `color` through `mask` placed at (`x`, `y`): each pixel weighted by div255(mask × clip).
    static func draw(_ bitmap: Bitmap, _ mask: CoverageMask, x: Int, y: Int, color: PremultipliedColor, clip: Clip) -> [UInt8] {
        var out = bitmap.pixels
        guard color.a != 0 else { return out }
        let source = [color.r, color.g, color.b, color.a]
        let clipped = Coverage(shape: RoundedRect(rect: FixedRect(pixelWidth: bitmap.width, pixelHeight: bitmap.height), radius: 0),
                               clip: clip, targetWidth: bitmap.width, targetHeight: bitmap.height)
        let area = clipped.bounds
        for (k, row) in coverageRows(clipped).enumerated() {
            let py = area.y + k
            for (i, c) in row.enumerated() {
                let px = area.x + i, mx = px - x, my = py - y
                guard mx >= 0, my >= 0, mx < mask.width, my < mask.height else { continue }
                blend(&out, (py * bitmap.width + px) * 4, source, 0, div255(Int(mask.coverage[my * mask.width + mx]) * Int(c)))
            }
        }
        return out
    }

    static func composite(_ bitmap: Bitmap, _ layer: Bitmap, x: Int, y: Int, opacity: UInt8, clip: Clip) -> [UInt8] {
        var out = bitmap.pixels
        guard opacity != 0 else { return out }
        let placed = RoundedRect(rect: FixedRect(pixelWidth: layer.width, pixelHeight: layer.height).offsetBy(pixelsX: x, pixelsY: y), radius: 0)
        let coverage = Coverage(shape: placed, clip: clip, targetWidth: bitmap.width, targetHeight: bitmap.height)
        let area = coverage.bounds
        for (k, row) in coverageRows(coverage).enumerated() {
            for (i, c) in row.enumerated() {
                let px = area.x + i, py = area.y + k
                blend(&out, (py * bitmap.width + px) * 4, layer.pixels, ((py - y) * layer.width + px - x) * 4, div255(Int(c) * Int(opacity)))
            }
        }
        return out
    }

    /// `image` drawn into `destination`: the separable resampling (a horizontal pass kept at 16
    /// bits, then a vertical pass rounded once) and the blend, one value at a time.
    static func draw(_ bitmap: Bitmap, _ image: Bitmap, into destination: FixedRect, covering: FixedRect? = nil,
                     opacity: UInt8, clip: Clip) -> [UInt8] {
        var out = bitmap.pixels
        let coverage = Coverage(shape: RoundedRect(rect: covering ?? destination, radius: 0), clip: clip,
                                targetWidth: bitmap.width, targetHeight: bitmap.height)
        let area = coverage.bounds
        guard opacity != 0, !destination.isEmpty, !area.isEmpty else { return out }
        let columns = ResampleTable(sourceCount: image.width, destMin: destination.minX, destLength: destination.width,
                                    first: area.x, count: area.width)
        let rows = ResampleTable(sourceCount: image.height, destMin: destination.minY, destLength: destination.height,
                                 first: area.y, count: area.height)
        let shift = ResampleTable.shift
        // Horizontal: every source row the rows need, at 16 bits.
        var horizontal: [Int: [Int]] = [:]
        for row in rows.sourceRange {
            var line: [Int] = []
            for x in 0..<area.width {
                let (start, taps) = columns.taps(of: x)
                for c in 0..<4 {
                    var sum = 0
                    for (k, t) in taps.enumerated() { sum += Int(columns.weights[t]) * Int(image.pixels[(row * image.width + start + k) * 4 + c]) }
                    line.append((sum + (1 << (shift - 9))) >> (shift - 8))
                }
            }
            horizontal[row] = line
        }
        for (k, covRow) in coverageRows(coverage).enumerated() {
            let (start, taps) = rows.taps(of: k)
            var line = [UInt8](repeating: 0, count: area.width * 4)
            for x in 0..<area.width * 4 {
                var sum = 0
                for (n, t) in taps.enumerated() { sum += Int(rows.weights[t]) * horizontal[start + n]![x] }
                line[x] = UInt8((sum + (1 << (shift + 7))) >> (shift + 8))
            }
            for (x, c) in covRow.enumerated() {
                blend(&out, ((area.y + k) * bitmap.width + area.x + x) * 4, line, x * 4, div255(Int(c) * Int(opacity)))
            }
        }
        return out
    }
}

extension ScalarReference {
    /// The layer with E4's overlay laid over it, composited: the overlay tinted, masked and mixed
    /// over the whole layer, one step after another.
    static func composite(_ bitmap: Bitmap, _ layer: Bitmap, overlay: Overlay, x: Int, y: Int, opacity: UInt8, clip: Clip) -> [UInt8] {
        var over = overlay.bitmap.pixels
        if let color = overlay.tint, color.a != 0 {
            let tint = [Int(color.r), Int(color.g), Int(color.b)], keep = 255 - Int(color.a)
            for i in stride(from: 0, to: over.count, by: 4) {
                for c in 0..<3 { over[i + c] = UInt8(div255(tint[c] * Int(over[i + 3]) + Int(over[i + c]) * keep)) }
            }
        }
        let shape = Coverage(shape: overlay.shape, clip: Clip(pixelWidth: layer.width, pixelHeight: layer.height),
                             targetWidth: layer.width, targetHeight: layer.height)
        let rows = coverageRows(shape)
        for py in 0..<layer.height {
            for px in 0..<layer.width {
                let inside = shape.bounds.y <= py && py < shape.bounds.maxY && shape.bounds.x <= px && px < shape.bounds.maxX
                var m = inside ? Int(rows[py - shape.bounds.y][px - shape.bounds.x]) : 0
                let i = (py * layer.width + px) * 4
                if overlay.keepsLayerOutline { m = max(m, Int(layer.pixels[i + 3])) }
                for c in 0..<4 { over[i + c] = UInt8(div255(Int(over[i + c]) * m)) }
            }
        }
        let f = overlay.fraction65536, g = 65536 - f
        let mixed = zip(layer.pixels, over).map { UInt8((Int($0) * g + Int($1) * f + 32768) >> 16) }
        return composite(bitmap, Bitmap(width: layer.width, height: layer.height, premultiplied: mixed)!,
                         x: x, y: y, opacity: opacity, clip: clip)
    }
}

extension ScalarReference {
    static func straightBytes(_ bitmap: Bitmap) -> [UInt8] {
        var p = bitmap.pixels
        for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] != 255 {
            for c in 0..<3 { p[i + c] = unpremultiply(p[i + c], p[i + 3]) }
        }
        return p
    }
}
