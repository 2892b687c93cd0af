import FileOutput
import Scene

extension OutputSet {
    /// Notes the files `scene` reads, its images and font files, each named in messages as
    /// `owner` then its JSON path: no output may replace one.
    func reads(filesOf scene: Scene, owner: String) throws {
        for file in scene.inputFiles {
            try reads(OutputTarget(option: owner + file.jsonPath, path: file.path))
        }
    }
}
