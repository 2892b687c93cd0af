import Codecs
import FileOutput
import Foundation
import Raster
import Regression
import Render
import Scene

/// Renders a scene once and feeds every output the options name: a GIF, a PNG, a frame
/// folder, a hash file, a check against one, a contact sheet, an inspection report.
struct RenderCommand {
    let options: Options

    func run() throws {
        // Targets and the hash file are checked before the scene is loaded: a wrong path costs
        // no rendering.
        let plan = try OutputPlan(options: options)
        let check = try options.check.map { try CheckRun(manifestPath: $0, options: options, artifacts: plan.artifacts!) }
        let scene = options.configured(try SceneDecoder.load(file: options.scene!))
        if options.timeline {
            let timeline = Timeline(scene: scene)
            try options.limits.check(scene, timeline: timeline)
            let offsets = timeline.offsets(fps: scene.fps)
            let range = try RenderCommand.range(options.frames, count: offsets.count)
            print(RenderCommand.timelineCSV(offsets, range, fps: scene.fps), terminator: "")
            return
        }
        let renderer = try Renderer(scene: scene, limits: options.limits)
        let range = try RenderCommand.range(options.frames, count: renderer.frameCount)
        if plan.png != nil, options.frame >= renderer.frameCount {
            throw RenderError.frameOutOfRange(index: options.frame, count: renderer.frameCount)
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
            if plan.rendersSequence {
                try renderSequence(renderer, range, plan: plan, check: check, stats: stats)
            }
        }
        if options.stats { FileHandle.standardError.write(Data((stats.line + "\n").utf8)) }
        try check?.finish()
    }

    /// Renders the frame range once, in parallel, and delivers each frame to every output in order.
    private func renderSequence(_ renderer: Renderer, _ range: Range<Int>, plan: OutputPlan, check: CheckRun?,
                                stats: Stats) throws {
        let name = options.sceneName
        let timing = plan.gif.map { _ in GIFTiming(frames: range, fps: renderer.scene.fps) }
        // Every frame of the range is rendered; above 50 fps the GIF shows only some of them.
        let indices = Array(range)
        let delays = Dictionary(uniqueKeysWithValues: (timing?.entries ?? []).map { ($0.frame, $0.delay) })
        let sheet = try plan.contactSheet.map { _ in
            try ContactSheet(frameWidth: renderer.pixelWidth, frameHeight: renderer.pixelHeight,
                             count: (indices.count + options.every - 1) / options.every)
        }
        let every = options.every, firstIndex = range.lowerBound
        let wantsPNG = plan.frames != nil, wantsGIF = timing != nil
        let wantsHash = plan.hashes != nil || check != nil, keep = check != nil
        let prepare: @Sendable (Int, Bitmap) throws -> PreparedFrame = { index, bitmap in
            var frame = PreparedFrame()
            if wantsPNG { frame.png = try PNGCodec.encode(bitmap) }
            if wantsGIF, delays[index] != nil { frame.indexed = GIFWriter.quantize(bitmap) }
            if wantsHash { frame.hash = try FrameHash.sha256(bitmap) }
            if let sheet, (index - firstIndex) % every == 0 { frame.tile = sheet.tile(bitmap) }
            if keep { frame.bitmap = bitmap }
            return frame
        }

        let gifFile = try plan.gif?.open()
        let gif = try gifFile.map { file in
            try GIFWriter(width: renderer.pixelWidth, height: renderer.pixelHeight) { try file.write($0) }
        }
        var manifest = HashManifest()
        var tiles: [(index: Int, offset: Double, tile: Bitmap)] = []
        let progress = Progress(total: indices.count, quiet: options.quiet)
        defer { progress.finish() }
        var done = 0
        let pipeline = FramePipeline(renderer: renderer, jobs: options.jobs, stats: stats)
        try pipeline.run(indices, prepare: prepare) { index, frame in
            if let png = frame.png { try plan.frames?.write(FrameName.png(index), png) }
            if let indexed = frame.indexed { try stats.encode { try gif?.addFrame(indexed, delay: delays[index]!) } }
            if let hash = frame.hash { manifest.entries.append(.init(hash: hash, name: HashManifest.frameName(scene: name, index: index))) }
            if let tile = frame.tile { tiles.append((index, renderer.offsets[index], tile)) }
            if let check, let bitmap = frame.bitmap, let hash = frame.hash { try check.compare(index: index, hash: hash, bitmap: bitmap) }
            done += 1
            progress.update(done: done)
        }
        try stats.encode { try gif?.finish() }
        try gifFile?.finish()
        try plan.hashes?.write(Array(manifest.text.utf8))
        if let file = plan.contactSheet, let sheet {
            try file.write(try PNGCodec.encode(try sheet.sheet(tiles)))
        }
        if options.frames == nil { check?.expectNoMore(than: renderer.frameCount) }
    }

    /// The frames to render or print: `--frames`, checked against the timeline, or all of them.
    static func range(_ frames: ClosedRange<Int>?, count: Int) throws -> Range<Int> {
        guard let frames else { return 0..<count }
        guard frames.upperBound < count else {
            throw RenderError.frameOutOfRange(index: frames.upperBound, count: count)
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
