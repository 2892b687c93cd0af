import Synchronization

/// The box blur's division of a window sum, (sum × reciprocal + 2²³) >> 24 with a 24-bit
/// reciprocal of the window, and when one exists its exact 16-bit form.
///
/// The 16-bit form is ((sum + bias) × multiplier) >> (16 + shift) with every operand below 2¹⁶,
/// which a vector unit does eight or sixteen lanes at a time (a multiply-high). It is found by
/// search and accepted only after checking it against the 24-bit form for every sum the window
/// can hold (0…255 × window), so the two give the same bytes by construction, not by argument.
/// Windows up to 255 pixels (radius 127) have one; wider ones overflow 16-bit sums.
struct WindowDivisor: Sendable {
    let window: Int
    /// round(2²⁴ / window).
    let reciprocal: UInt32
    let narrow: Narrow?
    /// The reciprocal in 16 bits, for windows of 257…513 pixels, whose sums take 17 bits: the sum
    /// as hi × 2¹⁶ + lo gives (hi × reciprocal + (lo × reciprocal) >> 16 + 128) >> 8, also checked
    /// for every sum. Nil for other windows.
    let halves: UInt16?

    typealias Narrow = (bias: UInt16, multiplier: UInt16, shift: UInt16)

    init(window: Int) {
        self.window = window
        let reciprocal = UInt32(((1 << 24) + window / 2) / window)
        self.reciprocal = reciprocal
        narrow = WindowDivisor.found.withLock { found in
            if let known = found[window] { return known }
            let narrow = WindowDivisor.search(window: window, reciprocal: reciprocal)
            found[window] = narrow
            return narrow
        }
        halves = (257...513).contains(window) && (0...255 * window).allSatisfy({ sum in
            let split = (sum >> 16) * Int(reciprocal) + ((sum & 0xFFFF) * Int(reciprocal)) >> 16 + 128
            return split < 1 << 16 && split >> 8 == (sum * Int(reciprocal) + (1 << 23)) >> 24
        }) ? UInt16(reciprocal) : nil
    }

    /// Searches done, by window: each costs up to 255 × window checks, and a run blurs with a
    /// handful of windows thousands of times.
    private static let found = Mutex<[Int: Narrow?]>([:])

    /// The definition: (sum × reciprocal + 2²³) >> 24.
    @inline(__always)
    func divide(_ sum: UInt32) -> UInt32 { (sum &* reciprocal &+ (1 << 23)) >> 24 }

    private static func search(window: Int, reciprocal: UInt32) -> Narrow? {
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
}
