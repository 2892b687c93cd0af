import Codecs
import Foundation
import Raster
import Regression
import Render
import Scene

/// Renders a scene once and feeds every output the options name: a GIF, a PNG, a frame
/// directory, a hash file, a check against one, a contact sheet, an inspection report.
struct RenderCommand {
    let options: Options

    func run() throws {
        let scene = options.configured(try SceneDecoder.load(file: options.scene!))
        if options.timeline {
            let timeline = Timeline(scene: scene)
            try options.limits.check(scene, timeline: timeline)
            print(RenderCommand.timelineCSV(timeline, fps: scene.fps), terminator: "")
            return
        }
        let output = try options.out.map(Output.init(path:))
        let check = try options.check.map { try CheckRun(manifestPath: $0, options: options) }
        let renderer = try Renderer(scene: scene, limits: options.limits)
        if let path = options.inspect {
            let report = try Inspection.json(renderer: renderer)
            try AtomicOutput(path: path).produce { try report.write(toFile: $0, atomically: false, encoding: .utf8) }
        }
        let stats = Stats()
        if case .png(let path) = output {
            let bitmap = try stats.render { try renderer.frame(options.frame) }
            let png = try stats.encode { try PNGCodec.encode(bitmap) }
            try AtomicOutput(path: path).produce { try Data(png).write(to: URL(fileURLWithPath: $0)) }
        }
        let sequence = output.map { if case .png = $0 { return false } else { return true } } ?? false
        if sequence || options.hashes != nil || check != nil || options.contactSheet != nil {
            try renderSequence(renderer, output: sequence ? output : nil, check: check, stats: stats)
        }
        if options.stats { FileHandle.standardError.write(Data((stats.line + "\n").utf8)) }
        try check?.finish()
    }

    /// Renders the frame range once, in parallel, and delivers each frame to every output in order.
    private func renderSequence(_ renderer: Renderer, output: Output?, check: CheckRun?, stats: Stats) throws {
        let range = try frames(renderer)
        let name = options.sceneName
        var gifEntries: [GIFTiming.Entry]?
        if case .gif = output {
            gifEntries = GIFTiming(frameCount: renderer.frameCount, fps: renderer.scene.fps).entries.filter { range.contains($0.frame) }
        }
        // Every frame of the range is rendered; above 50 fps the GIF shows only some of them.
        let indices = Array(range)
        let delays = Dictionary(uniqueKeysWithValues: (gifEntries ?? []).map { ($0.frame, $0.delay) })
        let sheet = try options.contactSheet.map { _ in
            try ContactSheet(frameWidth: renderer.pixelWidth, frameHeight: renderer.pixelHeight,
                             count: (indices.count + options.every - 1) / options.every)
        }
        let every = options.every, firstIndex = range.lowerBound
        let wantsPNG = { if case .directory = output { return true } else { return false } }()
        let wantsGIF = gifEntries != nil, wantsHash = options.hashes != nil || check != nil, keep = check != nil
        let prepare: @Sendable (Int, Bitmap) throws -> PreparedFrame = { index, bitmap in
            var frame = PreparedFrame()
            if wantsPNG { frame.png = try PNGCodec.encode(bitmap) }
            if wantsGIF, delays[index] != nil { frame.indexed = GIFWriter.quantize(bitmap) }
            if wantsHash { frame.hash = try FrameHash.sha256(bitmap) }
            if let sheet, (index - firstIndex) % every == 0 { frame.tile = sheet.tile(bitmap) }
            if keep { frame.bitmap = bitmap }
            return frame
        }

        var manifest = HashManifest()
        var tiles: [(index: Int, offset: Double, tile: Bitmap)] = []
        let progress = Progress(total: indices.count, quiet: options.quiet)
        defer { progress.finish() }
        let pipeline = FramePipeline(renderer: renderer, jobs: options.jobs, stats: stats)
        try produce(output, width: renderer.pixelWidth, height: renderer.pixelHeight) { temporary, gif in
            if case .directory = output {
                try FileManager.default.createDirectory(atPath: temporary!, withIntermediateDirectories: false)
            }
            var done = 0
            try pipeline.run(indices, prepare: prepare) { index, frame in
                if let png = frame.png {
                    try Data(png).write(to: URL(fileURLWithPath: temporary!).appendingPathComponent(RenderCommand.frameName(index)))
                }
                if let indexed = frame.indexed { try stats.encode { try gif!.addFrame(indexed, delay: delays[index]!) } }
                if let hash = frame.hash { manifest.entries.append(.init(hash: hash, name: HashManifest.frameName(scene: name, index: index))) }
                if let tile = frame.tile { tiles.append((index, renderer.offsets[index], tile)) }
                if let check, let bitmap = frame.bitmap, let hash = frame.hash { try check.compare(index: index, hash: hash, bitmap: bitmap) }
                done += 1
                progress.update(done: done)
            }
            try stats.encode { try gif?.finish() }
        }
        if let path = options.hashes {
            try AtomicOutput(path: path).produce { try manifest.text.write(toFile: $0, atomically: false, encoding: .utf8) }
        }
        if let path = options.contactSheet, let sheet {
            let png = try PNGCodec.encode(try sheet.sheet(tiles))
            try AtomicOutput(path: path).produce { try Data(png).write(to: URL(fileURLWithPath: $0)) }
        }
        if options.frames == nil { check?.expectNoMore(than: renderer.frameCount) }
    }

    /// Runs `body` inside the atomic write of `output` when it is a GIF or a directory (with the
    /// temporary path, and the GIF writer), or directly when the frames go elsewhere.
    private func produce(_ output: Output?, width: Int, height: Int, _ body: (String?, GIFWriter?) throws -> Void) throws {
        switch output {
        case .gif(let path):
            try AtomicOutput(path: path).produce { temporary in
                try body(temporary, try GIFWriter(path: temporary, width: width, height: height))
            }
        case .directory(let path):
            try AtomicOutput(path: path).produce { try body($0, nil) }
        default:
            try body(nil, nil)
        }
    }

    /// The frames to render: `--frames`, checked against the timeline, or all of them.
    func frames(_ renderer: Renderer) throws -> ClosedRange<Int> {
        guard let range = options.frames else { return 0...(renderer.frameCount - 1) }
        guard range.upperBound < renderer.frameCount else {
            throw RenderError.frameOutOfRange(index: range.upperBound, count: renderer.frameCount)
        }
        return range
    }

    /// `frame,time,offset` and one row per frame; seconds and points with 6 decimals.
    static func timelineCSV(_ timeline: Timeline, fps: Int) -> String {
        var out = "frame,time,offset\n"
        for (index, offset) in timeline.offsets(fps: fps).enumerated() {
            out += "\(index),\(decimal6(Timeline.time(ofFrame: index, fps: fps))),\(decimal6(offset))\n"
        }
        return out
    }

    /// Six decimals, never "-0.000000".
    static func decimal6(_ v: Double) -> String {
        let text = String(format: "%.6f", v)
        return text == "-0.000000" ? "0.000000" : text
    }

    /// `frame_0000.png`, …: zero-padded to four digits, wider when needed.
    static func frameName(_ index: Int) -> String {
        (HashManifest.frameName(scene: "", index: index) as NSString).lastPathComponent + ".png"
    }
}
