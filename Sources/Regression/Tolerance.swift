/// How far a frame may differ from its reference and still pass. The default is exact.
///
/// Two questions, answered separately: which pixels count as differing (`comparison`), and how
/// many of them a frame may have (`maxDiffPixels`, `maxDiffRatio`).
public struct Tolerance: Equatable, Sendable {
    /// How a pixel of a frame is judged against the same pixel of its reference. Every mode first
    /// passes pixels whose bytes are equal; they differ in what else they let pass.
    public enum Comparison: Equatable, Sendable {
        /// Any change to a pixel's bytes counts, anti-aliasing included.
        case exact
        /// pixelmatch's (and Playwright's default): YIQ colour distance under the threshold (0…1,
        /// pixelmatch's scale; 0.1 is its default), and pixels that look like anti-aliasing, do
        /// not count. See `PixelDiff`.
        case pixelmatch(threshold: Double)
        /// Pixels whose colours, translucent ones over white, are at most `maxDeltaE` apart in
        /// CIEDE2000 do not count. 1.0 is a just noticeable difference; 2.5 passes any change of
        /// one level per channel (the worst over all 2²⁴ colours is 2.45, between dark greys).
        /// See `CIEDE2000`.
        case ciede2000(maxDeltaE: Double)
        /// As `ciede2000`, and a pixel over the gate counts only where its neighbourhood changed
        /// in structure: Playwright's `ssim-cie94`, with CIEDE2000 in place of CIE94. Edges that
        /// move by a fraction of a pixel or shift their anti-aliasing pass; a flat area that
        /// changed colour, or text that changed, does not. Only pixels over the gate are judged:
        /// noise the gate lets pass stays passed, and noise over it in a flat area fails.
        /// See `NeighbourhoodSSIM`.
        case ssimCIEDE2000(maxDeltaE: Double = Comparison.justNoticeable)

        /// ΔE 1.0, the difference every ΔE formula is scaled to call just noticeable; Playwright's
        /// `ssim-cie94` gate (in ΔE94) and the default of `ssimCIEDE2000`.
        public static let justNoticeable = 1.0

        /// The comparison a command line or suite file chooses: `--threshold` / `threshold`,
        /// `--delta-e` / `deltaE` and `--ssim` / `ssim`. A threshold does not combine with the
        /// other two; callers refuse that with their own message first, and here it loses.
        public init(threshold: Double?, deltaE: Double?, ssim: Bool) {
            if ssim {
                self = .ssimCIEDE2000(maxDeltaE: deltaE ?? Comparison.justNoticeable)
            } else if let deltaE {
                self = .ciede2000(maxDeltaE: deltaE)
            } else {
                self = threshold.map { .pixelmatch(threshold: $0) } ?? .exact
            }
        }
    }

    public var comparison: Comparison
    /// Differing pixels allowed per frame.
    public var maxDiffPixels: Int
    /// Differing pixels allowed per frame, as a fraction of its pixels.
    public var maxDiffRatio: Double

    /// pixelmatch's threshold, or nil: exact when set to nil.
    public init(threshold: Double? = nil, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.init(comparison: threshold.map { .pixelmatch(threshold: $0) } ?? .exact, maxDiffPixels: maxDiffPixels,
                  maxDiffRatio: maxDiffRatio)
    }

    public init(comparison: Comparison, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.comparison = comparison; self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
    }

    /// Per-pixel YIQ threshold, 0…1, as in pixelmatch, when that is the comparison; nil for every
    /// other. Setting it chooses pixelmatch's comparison, or exact for nil.
    public var threshold: Double? {
        get { if case .pixelmatch(let threshold) = comparison { return threshold } else { return nil } }
        set { comparison = newValue.map { .pixelmatch(threshold: $0) } ?? .exact }
    }

    public var isExact: Bool { comparison == .exact && maxDiffPixels == 0 && maxDiffRatio == 0 }

    func accepts(_ diff: PixelDiff) -> Bool {
        diff.differing <= maxDiffPixels || diff.ratio <= maxDiffRatio
    }
}
