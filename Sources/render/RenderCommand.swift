import Codecs
import Foundation
import Raster
import Render
import Scene

/// Renders a scene to the output the options name.
struct RenderCommand {
    let options: Options

    func run() throws {
        var scene = try SceneDecoder.load(file: options.scene!)
        if let scale = options.scale { scene.canvas.scale = scale }
        if let fps = options.fps { scene.fps = fps }
        if options.timeline {
            try options.limits.check(scene, timeline: Timeline(scene: scene))
            print(RenderCommand.timelineCSV(scene), terminator: "")
            return
        }
        let output = try options.out.map(Output.init(path:))
        let renderer = try Renderer(scene: scene, limits: options.limits)
        if let path = options.inspect {
            let report = try Inspection.json(renderer: renderer)
            try AtomicOutput(path: path).produce { try report.write(toFile: $0, atomically: false, encoding: .utf8) }
        }
        guard let output else { return }
        var stats = Stats()
        switch output {
        case .png(let path):
            let bitmap = try stats.render { try renderer.frame(options.frame) }
            let png = try stats.encode { try PNGCodec.encode(bitmap) }
            try AtomicOutput(path: path).produce { try Data(png).write(to: URL(fileURLWithPath: $0)) }
        case .gif(let path):
            let timing = GIFTiming(frameCount: renderer.frameCount, fps: scene.fps)
            let progress = Progress(total: timing.entries.count, quiet: options.quiet)
            defer { progress.finish() }
            try AtomicOutput(path: path).produce { temporary in
                let writer = try GIFWriter(path: temporary, width: renderer.pixelWidth, height: renderer.pixelHeight)
                for (done, entry) in timing.entries.enumerated() {
                    let bitmap = try stats.render { try renderer.frame(entry.frame) }
                    try stats.encode { try writer.addFrame(bitmap, delay: entry.delay) }
                    progress.update(done: done + 1)
                }
                try stats.encode { try writer.finish() }
            }
        case .directory(let path):
            let progress = Progress(total: renderer.frameCount, quiet: options.quiet)
            defer { progress.finish() }
            try AtomicOutput(path: path).produce { temporary in
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
                for index in 0..<renderer.frameCount {
                    let bitmap = try stats.render { try renderer.frame(index) }
                    let png = try stats.encode { try PNGCodec.encode(bitmap) }
                    try Data(png).write(to: URL(fileURLWithPath: temporary).appendingPathComponent(RenderCommand.frameName(index)))
                    progress.update(done: index + 1)
                }
            }
        }
        if options.stats { FileHandle.standardError.write(Data((stats.line + "\n").utf8)) }
    }

    /// `frame,time,offset` and one row per frame; seconds and points with 6 decimals.
    static func timelineCSV(_ scene: Scene) -> String {
        let timeline = Timeline(scene: scene)
        var out = "frame,time,offset\n"
        for (index, offset) in timeline.offsets(fps: scene.fps).enumerated() {
            out += "\(index),\(decimal6(Timeline.time(ofFrame: index, fps: scene.fps))),\(decimal6(offset))\n"
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
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }
}
