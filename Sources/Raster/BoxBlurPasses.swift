/// The horizontal and vertical passes of one radius's box blur (see `Bitmap.boxBlurred`), in the
/// narrowest lanes that hold its window sums, with the scratch memory they reuse pass after pass.
///
/// A horizontal pass blurs rows of four-byte pixels, each byte apart from the others; a vertical
/// pass blurs byte columns, each apart from the others. So the two need not see the same layout of
/// an image, as long as each byte has its true neighbours: a one-channel mask takes its rows four
/// at a time as the bytes of one pixel (`CoverageMask.boxBlurred`).
struct BoxBlurPasses {
    let radius: Int
    private let divisor: WindowDivisor
    /// The vertical passes' ring (see `InPlaceRows`), for rows up to the `lanes` it was made for.
    private var ring: [UInt8]
    private var sums16: [SIMD8<UInt16>] = []
    private var sums32: [UInt32] = []

    /// Passes for images up to `lanes` bytes a row and `height` rows in the vertical pass.
    init(radius: Int, lanes: Int, height: Int) {
        precondition(radius > 0 && 2 * radius + 1 < 65_000, "blur window too wide for 32-bit sums")
        self.radius = radius
        divisor = WindowDivisor(window: 2 * radius + 1)
        // Every pass writes the rows of the ring before reading them: no need to zero it first.
        let ringBytes = InPlaceRows.slots(radius: radius, height: height) * lanes
        ring = [UInt8](unsafeUninitializedCapacity: ringBytes) { _, count in count = ringBytes }
        if divisor.narrow != nil {
            sums16 = ColumnGroups.sums(lanes: lanes, pairs: 1)
        } else if divisor.halves != nil {
            sums16 = ColumnGroups.sums(lanes: lanes, pairs: 2)
        } else {
            sums32 = [UInt32](repeating: 0, count: lanes)
        }
    }

    /// One horizontal pass over `height` rows of `width` four-byte pixels.
    func rows(_ pixels: inout [UInt8], width: Int, height: Int) {
        if let narrow = divisor.narrow {
            Bitmap.blurRowsNarrow(&pixels, width: width, height: height, radius: radius, divisor: narrow)
        } else if let reciprocal = divisor.halves {
            Bitmap.blurRowsHalves(&pixels, width: width, height: height, radius: radius, reciprocal: reciprocal)
        } else {
            Bitmap.blurRows(&pixels, width: width, height: height, radius: radius, reciprocal: divisor.reciprocal)
        }
    }

    /// One vertical pass over `height` rows of `lanes` bytes, at most the sizes made for.
    mutating func columns(_ pixels: inout [UInt8], lanes: Int, height: Int) {
        if let narrow = divisor.narrow {
            Bitmap.blurColumnsNarrow(&pixels, ring: &ring, lanes: lanes, height: height, radius: radius, divisor: narrow,
                                     sums: &sums16)
        } else if let reciprocal = divisor.halves {
            Bitmap.blurColumnsHalves(&pixels, ring: &ring, lanes: lanes, height: height, radius: radius, reciprocal: reciprocal,
                                     sums: &sums16)
        } else {
            Bitmap.blurColumns(&pixels, ring: &ring, lanes: lanes, height: height, radius: radius,
                               reciprocal: divisor.reciprocal, sums: &sums32)
        }
    }
}
