import Regression
import Render

/// `render test [SUITE]`, and `render test [SUITE] --prune [--yes]`.
struct TestOptions {
    static let accepted = LimitOptions.names.union(["--update", "--junit", "--report", "--shard", "--artifacts", "--jobs", "--review",
                                                    "--port", "--host"])

    /// The suite file named, if any.
    let suite: String?
    let update: Bool
    let junit: String?
    let report: String?
    /// The i-th of n slices of the suite (1-based).
    let shard: (index: Int, count: Int)?
    let artifacts: String?
    let jobs: Int
    let limits: RenderLimits
    let quiet: Bool
    /// `--prune`: list the references no case uses; with `yes`, remove them.
    let prune: Bool
    let yes: Bool
    /// `--review`: serve the failing cases on `host`:`port` (0: a free one) until interrupted.
    let review: Bool
    let port: UInt16
    let host: String

    init(_ parsed: ParsedArguments) throws {
        guard parsed.inputs.count <= 1 else { throw UsageError("test takes one suite file, got \(parsed.inputs.count)") }
        let given = parsed.given
        if parsed.prune {
            if let option = ["--shard", "--update"].first(where: given.contains) {
                let why = option == "--shard" ? "a shard does not know the other shards' cases" : "--update records, --prune removes"
                throw UsageError("\(option) does not combine with --prune: \(why)")
            }
            try OptionGroup.allow(given, ["--prune", "--yes"], in: "render test --prune, which renders nothing")
        } else {
            if parsed.yes { throw UsageError("--yes applies only to render test --prune") }
            try OptionGroup.allow(given, TestOptions.accepted, in: "render test")
            if parsed.update, let option = ["--report", "--artifacts", "--review"].first(where: given.contains) {
                throw UsageError("\(option) does not apply to render test --update, which records and compares nothing")
            }
            if !parsed.review, let option = ["--port", "--host"].first(where: given.contains) {
                throw UsageError("\(option) applies only to render test --review and render studio")
            }
        }
        suite = parsed.inputs.first
        update = parsed.update; junit = parsed.junit; report = parsed.report; shard = parsed.shard; artifacts = parsed.artifacts
        jobs = parsed.jobs; limits = parsed.limits; quiet = parsed.quiet; prune = parsed.prune; yes = parsed.yes
        review = parsed.review; port = parsed.port ?? 0; host = parsed.host ?? "127.0.0.1"
    }
}
