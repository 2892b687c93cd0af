import Codecs
import FileOutput
import Pipeline
import Raster
import Regression
import Render

/// Every frame's hash, for `--hashes`, and for `--check`, which compares each as it comes. Each
/// frame is hashed once, on the workers, whichever of the two asked.
final class HashSink: FrameSink {
    private let scene: String
    private let check: CheckRun?
    /// `--hashes`: where the manifest goes, after the last frame.
    private let file: StagedFile?
    private var manifest = HashManifest()
    /// Shared with `--references`, which hashes the same frames.
    private let hasher: FrameHasher

    init(scene: String, check: CheckRun?, file: StagedFile?, hasher: FrameHasher = FrameHasher()) {
        self.scene = scene; self.check = check; self.file = file; self.hasher = hasher
    }

    /// The hash, and the frame itself when checking: a mismatch is diffed against its reference.
    func prepare(_ index: Int, _ frame: Bitmap) throws -> (hash: String, frame: Bitmap?) {
        (try hasher.hash(frame), check == nil ? nil : frame)
    }

    func consume(_ index: Int, _ prepared: (hash: String, frame: Bitmap?)) throws {
        manifest.entries.append(.init(hash: prepared.hash, name: HashManifest.frameName(scene: scene, index: index)))
        if let check, let frame = prepared.frame { try check.compare(index: index, hash: prepared.hash, bitmap: frame) }
    }

    /// Writes the manifest to `--hashes`.
    func finish() throws { try file?.write(Array(manifest.text.utf8)) }
}
