import Codecs
import FileOutput
import Foundation
import Paths
import Pipeline
import Regression
import Render
import Scene
import Studio

/// `render test [SUITE]`: every case of a suite file (or of one shard of it) rendered and checked
/// against its references, with one progress bar, one summary, and exit status 1 when any case
/// fails; or, with `--update`, its references recorded again.
struct TestCommand {
    let options: TestOptions

    /// The suite file when none is named.
    static let defaultSuite = "scrollreel.json"

    /// The suite file named, or the default one, which must exist.
    static func suiteFile(_ options: TestOptions) throws -> String {
        let suiteFile = options.suite ?? TestCommand.defaultSuite
        if options.suite == nil && FileSystem.kind(of: suiteFile) == .none {
            throw UsageError("render test reads \(suiteFile) in the current folder, and there is none here; "
                             + "name a suite file (render test path/to/suite.json), or see the README's \"A whole suite\"")
        }
        return suiteFile
    }

    func run() throws {
        if options.prune { return try PruneCommand(options: options).run() }
        let suiteFile = try TestCommand.suiteFile(options)
        let suite = try SuiteDecoder.load(file: suiteFile)
        let cases = options.shard.map { suite.shard($0.index, of: $0.count) } ?? suite.cases
        // Every target is checked before anything renders, and none may be a file the run reads.
        let set = OutputSet()
        try set.reads(OutputTarget(option: "the suite", path: suiteFile))
        for item in cases {
            try set.reads(OutputTarget(option: "the scene of \(item.name)", path: item.scene))
            if !options.update { try set.reads(OutputTarget(option: "the hash file of \(item.name)", path: item.layout.manifest)) }
        }
        let junit = try options.junit.map { try set.file(OutputTarget(option: "--junit", path: $0), holding: .junit) }
        let report = try options.report.map { try set.file(OutputTarget(option: "--report", path: $0), holding: .report) }
        let recorders: [CaseRecorder]
        // A case refused here leaves no folder that an earlier one created.
        do { recorders = options.update ? try cases.map { try CaseRecorder(case: $0, set: set) } : [] } catch {
            set.discard()
            throw error
        }
        if options.update { ReferenceSink.noteFallback() }
        // A shard replaces its own cases' images only: the other shards' may share the folder.
        let names = cases.map(\.name)
        let artifacts = options.update ? nil : try set.folder(
            OutputTarget(option: "--artifacts", path: options.artifacts ?? TestCommand.defaultArtifacts(suiteFile)),
            kind: .suiteArtifacts, replacingAll: options.shard == nil, writableNow: options.artifacts != nil,
            scope: { file in names.contains { FolderKind.isSuiteArtifact(file, ofCase: $0) } })

        // The cases' images and fonts, known once their scenes are read: no output may replace one
        // either. A scene that cannot be read fails its case alone, below.
        do {
            for item in cases {
                guard let scene = try? SceneDecoder.load(file: item.scene) else { continue }
                try set.reads(filesOf: scene, owner: "\(item.name)'s ")
            }
        } catch {
            set.discard()
            throw error
        }

        // The progress bar's total: a case that lists its frames is counted without loading its
        // scene; the others are loaded once first to count theirs. A case that cannot load fails alone.
        let counts = cases.map { item in Result { try item.frames?.count ?? load(item).frames.count } }
        let total = counts.reduce(0) { $0 + ((try? $1.get()) ?? 0) }
        let progress = Progress(total: total, quiet: options.quiet)
        var outcomes: [CaseOutcome] = []
        let start = Date()
        try Interruption.writing(set) {
            defer { progress.finish() }
            var done = 0
            for (k, item) in cases.enumerated() {
                progress.label = item.name
                let began = Date()
                do {
                    _ = try counts[k].get()
                    if options.update {
                        try recorders[k].record(load(item), jobs: options.jobs) { progress.update(done: done + $0) }
                        outcomes.append(CaseOutcome(name: item.name, scene: item.scene, frames: try counts[k].get(),
                                                    seconds: Date().timeIntervalSince(began)))
                    } else {
                        outcomes.append(try check(item, load(item), artifacts: artifacts!, began: began) { progress.update(done: done + $0) })
                    }
                } catch let error as FileProblem {
                    throw error
                } catch {
                    if options.update { recorders[k].withdraw(from: set) }
                    outcomes.append(CaseOutcome(name: item.name, scene: item.scene, seconds: Date().timeIntervalSince(began),
                                                error: "\(error)"))
                }
                done += (try? counts[k].get()) ?? 0
            }
            let name = PathText.lastComponent(of: suiteFile)
            let title = name + (options.shard.map { " (shard \($0.index)/\($0.count))" } ?? "")
            try junit?.write(Array(JUnitReport.xml(suite: title, classname: name, outcomes: outcomes).utf8))
            try report?.write(Array(HTMLReport.html(title: title, outcomes: outcomes).utf8))
        }
        guard options.review else { return try summarize(outcomes, seconds: Date().timeIntervalSince(start), artifacts: artifacts) }
        do { try summarize(outcomes, seconds: Date().timeIntervalSince(start), artifacts: artifacts) } catch let failure as CheckFailure {
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
            try review(outcomes.filter { !$0.passed }, cases: cases, suiteFile: suiteFile)
        }
    }

