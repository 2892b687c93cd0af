import Codecs
import FileOutput
import Foundation
import Outputs
import Paths
import Pipeline
import Raster
import Render

/// `render gif DIR... --out NAME.gif`: folders of `frame_NNNN.png` files, such as ranges rendered
/// with `--frames` on several machines, assembled into one GIF (or any other animation format,
/// by `--out`'s extension). The frames may start at any
/// number but must follow one another without a gap or a duplicate, and all have one size. Each
/// is shown as long as in a render of the whole scene, so the file is the one that render would
/// write for that range.
struct AssembleCommand {
    let options: AssembleOptions

    func run() throws {
        let outputs = OutputSet()
        let format = options.format
        let file = try outputs.file(OutputTarget(option: "--out", path: options.out), holding: format.kind)
        let found = try AssembleCommand.frames(in: options.folders)
        let first = try AssembleCommand.load(found.paths[0])
        let path = { (index: Int) in found.paths[index - found.indices.lowerBound] }
        let frames = AnimationFrames(width: first.width, height: first.height, range: found.indices, fps: options.fps,
                                     jobs: options.jobs) { index in
            let bitmap = try AssembleCommand.load(path(index))
            guard bitmap.width == first.width, bitmap.height == first.height else {
                throw UsageError("gif: \(path(index)) is \(bitmap.width)×\(bitmap.height), "
                                 + "\(found.paths[0]) is \(first.width)×\(first.height)")
            }
            return bitmap
        }
        // Every shown frame is read on the workers; a frame above 50 fps that a GIF skips is not.
        let progress = Progress(total: format.shownFrames(found.indices, fps: frames.fps).count, quiet: options.quiet)
        defer { progress.finish() }
        try Interruption.writing(outputs) {
            try format.write(frames, quality: options.quality, into: try StagedBytes(file, byName: !format.streams),
                             done: progress.update(done:))
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
