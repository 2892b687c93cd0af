import Paths
import Scene

/// A suite file (`scrollreel.json`): the scenes a project checks, each at its scales and
/// appearances, against references recorded beside it. Paths are resolved against the suite
/// file's folder.
///
/// Invariant: case names are unique and hold no `/`, so each case's references (its
/// `ReferenceLayout` in `references`) and failure images are its own.
public struct Suite: Equatable, Sendable {
    /// One scene at one scale and appearance: one test case.
    public struct Case: Equatable, Sendable {
        /// `stretchy.scale2.dark`: see `name(base:scale:appearance:)`.
        public var name: String
        /// The entry's name, or the scene file's without its extension: `stretchy`.
        public var base: String
        /// The scene file.
        public var scene: String
        public var scale: Int
        /// Light or dark; nil draws both side by side, light on the left.
        public var appearance: Appearance?
        /// The Dynamic Type size text styles are drawn at.
        public var contentSize = ContentSizeCategory.large
        public var layoutDirection = LayoutDirection.leftToRight
        /// The device drawn for instead of the scene's own; nil keeps the scene's.
        public var device: Device?
        /// The frames checked, by their index in the whole timeline, ascending without repeats;
        /// nil checks every frame.
        public var frames: [Int]?
        /// The folder holding the case's references (see `layout`).
        public var references: String
        /// pixelmatch's per-pixel threshold 0…1; nil compares bytes exactly, unless `deltaE` or
        /// `ssim` choose a comparison. At most one of `threshold` and those two is set.
        public var threshold: Double?
        public var maxDiffPixels: Int
        public var maxDiffRatio: Double
        /// The CIEDE2000 colour difference 0…100 at or under which pixels count as equal.
        public var deltaE: Double? = nil
        /// Whether a pixel over the colour difference counts only where its neighbourhood changed
        /// in structure (SSIM).
        public var ssim = false
        /// The ids of views whose pixels are not compared, wherever each frame draws them.
        public var mask: [String] = []

        /// The name the case's references are kept under: `<base>.scale<N>`, then `.dark` or
        /// `.both` for those appearances (nil is both), then the content size category when it is
        /// not the default `large` (`.accessibilityLarge`), then `.rtl` for right to left; a device
        /// other than the scene's goes right after the scale (`profile.scale1.iPhone-SE.dark`).
        public static func name(base: String, scale: Int, appearance: Appearance?,
                                contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                                device: Device? = nil) -> String {
            "\(base).scale\(scale)" + (device.map { ".\($0.slug)" } ?? "")
                + (appearance.map { $0 == .light ? "" : ".\($0.rawValue)" } ?? ".both")
                + textSuffix(contentSize: contentSize, layoutDirection: layoutDirection)
        }

        /// The end of a reference's name for its text's variant: the content size category when
        /// it is not `large`, then `.rtl` for right to left; empty at the defaults.
        public static func textSuffix(contentSize: ContentSizeCategory, layoutDirection: LayoutDirection) -> String {
            (contentSize == .large ? "" : ".\(contentSize.rawValue)") + (layoutDirection == .rightToLeft ? ".rtl" : "")
        }

        /// Whether `name` has the form `name(base:scale:appearance:contentSize:)` gives:
        /// `<base>.scale<N>`, maybe then `.dark` or `.both`, maybe then a content size category
        /// other than `large`, maybe then `.rtl`, a device's slug maybe after the scale, the base
        /// not empty.
        public static func isName(_ name: String) -> Bool {
            var rest = Substring(name)
            if rest.hasSuffix(".rtl") { rest = rest.dropLast(4) }
            if let size = ContentSizeCategory.allCases.first(where: { $0 != .large && rest.hasSuffix(".\($0.rawValue)") }) {
                rest = rest.dropLast(size.rawValue.count + 1)
            }
            if let appearance = [".dark", ".both"].first(where: { rest.hasSuffix($0) }) { rest = rest.dropLast(appearance.count) }
            if let device = Device.all.first(where: { rest.hasSuffix(".\($0.slug)") }) { rest = rest.dropLast(device.slug.count + 1) }
            // The digits hold no dot: the last one starts ".scale".
            guard let dot = rest.lastIndex(of: "."), dot > rest.startIndex, rest[dot...].hasPrefix(".scale") else { return false }
            let digits = rest[dot...].dropFirst(6)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }

        /// Where this case's hash file and reference frames are.
        public var layout: ReferenceLayout { ReferenceLayout(folder: references, name: name) }
    }

    public var file: String
    public var cases: [Case]

    public init(file: String, cases: [Case]) { self.file = file; self.cases = cases }

    /// The cases of shard `index` of `count` (1-based): a contiguous run of about `cases / count`
    /// cases in the file's order, as `playwright test --shard` splits tests. The shards of one
    /// suite hold every case exactly once.
    public func shard(_ index: Int, of count: Int) -> [Case] {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        // k × cases / count in full width: any I/N a user types must not overflow.
        func boundary(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: cases.count)).quotient }
        return Array(cases[boundary(index - 1) ..< boundary(index)])
    }
}
