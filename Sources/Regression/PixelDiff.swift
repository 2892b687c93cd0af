import Foundation
import Raster

/// A pixel-by-pixel comparison of two frames in the manner of pixelmatch (and so of Playwright's
/// `toHaveScreenshot`): colour distance in YIQ, anti-aliasing detection, and a diff image in which
/// unchanged pixels are faded, changed pixels red and differences that anti-aliasing alone explains
/// yellow.
///
/// Exact (the default, `threshold == nil`): every pixel whose bytes differ counts, anti-aliasing
/// included; it is still drawn yellow so a reader sees why. With a threshold (0…1, pixelmatch's
/// scale; 0.1 is its default), pixels closer than threshold² × 35215 in YIQ and anti-aliased pixels
/// do not count. `init(expected:actual:comparison:)` also compares by CIEDE2000 and SSIM
/// (`PerceptualDiff`), with the same counts and diff image.
public struct PixelDiff {
    public let differing: Int
    public let antialiased: Int
    public let total: Int
    public let image: Bitmap
    /// The frame compared against: a failure's expected image, without reading it again.
    public let expected: Bitmap

    public var ratio: Double { total == 0 ? 0 : Double(differing) / Double(total) }

    /// - Precondition: both bitmaps have the same size.
    public init(expected: Bitmap, actual: Bitmap, threshold: Double? = nil) {
        precondition(expected.width == actual.width && expected.height == actual.height, "compared frames differ in size")
        let w = expected.width, h = expected.height
        let a = expected.straightBytes(), b = actual.straightBytes()
        let maxDelta = 35215 * (threshold ?? 0) * (threshold ?? 0)
        var out = [UInt8](repeating: 255, count: w * h * 4)
        var differing = 0, antialiased = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let same = a[i] == b[i] && a[i + 1] == b[i + 1] && a[i + 2] == b[i + 2] && a[i + 3] == b[i + 3]
                let delta = same ? 0 : colorDelta(a, b, i, i, yOnly: false)
                if !same && abs(delta) > maxDelta {
                    if isAntialiased(a, x, y, w, h, b) || isAntialiased(b, x, y, w, h, a) {
                        antialiased += 1
                        if threshold == nil { differing += 1 }
                        out[i] = 255; out[i + 1] = 255; out[i + 2] = 0
                    } else {
                        differing += 1
                        out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
                    }
                } else {
                    let v = fadedGrey(a, i)
                    out[i] = v; out[i + 1] = v; out[i + 2] = v
                }
            }
        }
        self.init(differing: differing, antialiased: antialiased, image: Bitmap(width: w, height: h, straight: out)!,
                  expected: expected)
    }

    /// The counts and the diff image (straight RGBA) of a comparison of `expected` with a frame.
    init(differing: Int, antialiased: Int, image: Bitmap, expected: Bitmap) {
        self.differing = differing
        self.antialiased = antialiased
        total = image.width * image.height
        self.image = image
        self.expected = expected
    }
}

/// An unchanged pixel in a diff image: pixel `i` (its byte offset) of straight RGBA `bytes` as a
/// faded grey, pixelmatch's drawGrayPixel with alpha 0.1.
func fadedGrey(_ bytes: [UInt8], _ i: Int) -> UInt8 {
    let grey = blend(rgbToY(Double(bytes[i]), Double(bytes[i + 1]), Double(bytes[i + 2])), 0.1 * Double(bytes[i + 3]) / 255)
    return UInt8(max(0, min(255, grey.rounded())))
}

// The functions below follow pixelmatch (ISC licence) closely, so thresholds mean the same thing.

private func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
private func rgbToY(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
private func rgbToI(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
private func rgbToQ(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

/// Squared YIQ distance between pixel k of `a` and pixel m of `b`, translucent pixels blended
/// onto white; negative when the first is brighter. With `yOnly`, the signed brightness difference.
private func colorDelta(_ a: [UInt8], _ b: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
    var r1 = Double(a[k]), g1 = Double(a[k + 1]), b1 = Double(a[k + 2])
    var r2 = Double(b[m]), g2 = Double(b[m + 1]), b2 = Double(b[m + 2])
    let a1 = Double(a[k + 3]), a2 = Double(b[m + 3])
    if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
    if a1 < 255 { let f = a1 / 255; r1 = blend(r1, f); g1 = blend(g1, f); b1 = blend(b1, f) }
    if a2 < 255 { let f = a2 / 255; r2 = blend(r2, f); g2 = blend(g2, f); b2 = blend(b2, f) }
    let y1 = rgbToY(r1, g1, b1), y2 = rgbToY(r2, g2, b2), y = y1 - y2
    if yOnly { return y }
    let i = rgbToI(r1, g1, b1) - rgbToI(r2, g2, b2), q = rgbToQ(r1, g1, b1) - rgbToQ(r2, g2, b2)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
}

/// Whether pixel (x1, y1) of `img` looks like anti-aliasing: it lies between a darker and a
/// brighter neighbour, one of which sits in a flat area in both images.
private func isAntialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, _ other: [UInt8]) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
    let pos = (y1 * w + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var minDelta = 0.0, maxDelta = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0
    for x in x0...x2 {
        for y in y0...y2 where x != x1 || y != y1 {
            let delta = colorDelta(img, img, pos, (y * w + x) * 4, yOnly: true)
            if delta == 0 {
                zeroes += 1
                if zeroes > 2 { return false }
            } else if delta < minDelta {
                minDelta = delta; minX = x; minY = y
            } else if delta > maxDelta {
                maxDelta = delta; maxX = x; maxY = y
            }
        }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
        || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
}

/// Whether at least three neighbours of (x1, y1) have exactly its colour.
private func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
    let pos = (y1 * w + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for x in x0...x2 {
        for y in y0...y2 where x != x1 || y != y1 {
            let other = (y * w + x) * 4
            if img[pos] == img[other] && img[pos + 1] == img[other + 1] && img[pos + 2] == img[other + 2]
                && img[pos + 3] == img[other + 3] {
                zeroes += 1
            }
            if zeroes > 2 { return true }
        }
    }
    return false
}
