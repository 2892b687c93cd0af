import Codecs
import FileOutput
import Foundation
import Outputs
import Pipeline
import Raster
import Regression
import Render
import Scene

/// Renders a scene once and feeds every output the options name: a GIF, a WebP, an MP4, a PNG, a frame
/// folder, a hash file, a check against one, a contact sheet, an inspection report.
struct RenderCommand {
    let options: RenderOptions

    func run() throws {
        // Targets and the hash file are checked before the scene is loaded: a wrong path costs
        // no rendering.
        let plan = try OutputPlan(options: options)
        let check = try options.check.map { try CheckRun(manifestPath: $0, options: options, artifacts: plan.artifacts!) }
        let (scene, beside) = try options.variant.loadScene(options.scene)
        // Known once the scene is loaded, still before anything renders or is written. The dark
        // scene of --appearance both is the same file, with the same images and fonts.
        try plan.set.reads(filesOf: scene, owner: "the scene's ")
        if options.deviceFrame == .mask, (scene.canvas.device?.displayCornerRadius ?? 0) == 0 {
            let why = scene.canvas.device.map { "the \($0.name)'s display has square corners" } ?? "\(scene.file) names no device"
            throw UsageError("--device-frame mask cuts the display's rounded corners, and \(why): "
                             + "give the scene's canvas a \"device\" with them, such as \"iPhone 15 Pro\"")
        }
        if options.touches, RenderCommand.viewIDs(scene.views).contains(TouchIndicator.id) {
            throw UsageError("--touches lists its disc in --inspect as \"\(TouchIndicator.id)\", which a view of \(scene.file) "
                             + "already is: rename the view")
        }
        let renderer = try Renderer(scene: scene, images: PNGDecoder(), limits: options.limits, beside: beside, deviceFrame: options.deviceFrame,
                                    touches: options.touches)
        if let check {
            check.offsets = renderer.offsets
            check.geometry = { try FrameGeometry(renderer: renderer, frame: $0) }
            try check.masking(options.mask, renderer: renderer, option: "--mask")
        }
        if options.timeline {
            let range = try RenderCommand.range(options.frames, of: scene.file, count: renderer.frameCount)
            print(RenderCommand.timelineCSV(renderer.offsets, range, fps: scene.fps), terminator: "")
            return
        }
        let range = try RenderCommand.range(options.frames, of: scene.file, count: renderer.frameCount)
        if plan.png != nil, options.frame >= renderer.frameCount {
            throw RenderError.frameOutOfRange(sceneFile: scene.file, index: options.frame, count: renderer.frameCount)
        }
        let stats = Stats()
        try Interruption.writing(plan.set) {
            if let inspect = plan.inspect {
                try inspect.write(Array(try Inspection.json(renderer: renderer, frames: range).utf8))
            }
            if let file = plan.png {
                let bitmap = try stats.render { try renderer.frame(options.frame) }
                try file.write(try stats.encode { try PNGCodec.encode(bitmap) })
            }
            if let limit = options.maxSize, let (format, target) = plan.animation {
                let choice = try SizeSearch(limit: limit, format: format, scene: scene, beside: beside, options: options,
                                            stats: stats).run()
                try target.write(choice.bytes)
            } else if plan.rendersSequence {
                let start = Date()
                try renderSequence(renderer, range, plan: plan, check: check, stats: stats)
                if let file = plan.report, let check {
                    let outcome = try check.outcome(name: options.sceneName, sceneFile: options.scene,
                                                    seconds: Date().timeIntervalSince(start))
                    try file.write(Array(HTMLReport.html(title: check.manifestPath, outcomes: [outcome]).utf8))
                }
            }
        }
        if options.stats { FileHandle.standardError.write(Data((stats.line + "\n").utf8)) }
        try check?.finish()
    }

    /// Renders the frame range once, in parallel, and feeds each frame to every output in order.
    private func renderSequence(_ renderer: Renderer, _ range: Range<Int>, plan: OutputPlan, check: CheckRun?,
                                stats: Stats) throws {
        var sinks: [any FrameSink] = []
        let hasher = FrameHasher()
        if let (format, file) = plan.animation {
            let frames = AnimationFrames(width: renderer.pixelWidth, height: renderer.pixelHeight, range: range,
                                         fps: renderer.scene.fps, jobs: options.jobs) { try renderer.frame($0) }
            sinks.append(try format.sink(for: frames, quality: options.quality,
                                         into: try StagedBytes(file, byName: !format.streams), stats: stats))
        }
        if let folder = plan.frames { sinks.append(FrameFolderSink(folder: folder, stats: stats)) }
        let references = try plan.references.map { folder in
            try ReferenceSink(folder: folder, width: renderer.pixelWidth, height: renderer.pixelHeight, fps: renderer.scene.fps,
                              stats: stats, hasher: hasher) { try FrameGeometry(renderer: renderer, frame: $0) }
        }
        if references != nil, options.frames == nil { ReferenceSink.noteFallback() }
        if let references { sinks.append(references) }
        if plan.hashes != nil || check != nil { sinks.append(HashSink(scene: options.sceneName, check: check, file: plan.hashes, hasher: hasher)) }
        if let file = plan.contactSheet {
            sinks.append(ContactSheetSink(sheet: try ContactSheet(frameWidth: renderer.pixelWidth, frameHeight: renderer.pixelHeight,
                                                                  count: (range.count + options.every - 1) / options.every),
                                          file: file, first: range.lowerBound, every: options.every, offsets: renderer.offsets))
        }

        let progress = Progress(total: range.count, quiet: options.quiet)
        defer { progress.finish() }
        let pipeline = FramePipeline(jobs: options.jobs, frameBytes: renderer.frameBytes)
        try pipeline.run(Array(range), frame: { index in try stats.render { try renderer.frame(index) } }, sinks: sinks,
                         done: progress.update(done:))
        for sink in sinks { try sink.finish() }
        if options.frames == nil { check?.expectNoMore(than: renderer.frameCount) }
    }

    /// The frames to render or print: `--frames`, checked against the timeline, or all of them.
    static func range(_ frames: ClosedRange<Int>?, of sceneFile: String, count: Int) throws -> Range<Int> {
        guard let frames else { return 0..<count }
        guard frames.upperBound < count else {
            throw RenderError.frameOutOfRange(sceneFile: sceneFile, index: frames.upperBound, count: count)
        }
        return frames.lowerBound..<(frames.upperBound + 1)
    }

    /// `frame,time,offset` and one row per frame of `range`; seconds and points with 6 decimals.
    static func timelineCSV(_ offsets: [Double], _ range: Range<Int>, fps: Int) -> String {
        var out = "frame,time,offset\n"
        for index in range {
            out += "\(index),\(decimal6(Timeline.time(ofFrame: index, fps: fps))),\(decimal6(offsets[index]))\n"
        }
        return out
    }

    /// Six decimals, never "-0.000000".
    static func decimal6(_ v: Double) -> String {
        let text = String(format: "%.6f", v)
        return text == "-0.000000" ? "0.000000" : text
    }
}

extension RenderCommand {
    /// The ids of `views` and all their descendants.
    static func viewIDs(_ views: [View]) -> [String] { views.flatMap { [$0.id] + viewIDs($0.children) } }
}
