import Outputs
import Paths
import Regression
import Render

/// `render --scene FILE …`: what to render, the outputs, and the check against references.
struct RenderOptions {
    /// The options that let a frame differ from its reference; they compare pixels.
    static let toleranceOptions = ["--threshold", "--delta-e", "--ssim", "--max-diff-pixels", "--max-diff-ratio", "--mask"]
    /// Options that only `--check` reads.
    private static let checkOptions = ["--artifacts", "--report"] + toleranceOptions

    let scene: String
    let variant: VariantOptions
    let limits: RenderLimits
    let out: String?
    /// Quality 1…100 of a GIF, a WebP (nil: lossless) or an MP4 (nil: 80).
    let quality: Int?
    /// `--max-size` in bytes.
    let maxSize: Int?
    /// `--min-fps`: the lowest frame rate `--max-size` may choose (nil: 15).
    let minFps: Int?
    /// The frame written to `--out NAME.png`.
    let frame: Int
    /// First and last frame to render, by their index in the whole timeline.
    let frames: ClosedRange<Int>?
    let inspect: String?
    let timeline: Bool
    let hashes: String?
    /// Whether to record the frames `--check` diffs against, beside the hash file.
    let references: Bool
    let check: String?
    let artifacts: String?
    let tolerance: Tolerance
    /// `--mask`: ids of views whose pixels `--check` does not compare.
    let mask: [String]
    let contactSheet: String?
    /// `--report`: an HTML page of the failing frames.
    let report: String?
    let every: Int
    /// The display's corners, and maybe the phone's body, around each frame.
    let deviceFrame: DeviceFrame?
    /// `--touches`: draw the script's finger over every frame.
    let touches: Bool
    /// Threads rendering frames; output is identical for any value.
    let jobs: Int
    let quiet: Bool
    let stats: Bool
    /// The options given, in order, without their values.
    let given: [String]

    init(_ parsed: ParsedArguments) throws {
        guard let scene = parsed.scene else { throw UsageError("--scene is required") }
        guard parsed.out != nil || parsed.inspect != nil || parsed.timeline || parsed.hashes != nil || parsed.check != nil
                || parsed.contactSheet != nil else {
            throw UsageError("nothing to do: give --out, --hashes, --check, --contact-sheet, --inspect or --timeline")
        }
        self.scene = scene
        variant = VariantOptions(parsed); limits = parsed.limits
        out = parsed.out; quality = parsed.quality; maxSize = parsed.maxSize; minFps = parsed.minFps; frame = parsed.frame; frames = parsed.frames
        inspect = parsed.inspect; timeline = parsed.timeline; hashes = parsed.hashes; references = parsed.references
        check = parsed.check; artifacts = parsed.artifacts; tolerance = parsed.tolerance; mask = parsed.mask
        contactSheet = parsed.contactSheet; report = parsed.report; every = parsed.every; deviceFrame = parsed.deviceFrame
        touches = parsed.touches; jobs = parsed.jobs; quiet = parsed.quiet; stats = parsed.stats; given = parsed.given
        try checkApplicable()
    }

    /// The scene file's name without folder and extension: the `<scene>` of frame names in hash files.
    var sceneName: String { PathText.stem(of: scene) }

    /// Whether the invocation renders frames, rather than only inspecting geometry.
    var rendersFrames: Bool { out != nil || hashes != nil || check != nil || contactSheet != nil }

    /// `--quality` applies to the formats that have more than one.
    static func checkQuality(_ given: [String], _ output: Output?) throws {
        let lossy = AnimationFormat.all.filter { $0.quality != .lossless }
        if given.contains("--quality"), !lossy.contains(where: { output == .animation($0) }) {
            throw UsageError("--quality applies only to --out \(AnimationFormat.listed(lossy))")
        }
    }

    /// Throws for the first option that does nothing in this invocation.
    private func checkApplicable() throws {
        if timeline {
            // The scale counts: the bounce-back settles within half an output pixel.
            try OptionGroup.allow(given, LimitOptions.names.union(VariantOptions.names).union(["--scene", "--timeline", "--frames"]),
                                  in: "--timeline, which prints the scroll offsets and renders nothing")
            return
        }
        if let option = ["--update", "--junit", "--shard", "--prune", "--yes"].first(where: given.contains) {
            throw UsageError("\(option) applies only to render test")
        }
        if variant.variants != nil, variant.appearance == .both {
            throw UsageError("--variants does not combine with --appearance both: list light,dark in --variants")
        }
        if let sheet = contactSheet, !sheet.lowercased().hasSuffix(".png") {
            throw UsageError("--contact-sheet \(sheet): a contact sheet is a PNG; give a NAME.png")
        }
        let output = out.flatMap { try? Output(path: $0) }
        let writesOnePNG = output == .png
        if given.contains("--frame") && !writesOnePNG {
            throw UsageError("--frame N chooses the frame written to --out NAME.png; to render a range, use --frames A-B")
        }
        if given.contains("--frames") && writesOnePNG {
            throw UsageError("--frames A-B does not apply to --out NAME.png, which holds one frame; choose it with --frame N")
        }
        try RenderOptions.checkQuality(given, output)
        if given.contains("--max-size") {
            guard output?.animation != nil else {
                throw UsageError("--max-size applies only to --out \(AnimationFormat.listed(AnimationFormat.all))")
            }
            // The frame rate it may choose changes which frames there are.
            if let option = ["--frames", "--hashes", "--check", "--contact-sheet"].first(where: given.contains) {
                throw UsageError("--max-size does not combine with \(option): the frame rate it may choose changes the frames")
            }
        } else if given.contains("--min-fps") {
            throw UsageError("--min-fps applies only with --max-size")
        }
        if references && hashes == nil {
            throw UsageError("--references records the frames beside a hash file: give --hashes FILE too")
        }
        if given.contains("--every") && contactSheet == nil {
            throw UsageError("--every K applies only to --contact-sheet")
        }
        if check == nil, let option = RenderOptions.checkOptions.first(where: given.contains) {
            throw UsageError("\(option) applies only to --check")
        }
        if given.contains("--threshold"), let option = ["--delta-e", "--ssim"].first(where: given.contains) {
            throw UsageError("--threshold and \(option) choose different comparisons (pixelmatch's YIQ distance, "
                             + "CIEDE2000): give one")
        }
        // --scale still applies to --inspect alone: it sets which frames there are (see --timeline).
        if !rendersFrames, let option = ["--jobs", "--stats", "--device-frame"].first(where: given.contains) {
            throw UsageError("\(option) does not apply to --inspect alone, which renders no pixels")
        }
    }
}
