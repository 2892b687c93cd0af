import FileOutput
import Foundation
import Paths

/// The failure images and report of one assertion.
///
/// The images of the frames this assertion checked replace those an earlier run left, so a frame
/// that passes now loses its images; those of frames it did not check (another assertion's) stay,
/// and so does any file of the user's. The report goes with the last image, and the folder with
/// the report. Unlike render's output folders, a folder holding the user's files is not refused:
/// a test must not fail for a note left beside its failure images.
final class FailureFolder {
    /// The folder, as the messages name it.
    let path: String
    /// The page beside the images that shows them all.
    static let reportName = "report.html"
    private let checked: Set<Int>
    private var written: Set<Int> = []

    init(path: String, checked: Set<Int>) {
        self.path = path
        self.checked = checked
    }

    /// Writes one failure image of frame `index`; returns the path to show for it.
    func write(_ index: Int, _ file: String, _ png: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let target = PathText.joining(path, file)
        try Data(png).write(to: URL(fileURLWithPath: target))
        written.insert(index)
        return target
    }

    /// Writes `report` when frames failed, and takes away the images an earlier run left of the
    /// frames this one checked and passed; then the report and the folder, once no image is left.
    func finish(report: [UInt8]?) throws {
        if let report { try Data(report).write(to: URL(fileURLWithPath: PathText.joining(path, FailureFolder.reportName))) }
        let files = FileManager.default
        func images() -> [String] { ((try? files.contentsOfDirectory(atPath: path)) ?? []).filter(FolderKind.artifacts.owns) }
        let passed = checked.subtracting(written)
        for name in images() where FrameName.failureIndex(of: name).map(passed.contains) == true {
            try? files.removeItem(atPath: PathText.joining(path, name))
        }
        guard images().isEmpty else { return }
        try? files.removeItem(atPath: PathText.joining(path, FailureFolder.reportName))
        if (try? files.contentsOfDirectory(atPath: path))?.isEmpty == true { try? files.removeItem(atPath: path) }
    }
}
