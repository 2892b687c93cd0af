import Codecs
import FileOutput
import Foundation
import Pipeline
import Raster
import Regression
import Render

/// Frames hashed on the pipeline's workers, then compared or recorded in order.
final class Verification: FrameSink {
    var store: ReferenceStore
    let scene: String
    let record: RecordMode
    /// Where failing frames' images go.
    let failures: FailureFolder
    /// The failing frames, for the report.
    let log: FailureLog
    private(set) var messages: [String] = []
    /// The frames recorded, by name.
    private(set) var recorded: [String] = []
    /// How many frames were rendered and compared or recorded.
    var compared = 0
    /// Whether recording a frame writes its file and geometry, or only its hash (another sink
    /// writes the rest).
    let writesFiles: Bool
    /// Where each frame's views are, by frame.
    let geometry: (Int) throws -> FrameGeometry
    /// Shared with the sink that records every frame, which hashes them too.
    let hasher = FrameHasher()

    init(store: ReferenceStore, scene: String, record: RecordMode, failures: FailureFolder, offsets: [Double], writesFiles: Bool,
         geometry: @escaping (Int) throws -> FrameGeometry) {
        self.store = store; self.scene = scene; self.record = record; self.failures = failures; self.writesFiles = writesFiles
        self.geometry = geometry
        log = FailureLog(keepsImages: true, offsets: offsets)
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> (hash: String, frame: Bitmap) { (try hasher.hash(frame), frame) }

    func consume(_ index: Int, _ prepared: (hash: String, frame: Bitmap)) throws {
        let (hash, bitmap) = prepared
        let frameName = HashManifest.frameName(scene: scene, index: index)
        let known = store.check.manifest[frameName] != nil
        let layout = Memo { try self.geometry(index) }
        if record == .all || (!known && record != .never) {
            try store.record(frameName, hash: hash, bitmap: writesFiles ? bitmap : nil, geometry: writesFiles ? try layout.value() : nil)
            messages.append("\(frameName): recorded")
            recorded.append(frameName)
            return
        }
        if record == .failed {
            let (verdict, _) = store.check.verdict(name: frameName, hash: hash, bitmap: bitmap, geometry: layout.value)
            guard case .differs(let reason) = verdict else { return }
            try store.record(frameName, hash: hash, bitmap: bitmap, geometry: try layout.value())
            messages.append("\(frameName): \(reason); re-recorded")
            recorded.append(frameName)
            return
        }
        let verdict = try log.compare(store.check, name: frameName, index: index, hash: hash, bitmap: bitmap,
                                      geometry: { _ in try layout.value() }) { file, png in
            try failures.write(index, file, png)
        }
        if case .differs(let reason) = verdict {
            messages.append("\(frameName): \(reason); see \(failures.path)/\(FailureFolder.reportName)")
        }
    }
}

extension Verification {
    /// Failing frames whose images are attached to a Swift Testing issue; the report shows them all.
    static let attachedFrames = 3

    /// What the test reports, or nil when every frame matched: the frames that differ, each
    /// with why, and where their images are; or the frames recorded, since a run that records
    /// has compared nothing and must not pass for one that did. `suite` is the test file's name.
    func failure(suite: String) -> TestFailure? {
        let failing = log.failures
        if failing.isEmpty && recorded.isEmpty { return nil }
        let references = store.manifestURL.path
        var lines: [String] = []
        if !failing.isEmpty {
            let count = failing.count == compared ? (compared == 1 ? "the frame differs" : "all \(compared) frames differ")
                : "\(failing.count) of \(compared) frames differ"
            lines.append("\(suite)/\(scene): \(count) from \(references)")
            lines += failing.prefix(20).map { "  \(FrameName.stem($0.index)): \($0.reason)" }
            if failing.count > 20 { lines.append("  … and \(failing.count - 20) more") }
            lines += GeometrySummary.lines(of: failing).map { "  changed: \($0)" }
        }
        if !recorded.isEmpty {
            let how = record == .failed ? "re-recorded" : "recorded"
            lines.append("\(suite)/\(scene): \(how) \(recorded.count) frame\(recorded.count == 1 ? "" : "s") in \(references) (a run that records fails; run again to compare)")
        }
        if !failing.isEmpty {
            lines.append("expected, actual and diff images: \(failures.path)/\(FailureFolder.reportName)")
        }
        let attachments = failing.prefix(Verification.attachedFrames).flatMap { frame in
            frame.images.filter { !$0.png.isEmpty }.map { (name: "\(scene)-\(URL(fileURLWithPath: $0.path).lastPathComponent)", bytes: $0.png) }
        }
        return TestFailure(message: lines.joined(separator: "\n"), attachments: attachments)
    }
}
