import FileOutput
import Foundation
import Paths

/// The recorded geometry of the frames of a references folder, read when a frame first needs it
/// and kept for the run.
///
/// Invariant: each scene's file is read at most once; a file that is missing or cannot be read
/// gives no geometry, and its frames fail with the pixel summary alone.
final class GeometryStore: @unchecked Sendable {
    private let referenceFolder: URL
    private var files: [String: GeometryFile?] = [:]
    private let lock = NSLock()

    init(referenceFolder: URL) { self.referenceFolder = referenceFolder }

    /// The geometry recorded for frame `name` (`stretchy/frame_0040`), if any.
    func expected(_ name: String) -> FrameGeometry? {
        let folder = PathText.folder(of: name), stem = PathText.lastComponent(of: name)
        let file: GeometryFile? = lock.withLock {
            if let known = files[folder] { return known }
            let url = referenceFolder.appendingPathComponent(folder).appendingPathComponent(GeometryFile.name)
            let read = (try? Data(contentsOf: url)).flatMap { try? GeometryFile(parsing: $0) }
            files[folder] = read
            return read
        }
        return file?.frames[stem]
    }
}
