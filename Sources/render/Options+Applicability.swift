import Outputs

/// Options that cannot apply to what the command line asks for are mistakes, never silently
/// ignored: a user who typed `--frames 20-40 --out x.png` expects twenty frames, not one.
extension Options {
    /// Options that any invocation may carry.
    private static let universal: Set<String> = ["--quiet", "-q", "--help", "-h", "--version"]
    /// The resource limits: they apply wherever a scene is loaded.
    private static let limitOptions: Set<String> = ["--max-pixels", "--max-frames", "--max-duration",
                                                    "--max-image-pixels", "--max-views"]
    /// The options that let a frame differ from its reference; they compare pixels.
    static let toleranceOptions = ["--threshold", "--delta-e", "--ssim", "--max-diff-pixels", "--max-diff-ratio", "--mask"]
    /// Options that only `--check` reads.
    private static let checkOptions = ["--artifacts", "--report"] + toleranceOptions

    /// Whether the invocation renders frames, rather than only inspecting geometry.
    var rendersFrames: Bool { out != nil || hashes != nil || check != nil || contactSheet != nil }

    /// Throws for the first option that does nothing in this invocation.
    func checkApplicable() throws {
        switch command {
        case .validate:
            try allow(Options.limitOptions.union(["--scale", "--fps", "--appearance", "--content-size", "--layout-direction",
                                                          "--device"]),
                      in: "render validate")
        case .assemble:
            try allow(["--out", "--fps", "--jobs", "--quality"], in: "render gif")
            try checkQuality(out.flatMap(AnimationFormat.named(by:)).map(Output.animation))
        case .test:
            if prune {
                if let option = ["--shard", "--update"].first(where: given.contains) {
                    let why = option == "--shard" ? "a shard does not know the other shards' cases" : "--update records, --prune removes"
                    throw UsageError("\(option) does not combine with --prune: \(why)")
                }
                try allow(["--prune", "--yes"], in: "render test --prune, which renders nothing")
                return
            }
            if yes { throw UsageError("--yes applies only to render test --prune") }
            try allow(Options.limitOptions.union(["--update", "--junit", "--report", "--shard", "--artifacts", "--jobs"]),
                      in: "render test")
            if update, let option = ["--report", "--artifacts"].first(where: given.contains) {
                throw UsageError("\(option) does not apply to render test --update, which records and compares nothing")
            }
        case .mergeJUnit:
            try allow(["--out"], in: "render merge-junit")
        case .render:
            try checkRender()
        }
    }

    /// `--quality` applies to the formats that have more than one.
    private func checkQuality(_ output: Output?) throws {
        let lossy = AnimationFormat.all.filter { $0.quality != .lossless }
        if given.contains("--quality"), !lossy.contains(where: { output == .animation($0) }) {
            throw UsageError("--quality applies only to --out \(AnimationFormat.listed(lossy))")
        }
    }

    private func allow(_ allowed: Set<String>, in context: String) throws {
        if let option = given.first(where: { !allowed.contains($0) && !Options.universal.contains($0) }) {
            throw UsageError("\(option) does not apply to \(context)")
        }
    }

    private func checkRender() throws {
        if timeline {
            // The scale counts: the bounce-back settles within half an output pixel.
            try allow(Options.limitOptions.union(["--scene", "--timeline", "--fps", "--frames", "--scale", "--appearance", "--content-size",
                                                                 "--layout-direction", "--device"]),
                      in: "--timeline, which prints the scroll offsets and renders nothing")
            return
        }
        if let option = ["--update", "--junit", "--shard", "--prune", "--yes"].first(where: given.contains) {
            throw UsageError("\(option) applies only to render test")
        }
        if variants != nil, appearance == .both {
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
        try checkQuality(output)
        if given.contains("--max-size") {
            let streamed = AnimationFormat.all.filter(\.streams)
            guard output?.animation?.streams == true else {
                throw UsageError("--max-size applies only to --out \(AnimationFormat.listed(streamed))")
            }
            // The frame rate it may choose changes which frames there are.
            if let option = ["--frames", "--hashes", "--check", "--contact-sheet"].first(where: given.contains) {
                throw UsageError("--max-size does not combine with \(option): the frame rate it may choose changes the frames")
            }
        }
        if references && hashes == nil {
            throw UsageError("--references records the frames beside a hash file: give --hashes FILE too")
        }
        if given.contains("--every") && contactSheet == nil {
            throw UsageError("--every K applies only to --contact-sheet")
        }
        if check == nil, let option = Options.checkOptions.first(where: given.contains) {
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