    /// `--review`: serves the failing cases until interrupted; an Accept records a case's
    /// references as `--update` does (or one frame's, beside the others), and checks it again.
    private func review(_ failing: [CaseOutcome], cases: [Suite.Case], suiteFile: String) throws {
        let server: ReviewServer
        do {
            server = try ReviewServer(outcomes: failing, address: options.host, port: options.port) { name, frame in
                let item = cases.first { $0.name == name }!
                // Loaded once, for the recording and the check after it.
                let loaded = try load(item)
                if let frame {
                    try FrameRecorder(item: item).record(frame, renderer: loaded.renderer, jobs: options.jobs)
                } else {
                    let set = OutputSet()
                    try Interruption.writing(set) {
                        try CaseRecorder(case: item, set: set).record(loaded, jobs: options.jobs) { _ in }
                    }
                }
                // Checked again, its old failure images taken away.
                let again = OutputSet()
                let artifacts = try again.folder(
                    OutputTarget(option: "--artifacts", path: options.artifacts ?? TestCommand.defaultArtifacts(suiteFile)),
                    kind: .suiteArtifacts, replacingAll: false, writableNow: options.artifacts != nil,
                    scope: { FolderKind.isSuiteArtifact($0, ofCase: name) })
                var outcome: CaseOutcome?
                try Interruption.writing(again) { outcome = try check(item, loaded, artifacts: artifacts, began: Date()) { _ in } }
                return outcome!
            }
        } catch {
            throw UsageError("test --review: \(error)")
        }
        Interruption.serve("review: \(server.url) (Accept records a case's references; Ctrl-C stops, leaving the rest as they are)",
                           name: "review", stop: server.stop)
    }

    /// `scrollreel-failures/` beside the suite file.
    static func defaultArtifacts(_ suiteFile: String) -> String {
        PathText.joining(PathText.folder(of: suiteFile), "scrollreel-failures")
    }

    /// A case's scene, ready to render, and the frames it checks.
    private func load(_ item: Suite.Case) throws -> (renderer: Renderer, frames: [Int]) {
        let (scene, beside) = try VariantOptions.loadScene(item.scene, appearance: AppearanceChoice(item.appearance), contentSize: item.contentSize,
                                                     layoutDirection: item.layoutDirection, device: item.device,
                                                     scale: item.scale, fps: nil)
        let renderer = try Renderer(scene: scene, images: PNGDecoder(), limits: options.limits, beside: beside)
        if let last = item.frames?.last, last >= renderer.frameCount {
            throw RenderError.frameOutOfRange(sceneFile: item.scene, index: last, count: renderer.frameCount)
        }
        return (renderer, item.frames ?? Array(0..<renderer.frameCount))
    }

    /// Renders a case's frames and compares each with its reference.
    private func check(_ item: Suite.Case, _ loaded: (renderer: Renderer, frames: [Int]), artifacts: StagedFolder,
                       began: Date, done: (Int) -> Void) throws -> CaseOutcome {
        guard FileSystem.kind(of: item.layout.manifest) == .file else {
            return CaseOutcome(name: item.name, scene: item.scene, error: "no references: \(item.layout.manifest) does not exist; "
                               + "record them with render test --update")
        }
        let tolerance = Tolerance(comparison: Tolerance.Comparison(threshold: item.threshold, deltaE: item.deltaE, ssim: item.ssim),
                                  maxDiffPixels: item.maxDiffPixels, maxDiffRatio: item.maxDiffRatio)
        let renderer = loaded.renderer
        let mask = try ViewMask.checked(item.mask, renderer: renderer, given: "the suite's mask")
        let run = CheckRun(layout: item.layout, manifest: try CheckRun.manifest(at: item.layout.manifest, option: "test"),
                           tolerance: tolerance, mask: mask, artifacts: artifacts, filePrefix: item.name + "-",
                           keepsImages: options.report != nil || options.review)
        run.offsets = renderer.offsets
        run.geometry = { try FrameGeometry(renderer: renderer, frame: $0) }
        let pipeline = FramePipeline(jobs: options.jobs, frameBytes: renderer.frameBytes)
        try pipeline.run(loaded.frames, frame: { try renderer.frame($0) }, sinks: [HashSink(scene: item.name, check: run, file: nil)],
                         done: done)
        if item.frames == nil { run.expectNoMore(than: renderer.frameCount) }
        return try run.outcome(name: item.name, sceneFile: item.scene, seconds: Date().timeIntervalSince(began))
    }

    /// One line for the run, one per failing case; throws (exit 1) when any case failed.
    private func summarize(_ outcomes: [CaseOutcome], seconds: Double, artifacts: StagedFolder?) throws {
        let frames = outcomes.reduce(0) { $0 + $1.frames }
        let time = String(format: "%.1f", seconds)
        let failing = outcomes.filter { !$0.passed }
        if options.update && failing.isEmpty {
            print("test: recorded \(outcomes.count) cases (\(frames) frames) in \(time) s")
            return
        }
        let verb = options.update ? "recorded" : "passed"
        var lines = ["test: \(outcomes.count - failing.count) of \(outcomes.count) cases \(verb) (\(frames) frames in \(time) s)"]
        for outcome in failing {
            if let error = outcome.error {
                lines.append("  ERROR \(outcome.name): \(error)")
            } else {
                let first = outcome.failures[0]
                lines.append("  FAIL  \(outcome.name): \(outcome.failures.count) of \(outcome.frames) frames differ "
                             + "(frame \(first.index): \(first.reason))")
                lines += outcome.geometrySummary.map { "          changed: \($0)" }
            }
        }
        if let artifacts, outcomes.contains(where: { !$0.failures.isEmpty }) { lines.append("artifacts: \(artifacts.target.shown)/") }
        if let report = options.report, !failing.isEmpty { lines.append("report: \(report)") }
        if failing.isEmpty {
            print(lines.joined(separator: "\n"))
        } else {
            throw CheckFailure(description: lines.joined(separator: "\n"))
        }
    }
}
