import Codecs
import Foundation
import Outputs
import Pipeline
import Render
import Scene

/// `--max-size`: the best file of the chosen format that fits in a size.
///
/// The settings form a ladder, best first: lossless where the format has it (a WebP without
/// `--quality`), then every quality from `--quality` (else 100, or the format's `budgetCeiling`)
/// down to `floor`.
/// Files are made smaller by going down the ladder, and only when even its last rung is too large
/// by a lower frame rate: 2/3, then 1/2 of the scene's, never below 15 fps unless `--min-fps`
/// allows it (a scroll shown at fewer frames judders).
///
/// Making the whole file at many settings would take many times a render, so the ladder is
/// searched on a sample (`SizeSample`): a few runs of consecutive frames spread over the scene,
/// encoded as one short animation whose size, scaled to the whole, predicts the file's. The first
/// whole file tells how far the prediction is off (the sample's jumps between its frames cost more
/// than the whole's steps do), and that correction steers the next. At most `wholeFiles` whole files
/// are made; the best that fitted is kept, in memory, and written once, at the end.
struct SizeSearch {
    /// Below this quality lossy LZW's streaks and banding take over (see `GIFQuality`).
    static let floor = 40
    /// The lowest frame rate chosen without `--min-fps`.
    static let smoothFps = 15
    /// The most whole files made at one frame rate.
    static let wholeFiles = 3

    let limit: Int
    let format: AnimationFormat
    /// The scene as configured: its fps is the first tried.
    let scene: Scene
    /// Its other variants, drawn beside it: its dark appearance with `--appearance both`, or the
    /// variants of `--variants`.
    let beside: [Scene]
    let options: RenderOptions
    let stats: Stats

    struct Choice {
        /// nil: lossless.
        let quality: Int?
        let fps: Int
        let bytes: [UInt8]
    }

    /// What no attempt achieved.
    struct NoFit: Error, CustomStringConvertible {
        let description: String
    }

    /// The settings, best first (nil: lossless).
    var ladder: [Int?] {
        switch format.quality {
        case .lossless: return [nil]
        case .lossy(let defaultQuality):
            // The budget is spent: a format lossy by default starts from its best quality.
            guard let top = options.quality ?? defaultQuality.map({ _ in format.budgetCeiling }) else {
                return [nil] + (SizeSearch.floor...100).reversed().map { $0 }
            }
            return (min(top, SizeSearch.floor)...top).reversed().map { $0 }
        }
    }

    /// The frame rates to try: the scene's, then 2/3 and 1/2 of it, none below the lowest allowed.
    var rates: [Int] {
        let lowest = min(scene.fps, options.minFps ?? SizeSearch.smoothFps)
        var out: [Int] = []
        for (n, d) in [(1, 1), (2, 3), (1, 2), (1, 3), (1, 4)] {
            let fps = (scene.fps * n + d / 2) / d
            if fps >= lowest && !out.contains(fps) { out.append(fps) }
        }
        return out
    }

    func run() throws -> Choice {
        let ladder = self.ladder
        // What the sample's strides cost over consecutive frames, as measured on the samples:
        // a little for formats that store frames by themselves, a lot for those that predict
        // each frame from the one before (a sample's size is 2 to 4 times the whole's share).
        var correction = format.interFrame ? 0.4 : 0.8
        for fps in rates {
            let trial = try SizeSample(whole: try frames(fps), format: format, ladder: ladder, limit: limit,
                                       correction: correction, stats: stats, quiet: options.quiet)
            if let (rung, bytes) = try trial.search(wholeFiles: SizeSearch.wholeFiles) {
                return try report(Choice(quality: ladder[rung], fps: fps, bytes: bytes))
            }
            correction = trial.correction
        }
        let smaller = scene.canvas.scale > 1 ? "--scale 1 or a shorter script" : "a shorter script"
        let lower = options.minFps == nil && rates.last! > 1 ? ", allow a lower frame rate with --min-fps," : ""
        throw NoFit(description: "--max-size \(ByteSize.text(limit)): even \(SizeSearch.name(ladder.last!)) at \(rates.last!) fps "
                    + "makes a larger file; raise the limit\(lower) or make it smaller with \(smaller)")
    }

    private func report(_ choice: Choice) throws -> Choice {
        if !options.quiet {
            let rate = choice.fps == scene.fps ? "\(choice.fps) fps" : "\(choice.fps) fps (from \(scene.fps))"
            var line = "max-size: \(SizeSearch.name(choice.quality)) at \(rate): \(ByteSize.text(choice.bytes.count)) (limit \(ByteSize.text(limit)))"
            if let read = format.reader {
                let frames = try self.frames(scene.fps)
                let seen = try ShownSSIM.measure(try read(choice.bytes), scene: frames, stride: SizeSample.stride)
                line += String(format: ", SSIM %.4f", seen.ssim) + " at \(seen.frames) of the scene's \(frames.range.count) frames"
            }
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        return choice
    }

    static func name(_ quality: Int?) -> String { quality.map { "quality \($0)" } ?? "lossless" }

    /// The scene's frames at one frame rate.
    private func frames(_ fps: Int) throws -> AnimationFrames {
        var scene = self.scene, beside = self.beside
        scene.fps = fps
        for i in beside.indices { beside[i].fps = fps }
        let renderer = try Renderer(scene: scene, images: PNGDecoder(), limits: options.limits, beside: beside, deviceFrame: options.deviceFrame,
                                    touches: options.touches)
        return AnimationFrames(width: renderer.pixelWidth, height: renderer.pixelHeight, range: 0..<renderer.frameCount,
                               fps: fps, jobs: options.jobs) { try renderer.frame($0) }
    }
}
