import Codecs
import FileOutput
import Foundation
import Paths
import Raster
import Render

/// `render gif DIR... --out NAME.gif`: folders of `frame_NNNN.png` files, such as ranges rendered
/// with `--frames` on several machines, assembled into one GIF. The frames may start at any
/// number but must follow one another without a gap or a duplicate, and all have one size. Each
/// is shown as long as in a render of the whole scene, so the GIF is the one that render would
/// write for that range.
struct AssembleCommand {
    let options: Options

    func run() throws {
        let outputs = OutputSet()
        let file = try outputs.file(OutputTarget(option: "--out", path: options.out!), holding: .gif)
        let frames = try AssembleCommand.frames(in: options.inputs)
        let timing = GIFTiming(frames: frames.indices, fps: options.fps ?? 30)
        let first = try AssembleCommand.load(frames.paths[0])
        let path = { (index: Int) in frames.paths[index - frames.indices.lowerBound] }
        // Every shown frame is read on the workers; a frame above 50 fps that the GIF skips is not.
        let shown = timing.entries.map(\.frame)
        let progress = Progress(total: shown.count, quiet: options.quiet)
        defer { progress.finish() }
        try Interruption.writing(outputs) {
            let output = try file.open()
            let frameBytes = first.width * first.height * 4
            let shared = try PaletteSampleSink.palette(of: shown, jobs: options.jobs, frameBytes: frameBytes) {
                try AssembleCommand.load(path($0))
            }
            let gif = GIFSink(writer: try GIFWriter(width: first.width, height: first.height, quality: options.quality ?? 100,
                                                    shared: shared) { try output.write($0) },
                              timing: timing, stats: Stats())
            try FramePipeline(jobs: options.jobs, frameBytes: frameBytes).run(shown, frame: { index in
                let bitmap = try AssembleCommand.load(path(index))
                guard bitmap.width == first.width, bitmap.height == first.height else {
                    throw UsageError("gif: \(path(index)) is \(bitmap.width)×\(bitmap.height), "
                                     + "\(frames.paths[0]) is \(first.width)×\(first.height)")
                }
                return bitmap
            }, sinks: [gif], done: progress.update(done:))
            try gif.finish()
            try output.finish()
        }
    }

    /// The frame files of the folders, in order, with the range of their numbers.
    static func frames(in folders: [String]) throws -> (indices: Range<Int>, paths: [String]) {
        var byIndex: [Int: String] = [:]
        for folder in folders {
            let names: [String]
            do { names = try FileSystem.entries(in: folder).filter { $0.kind == .file }.map(\.name) } catch {
                throw UsageError("gif \(folder): not a readable folder")
            }
            for name in names {
                guard let index = FrameName.index(of: name) else { continue }
                let path = PathText.joining(folder, name)
                if let other = byIndex[index] {
                    throw UsageError("gif: \(other) and \(path) are both frame \(index)")
                }
                byIndex[index] = path
            }
        }
        let place = folders.count == 1 ? folders[0] : "\(folders.count) folders"
        guard let low = byIndex.keys.min(), let high = byIndex.keys.max() else {
            throw UsageError("gif \(place): no frame_NNNN.png files")
        }
        if let missing = (low...high).first(where: { byIndex[$0] == nil }) {
            throw UsageError("gif \(place): frame \(missing) is missing (\(FrameName.png(missing)); "
                             + "found \(byIndex.count) frames from \(low) to \(high))")
        }
        return (low..<(high + 1), (low...high).map { byIndex[$0]! })
    }

    private static func load(_ path: String) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else { throw IOFailure("\(path): cannot read the file") }
        do { return try PNGCodec.decode(Array(data)) } catch let error as DecodeError {
            throw UsageError("\(path): \(error)")
        }
    }
}
