import Codecs
import Foundation
import Outputs
import Pipeline
import Render
import Scene

/// `--max-size`: the best file of a format that streams (a GIF, a WebP, an APNG) that fits in a
/// size, found by rendering it again at lower settings.
///
/// The quality falls first, from `--quality` (a GIF's default 100; a WebP's lossless) to `floor`,
/// by bisection to the nearest `step`: that keeps every frame. A format that is always lossless
/// keeps its one quality. Only if even the floor is too
/// large does the frame rate fall, through `rates`, each with the same search. A GIF attempt
/// stops as soon as its file passes the limit, so the attempts that fail cost least. The file is
/// held in memory, never larger than the limit, and written once, at the end.
struct SizeSearch {
    /// Below this quality lossy LZW's streaks and banding take over (see `GIFQuality`).
    static let floor = 40
    static let step = 5

    let limit: Int
    /// A format that streams (`AnimationFormat.streams`).
    let format: AnimationFormat
    /// The scene as configured: its fps is the first tried.
    let scene: Scene
    /// Its other variants, drawn beside it: its dark appearance with `--appearance both`, or the
    /// variants of `--variants`.
    let beside: [Scene]
    let options: RenderOptions
    let stats: Stats

    struct Choice {
        /// nil: a lossless WebP.
        let quality: Int?
        let fps: Int
        let bytes: [UInt8]
    }

    /// What no attempt achieved.
    struct NoFit: Error, CustomStringConvertible {
        let description: String
    }

    /// The frame rates to try: the scene's, then 2/3, 1/2, 1/3 and 1/4 of it, none below 5 fps.
    var rates: [Int] {
        var out: [Int] = []
        for (n, d) in [(1, 1), (2, 3), (1, 2), (1, 3), (1, 4)] {
            let fps = (scene.fps * n + d / 2) / d
            if fps >= 5 && !out.contains(fps) { out.append(fps) }
        }
        return out.isEmpty ? [scene.fps] : out
    }

    func run() throws -> Choice {
        let top: Int?, floor: Int?
        switch format.quality {
        case .lossless:
            top = nil
            floor = nil
        case .lossy(let defaultQuality):
            top = options.quality ?? defaultQuality
            floor = min(top ?? 100, SizeSearch.floor)
        }
        for (n, fps) in rates.enumerated() {
            let rate = try self.rate(fps)
            // Most files fit as they are; once the frame rate has to fall, most do not.
            if n == 0 {
                if let bytes = try attempt(quality: top, rate) { return report(Choice(quality: top, fps: fps, bytes: bytes)) }
                // A lossless format has no other quality to try at this rate.
                if floor == nil { continue }
            }
            guard let lowest = try attempt(quality: floor, rate) else { continue }
            guard let floor else { return report(Choice(quality: nil, fps: fps, bytes: lowest)) }
            var fits = Choice(quality: floor, fps: fps, bytes: lowest)
            if n > 0, floor != top, let bytes = try attempt(quality: top, rate) {
                return report(Choice(quality: top, fps: fps, bytes: bytes))
            }
            // The floor fits and `top` does not: narrow down between them (lossless counts as 101).
            var tooLarge = top ?? 101
            while tooLarge - floor > 0, tooLarge - fits.quality! > SizeSearch.step {
                let quality = (fits.quality! + tooLarge) / 2
                if let bytes = try attempt(quality: quality, rate) {
                    fits = Choice(quality: quality, fps: fps, bytes: bytes)
                } else {
                    tooLarge = quality
                }
            }
            return report(fits)
        }
        let smaller = scene.canvas.scale > 1 ? "--scale 1 or a shorter script" : "a shorter script"
        throw NoFit(description: "--max-size \(ByteSize.text(limit)): even \(SizeSearch.name(floor)) at \(rates.last!) fps "
                    + "makes a larger file; raise the limit, or make it smaller with \(smaller)")
    }

    private func report(_ choice: Choice) -> Choice {
        if !options.quiet {
            let rate = choice.fps == scene.fps ? "\(choice.fps) fps" : "\(choice.fps) fps (from \(scene.fps))"
            FileHandle.standardError.write(Data(("max-size: \(SizeSearch.name(choice.quality)) at \(rate): "
                + "\(ByteSize.text(choice.bytes.count)) (limit \(ByteSize.text(limit)))\n").utf8))
        }
        return choice
    }

    private static func name(_ quality: Int?) -> String { quality.map { "quality \($0)" } ?? "lossless" }

    /// A scene's frames at one frame rate, with what the format finds once for every attempt
    /// (a GIF's shared palette).
    private struct Rate {
        let fps: Int
        let frames: AnimationFrames
    }

    private func rate(_ fps: Int) throws -> Rate {
        var scene = self.scene, beside = self.beside
        scene.fps = fps
        for i in beside.indices { beside[i].fps = fps }
        let renderer = try Renderer(scene: scene, images: PNGDecoder(), limits: options.limits, beside: beside, deviceFrame: options.deviceFrame,
                                    touches: options.touches)
        let frames = AnimationFrames(width: renderer.pixelWidth, height: renderer.pixelHeight, range: 0..<renderer.frameCount,
                                     fps: fps, jobs: options.jobs) { try renderer.frame($0) }
        return Rate(fps: fps, frames: frames)
    }

    /// The whole file at `quality` and `rate`, or nil once it passes the limit.
    private func attempt(quality: Int?, _ rate: Rate) throws -> [UInt8]? {
        if !options.quiet {
            FileHandle.standardError.write(Data("max-size: trying \(SizeSearch.name(quality)) at \(rate.fps) fps\n".utf8))
        }
        let buffer = CappedBytes(limit: limit)
        let progress = Progress(total: format.shownFrames(rate.frames.range, fps: rate.fps).count, quiet: options.quiet)
        defer { progress.finish() }
        do {
            try format.write(rate.frames, quality: quality, into: buffer, stats: stats, done: progress.update(done:))
        } catch is CappedBytes.Full {
            return nil
        }
        return buffer.bytes
    }
}
