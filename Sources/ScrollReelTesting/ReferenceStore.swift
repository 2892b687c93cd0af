import Codecs
import FileOutput
import Foundation
import Paths
import Raster
import Regression
import Render

/// A references file that cannot serve, named with why.
struct ReferenceError: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file) \(reason)" }
}

/// The references of one scene, updated in memory while recording and saved at the end.
struct ReferenceStore {
    /// Where the hash file and the frames are.
    let layout: ReferenceLayout
    private(set) var check: FrameCheck
    private var changed = false
    /// The frames' geometry, as the folder holds it and as frames recorded one by one change it;
    /// written by `save` with the hash file.
    private var geometry: GeometryFile
    private var geometryChanged = false

    init(layout: ReferenceLayout, tolerance: Tolerance, mask: ViewMask? = nil) throws {
        self.layout = layout
        check = FrameCheck(manifest: HashManifest(), referenceFolder: URL(fileURLWithPath: layout.folder), tolerance: tolerance,
                           mask: mask)
        geometry = GeometryFile()
        let geometryURL = framesURL.appendingPathComponent(GeometryFile.name)
        if FileManager.default.fileExists(atPath: geometryURL.path) {
            // One that cannot be read must not be written over with this run's frames alone.
            do { geometry = try GeometryFile(parsing: Data(contentsOf: geometryURL)) } catch {
                throw ReferenceError(file: geometryURL.path, reason: "cannot be read (\(error)); delete it, or record every frame again")
            }
        }
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return }
        let text: String
        // One that cannot be read must not pass for missing: recording would replace the folder.
        do { text = try String(contentsOf: manifestURL, encoding: .utf8) } catch {
            throw ReferenceError(file: manifestURL.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        check = check.replacingManifest(with: try HashManifest(parsing: text))
    }

    /// The hash file.
    var manifestURL: URL { URL(fileURLWithPath: layout.manifest) }

    /// The folder of the frames' files.
    var framesURL: URL { URL(fileURLWithPath: layout.frames) }

    /// Lists no frame any more, for a recording of every frame.
    mutating func forgetAll() {
        check = check.replacingManifest(with: HashManifest())
    }

    /// Lists frame `name` with `hash`, and writes its lossless WebP when given its `bitmap`, and
    /// keeps its `geometry` when given.
    ///
    /// A folder stores each picture once, in the file of the first frame that shows it: when that
    /// file is about to show another picture, the next frame still listed with the old one, and
    /// without a file, takes a copy first, so the frames that repeat it keep their reference.
    mutating func record(_ name: String, hash: String, bitmap: Bitmap?, geometry frame: FrameGeometry? = nil) throws {
        if bitmap != nil, let old = check.manifest[name], old != hash, let file = check.ownFile(name), check.referenceURL(name) == file,
           let heir = check.manifest.entries.first(where: { $0.hash == old && $0.name != name && check.ownFile($0.name) == nil }) {
            let copy = (file.pathExtension == "png" ? check.pngURL : check.webpURL)(heir.name)
            try FileManager.default.copyItem(at: file, to: copy)
        }
        var manifest = check.manifest
        manifest.record(hash: hash, name: name)
        check = check.replacingManifest(with: manifest)
        changed = true
        if let frame {
            geometry.frames[PathText.lastComponent(of: name)] = frame
            geometryChanged = true
        }
        guard let bitmap else { return }
        let file = check.webpURL(name)
        let frames = file.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: frames.path) {
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            // Marked as render marks the folders it fills, so that `render test --update` may record here too.
            try Data(FolderKind.markerText.utf8).write(to: frames.appendingPathComponent(FolderKind.markerName))
        }
        try Data(WebPCodec.encodeLossless(bitmap)).write(to: file)
        // A PNG recorded before would be stale beside it.
        try? FileManager.default.removeItem(at: check.pngURL(name))
    }

    /// Writes the hash file, and removes the videos that no frame reads any more (a scene
    /// re-recorded frame by frame; see `FrameCheck.unreadVideos`).
    func save() throws {
        guard changed else { return }
        try check.manifest.text.write(to: manifestURL, atomically: true, encoding: .utf8)
        if geometryChanged {
            try geometry.text.write(to: framesURL.appendingPathComponent(GeometryFile.name), atomically: true, encoding: .utf8)
        }
        for video in check.unreadVideos(in: framesURL) { try FileManager.default.removeItem(at: video) }
    }
}
