import Foundation

/// The CIEDE2000 colour difference ΔE00, as Sharma, Wu and Dalal state it step by step in "The
/// CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data, and
/// Mathematical Observations" (Color Research & Application 30(1), 2005), equations (1)–(17),
/// with kL = kC = kH = 1. Tests/RenderTests/CIEDE2000Tests checks it against the paper's 34 pairs.
///
/// ΔE00 1 is about a just noticeable difference; unlike ΔE76 (Euclidean in L*a*b*) it forgives
/// chroma and hue changes in saturated colours and lightness changes away from mid-grey, as eyes do.
///
/// Invariants: symmetric in its arguments, 0 for equal colours, and deterministic (IEEE arithmetic
/// and the C library's functions, in a fixed order).
public enum CIEDE2000 {
    /// 25⁷, where the chroma weighting G and rotation R_C turn over.
    private static let twentyFive7 = 6_103_515_625.0

    public static func difference(_ one: Lab, _ two: Lab) -> Double {
        // (2)–(6): a* stretched by G, so that near-neutral colours get a larger chroma and hue.
        let c1 = (one.a * one.a + one.b * one.b).squareRoot(), c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let g = 0.5 * (1 - rootOfSeventh((c1 + c2) / 2))
        let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot(), cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        let h1 = hue(one.b, a1), h2 = hue(two.b, a2)

        // (8)–(10): the differences. A hue is undefined where chroma is 0, and so is its difference.
        let dL = two.l - one.l
        let dC = cp2 - cp1
        let chromaProduct = cp1 * cp2
        var dh = 0.0
        if chromaProduct != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * chromaProduct.squareRoot() * sin(radians(dh / 2))

        // (12)–(14): the means; the mean hue goes the short way round the circle.
        let lMean = (one.l + two.l) / 2
        let cMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if chromaProduct != 0 {
            if abs(h1 - h2) <= 180 {
                hMean /= 2
            } else {
                hMean = hMean < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2
            }
        }

        // (15)–(17): the weights, and the rotation term that tilts the blue ellipses.
        let t = 1 - 0.17 * cos(radians(hMean - 30)) + 0.24 * cos(radians(2 * hMean))
            + 0.32 * cos(radians(3 * hMean + 6)) - 0.20 * cos(radians(4 * hMean - 63))
        let bump = (hMean - 275) / 25
        let dTheta = 30 * exp(-bump * bump)
        let rC = 2 * rootOfSeventh(cMean)
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cMean
        let sH = 1 + 0.015 * cMean * t
        let rT = -sin(radians(2 * dTheta)) * rC
        let l = dL / sL, c = dC / sC, h = dH / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    /// √(x⁷ / (x⁷ + 25⁷)): 0 for grey, towards 1 for saturated colours.
    @inline(__always)
    private static func rootOfSeventh(_ x: Double) -> Double {
        let x2 = x * x
        let x7 = x2 * x2 * x2 * x
        return (x7 / (x7 + twentyFive7)).squareRoot()
    }

    /// The hue angle h' in degrees, 0 ≤ h' < 360; 0 where a' = b = 0 (equation 7).
    @inline(__always)
    private static func hue(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * (180 / .pi)
        return h < 0 ? h + 360 : h
    }

    @inline(__always)
    private static func radians(_ degrees: Double) -> Double { degrees * (.pi / 180) }
}
