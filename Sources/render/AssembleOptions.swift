import Outputs

/// `render gif DIR... --out NAME.gif`.
struct AssembleOptions {
    static let accepted: Set<String> = ["--out", "--fps", "--jobs", "--quality"]

    let folders: [String]
    let out: String
    let format: AnimationFormat
    let fps: Int
    let jobs: Int
    let quality: Int?
    let quiet: Bool

    init(_ parsed: ParsedArguments) throws {
        guard !parsed.inputs.isEmpty else { throw UsageError("gif needs a folder of frame_NNNN.png files, or several") }
        guard let out = parsed.out, let format = AnimationFormat.named(by: out) else { throw UsageError("gif needs --out NAME.gif") }
        try OptionGroup.allow(parsed.given, AssembleOptions.accepted, in: "render gif")
        try RenderOptions.checkQuality(parsed.given, .animation(format))
        folders = parsed.inputs
        self.out = out
        self.format = format
        fps = parsed.fps ?? 30
        jobs = parsed.jobs
        quality = parsed.quality
        quiet = parsed.quiet
    }
}
