import Codecs
import FileOutput
import Foundation
import Raster
import Render

/// `render gif DIR --out NAME.gif`: a folder of `frame_NNNN.png` files, such as ranges rendered
/// with `--frames` on several machines, assembled into one GIF. The frames may start at any
/// number but must follow one another without a gap or a duplicate, and all have one size. Each
/// is shown as long as in a render of the whole scene, so the GIF is the one that render would
/// write for that range.
struct AssembleCommand {
    let options: Options

    func run() throws {
        let folder = options.inputs[0]
        let outputs = OutputSet()
        let file = try outputs.file(OutputTarget(option: "--out", path: options.out!))
        let frames = try AssembleCommand.frames(in: folder)
        let timing = GIFTiming(frames: frames.indices, fps: options.fps ?? 30)
        let first = try AssembleCommand.load(folder, frames.names[0])
        let name = { (index: Int) in frames.names[index - frames.indices.lowerBound] }
        // Every shown frame is read on the workers; a frame above 50 fps that the GIF skips is not.
        let shown = timing.entries.map(\.frame)
        let progress = Progress(total: shown.count, quiet: options.quiet)
        defer { progress.finish() }
        try Interruption.writing(outputs) {
            let output = try file.open()
            let shared = try PaletteSampleSink.palette(of: shown, jobs: options.jobs) { try AssembleCommand.load(folder, name($0)) }
            let gif = GIFSink(writer: try GIFWriter(width: first.width, height: first.height, quality: options.quality ?? 100,
                                                    shared: shared) { try output.write($0) },
                              timing: timing, stats: Stats())
            try FramePipeline(jobs: options.jobs).run(shown, frame: { index in
                let bitmap = try AssembleCommand.load(folder, name(index))
                guard bitmap.width == first.width, bitmap.height == first.height else {
                    throw UsageError("gif \(folder): \(name(index)) is \(bitmap.width)×\(bitmap.height), "
                                     + "\(frames.names[0]) is \(first.width)×\(first.height)")
                }
                return bitmap
            }, sinks: [gif], done: progress.update(done:))
            try gif.finish()
            try output.finish()
        }
    }

    /// The frame files of a folder, in order, with the range of their numbers.
    static func frames(in folder: String) throws -> (indices: Range<Int>, names: [String]) {
        let names: [String]
        do { names = try FileSystem.entries(in: folder).filter { $0.kind == .file }.map(\.name) } catch {
            throw UsageError("gif \(folder): not a readable folder")
        }
        var byIndex: [Int: String] = [:]
        for name in names {
            guard let index = FrameName.index(of: name) else { continue }
            if let other = byIndex[index] {
                throw UsageError("gif \(folder): \(other) and \(name) are both frame \(index)")
            }
            byIndex[index] = name
        }
        guard let low = byIndex.keys.min(), let high = byIndex.keys.max() else {
            throw UsageError("gif \(folder): no frame_NNNN.png files")
        }
        if let missing = (low...high).first(where: { byIndex[$0] == nil }) {
            throw UsageError("gif \(folder): frame \(missing) is missing (\(FrameName.png(missing)); "
                             + "found \(byIndex.count) frames from \(low) to \(high))")
        }
        return (low..<(high + 1), (low...high).map { byIndex[$0]! })
    }

    private static func load(_ folder: String, _ name: String) throws -> Bitmap {
        let path = PathText.joining(folder, name)
        guard let data = FileManager.default.contents(atPath: path) else { throw IOFailure("\(path): cannot read the file") }
        do { return try PNGCodec.decode(Array(data)) } catch let error as DecodeError {
            throw UsageError("\(path): \(error)")
        }
    }
}
