import Synchronization

/// The box blur's division of a window sum, (sum × reciprocal + 2²³) >> 24 with a 24-bit
/// reciprocal of the window, and when one exists an exact form in 16-bit lanes.
///
/// Each 16-bit form is accepted only after checking it against the 24-bit one for every sum the
/// window can hold (0…255 × window), so the two give the same bytes by construction, not by
/// argument.
struct WindowDivisor: Sendable {
    /// round(2²⁴ / window).
    let reciprocal: UInt32
    /// For windows up to 255 pixels (radius 127), whose sums fit 16 bits:
    /// ((sum + bias) × multiplier) >> (16 + shift), every operand below 2¹⁶, which a vector unit
    /// does as one multiply-high. Found by search.
    let narrow: Narrow?
    /// The reciprocal in 16 bits, for windows of 257…513 pixels, whose sums take 17 bits: the sum
    /// as hi × 2¹⁶ + lo gives (hi × reciprocal + (lo × reciprocal) >> 16 + 128) >> 8.
    let halves: UInt16?

    typealias Narrow = (bias: UInt16, multiplier: UInt16, shift: UInt16)

    init(window: Int) {
        let reciprocal = UInt32(((1 << 24) + window / 2) / window)
        self.reciprocal = reciprocal
        (narrow, halves) = WindowDivisor.found.withLock { found in
            if let known = found[window] { return known }
            let forms = (WindowDivisor.narrow(window: window, reciprocal: reciprocal),
                         WindowDivisor.halves(window: window, reciprocal: reciprocal))
            found[window] = forms
            return forms
        }
    }

    /// Forms found, by window: each check costs up to 255 × window sums, and a run blurs with a
    /// handful of windows thousands of times.
    private static let found = Mutex<[Int: (Narrow?, UInt16?)]>([:])

    private static func narrow(window: Int, reciprocal: UInt32) -> Narrow? {
        let largest = 255 * window
        let exact = { (sum: Int) -> Int in (sum * Int(reciprocal) + (1 << 23)) >> 24 }
        for shift in 0..<9 {
            for bias in [window / 2, 0, window / 2 + 1] where largest + bias < 1 << 16 {
                let estimate = (1 << (16 + shift)) / window
                for multiplier in max(1, estimate - 2)...min(0xFFFF, estimate + 2)
                where (0...largest).allSatisfy({ (($0 + bias) * multiplier) >> (16 + shift) == exact($0) }) {
                    return (UInt16(bias), UInt16(multiplier), UInt16(shift))
                }
            }
        }
        return nil
    }

    private static func halves(window: Int, reciprocal: UInt32) -> UInt16? {
        guard (257...513).contains(window) else { return nil }
        let rec = Int(reciprocal)
        let exact = (0...255 * window).allSatisfy { sum in
            let split = (sum >> 16) * rec + ((sum & 0xFFFF) * rec) >> 16 + 128
            return split < 1 << 16 && split >> 8 == (sum * rec + (1 << 23)) >> 24
        }
        return exact ? UInt16(reciprocal) : nil
    }
}
