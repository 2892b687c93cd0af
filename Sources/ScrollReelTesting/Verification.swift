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
    let failures: URL
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
    /// The page beside the failure images that shows them all.
    static let reportName = "report.html"

    init(store: ReferenceStore, scene: String, record: RecordMode, failures: URL, offsets: [Double], writesFiles: Bool,
         geometry: @escaping (Int) throws -> FrameGeometry) {
        self.store = store; self.scene = scene; self.record = record; self.failures = failures; self.writesFiles = writesFiles
        self.geometry = geometry
        log = FailureLog(keepsImages: true, offsets: offsets)
    }

    /// The images an earlier failing run left of `frames`, the frames this run checked and
    /// passed (another assertion of the same references may have checked others); then the report
    /// and the folder, once no image is left in it. Only the files this library names go.
    func removeStaleFailures(of frames: Set<Int>) {
        let files = FileManager.default
        func images() -> [String] { ((try? files.contentsOfDirectory(atPath: failures.path)) ?? []).filter(FolderKind.artifacts.owns) }
        for name in images() where FrameName.failureIndex(of: name).map(frames.contains) == true {
            try? files.removeItem(at: failures.appendingPathComponent(name))
        }
        guard images().isEmpty else { return }
        try? files.removeItem(at: failures.appendingPathComponent(Verification.reportName))
        if (try? files.contentsOfDirectory(atPath: failures.path))?.isEmpty == true { try? files.removeItem(at: failures) }
    }

    func prepare(_ index: Int, _ frame: Bitmap) throws -> (hash: String, frame: Bitmap) { (try FrameHash.sha256(frame), frame) }

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
        let (verdict, diff) = store.check.verdict(name: frameName, hash: hash, bitmap: bitmap, geometry: layout.value)
        guard case .differs(let reason) = verdict else { return }
        if record == .failed {
            try store.record(frameName, hash: hash, bitmap: bitmap, geometry: try layout.value())
            messages.append("\(frameName): \(reason); re-recorded")
            recorded.append(frameName)
        } else {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let images = try store.check.images(name: frameName, index: index, actual: bitmap, diff: diff) { file, png in
                let url = failures.appendingPathComponent(file)
                try Data(png).write(to: url)
                return url.path
            }
            let changes = store.check.changes(name: frameName, actual: try layout.value())
            try log.add(index: index, reason: reason, diff: diff, actual: bitmap, images: images, changes: changes)
            messages.append("\(frameName): \(reason); see \(failures.path)/\(Verification.reportName)")
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
            lines.append("expected, actual and diff images: \(failures.path)/\(Verification.reportName)")
        }
        let attachments = failing.prefix(Verification.attachedFrames).flatMap { frame in
            frame.images.filter { !$0.png.isEmpty }.map { (name: "\(scene)-\(URL(fileURLWithPath: $0.path).lastPathComponent)", bytes: $0.png) }
        }
        return TestFailure(message: lines.joined(separator: "\n"), attachments: attachments)
    }
}
