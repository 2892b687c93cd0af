import Regression
import XCTest

/// ΔE00 against the published test data, and sRGB's conversion to L*a*b*.
final class CIEDE2000Tests: XCTestCase {
    /// Table 1 of Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula: Implementation
    /// Notes, Supplementary Test Data, and Mathematical Observations", Color Research & Application
    /// 30(1), 2005: L*a*b* pairs and their ΔE00 to four decimals. Pairs 9–16 straddle the hue
    /// discontinuities at 180° that a careless implementation gets wrong; 7–8 and 21–24 have a
    /// neutral colour, whose hue is undefined.
    static let sharma: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]

    /// Every pair rounds to the published value, in either order.
    func testSharmaWuDalalPairs() {
        XCTAssertEqual(Self.sharma.count, 34)
        for (n, pair) in Self.sharma.enumerated() {
            let one = Lab(l: pair.0, a: pair.1, b: pair.2), two = Lab(l: pair.3, a: pair.4, b: pair.5)
            for (first, second) in [(one, two), (two, one)] {
                let rounded = (CIEDE2000.difference(first, second) * 10_000).rounded() / 10_000
                XCTAssertEqual(rounded, pair.6, "pair \(n + 1)")
            }
            XCTAssertEqual(CIEDE2000.difference(one, one), 0, "pair \(n + 1) with itself")
        }
    }

    /// sRGB colours in L*a*b*, against a separate computation of the same definitions (Python,
    /// straight from IEC 61966-2-1 and CIE 15); they lie within 0.02 of the values computed with
    /// the primaries' unrounded matrix (red: 53.2408, 80.0925, 67.2032). White is exactly L* 100,
    /// and greys have no chroma.
    func testSRGBToLab() {
        let cases: [((UInt8, UInt8, UInt8), (Double, Double, Double))] = [
            ((255, 0, 0), (53.2329, 80.1053, 67.2228)),
            ((0, 255, 0), (87.7370, -86.1884, 83.1861)),
            ((0, 0, 255), (32.3026, 79.1936, -107.8537)),
            ((28, 28, 30), (10.3426, 0.5191, -1.3766)),
            ((128, 128, 128), (53.5850, 0, 0)),
            ((1, 1, 1), (0.2742, 0, 0)),
            ((0, 0, 0), (0, 0, 0)),
        ]
        for ((r, g, b), (l, a, bb)) in cases {
            let lab = Lab(r: r, g: g, b: b)
            XCTAssertEqual(lab.l, l, accuracy: 0.00005, "\(r),\(g),\(b)")
            XCTAssertEqual(lab.a, a, accuracy: 0.00005, "\(r),\(g),\(b)")
            XCTAssertEqual(lab.b, bb, accuracy: 0.00005, "\(r),\(g),\(b)")
        }
        XCTAssertEqual(Lab(r: 255, g: 255, b: 255), Lab(l: 100, a: 0, b: 0))
    }
}
