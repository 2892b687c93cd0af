import Codecs
import Foundation
import Raster
import Regression

/// `render gif DIR --out NAME.gif`: a folder of `frame_NNNN.png` files, such as ranges rendered
/// with `--frames` on several machines, assembled into one GIF. Frame numbers must run from 0
/// without a gap, and every frame must have the same size.
struct AssembleCommand {
    let options: Options

    func run() throws {
        let folder = options.inputs[0]
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw UsageError("gif \(folder): not a readable folder")
        }
        var frames: [Int: String] = [:]
        for name in names where name.hasPrefix("frame_") && name.hasSuffix(".png") {
            if let index = Int(name.dropFirst(6).dropLast(4)) { frames[index] = name }
        }
        guard !frames.isEmpty else { throw UsageError("gif \(folder): no frame_NNNN.png files") }
        for index in 0..<frames.count where frames[index] == nil {
            throw UsageError("gif \(folder): frame \(index) is missing (found \(frames.count) frames, up to \(frames.keys.max()!))")
        }
        let fps = options.fps ?? 30
        let timing = GIFTiming(frameCount: frames.count, fps: fps)
        let first = try load(folder, frames[0]!)
        let progress = Progress(total: timing.entries.count, quiet: options.quiet)
        defer { progress.finish() }
        try AtomicOutput(path: options.out!).produce { temporary in
            let writer = try GIFWriter(path: temporary, width: first.width, height: first.height)
            for (done, entry) in timing.entries.enumerated() {
                let bitmap = entry.frame == 0 ? first : try load(folder, frames[entry.frame]!)
                guard bitmap.width == first.width, bitmap.height == first.height else {
                    throw UsageError("gif \(folder): \(frames[entry.frame]!) is \(bitmap.width)×\(bitmap.height), frame 0 is \(first.width)×\(first.height)")
                }
                try writer.addFrame(bitmap, delay: entry.delay)
                progress.update(done: done + 1)
            }
            try writer.finish()
        }
    }

    private func load(_ folder: String, _ name: String) throws -> Bitmap {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { throw IOFailure("\(path): cannot read the file") }
        do { return try PNGCodec.decode(Array(data)) } catch let error as DecodeError {
            throw UsageError("\(path): \(error)")
        }
    }
}
