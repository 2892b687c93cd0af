import Codecs
import FileOutput
import Foundation
import Raster

/// The outcome for one frame.
public enum Verdict: Equatable, Sendable {
    /// The hash matches.
    case match
    /// The hash differs, but the pixels are within the tolerance of the reference frame.
    case tolerated(differing: Int)
    /// The frame fails; `reason` says why in a few words.
    case differs(reason: String)

    public var passed: Bool { if case .differs = self { return false } else { return true } }
}

/// Checks rendered frames against a hash manifest and, where they exist, reference frames stored
/// beside it (`<manifest folder>/<name>.webp` or `.png`, e.g. `goldens/stretchy/frame_0012.webp`),
/// and writes the artifacts of failing frames: the actual PNG, the expected PNG and a diff.
///
/// A compact reference folder stores each distinct frame once: a frame that repeats an earlier
/// one has no file, and its reference is the file of the first frame listed with the same hash.
/// It may hold its opaque frames in lossless videos instead (`frames_0040.mkv` holds frame 40
/// and those after it, see `FrameName.video`). A frame's own file, or that of its hash, comes
/// first: a frame recorded again later is a file beside the video that held it.
public struct FrameCheck {
    public let manifest: HashManifest
    public let referenceFolder: URL
    public let tolerance: Tolerance
    /// Views whose pixels are not compared; nil compares every pixel.
    public let mask: ViewMask?
    /// The frames listed with each hash, in the manifest's order.
    private let framesByHash: [String: [String]]
    private let videos: ReferenceVideos
    private let geometry: GeometryStore

    public init(manifest: HashManifest, referenceFolder: URL, tolerance: Tolerance = Tolerance(), mask: ViewMask? = nil) {
        self.init(manifest: manifest, referenceFolder: referenceFolder, tolerance: tolerance, mask: mask, videos: ReferenceVideos(),
                  geometry: GeometryStore(referenceFolder: referenceFolder))
    }

    private init(manifest: HashManifest, referenceFolder: URL, tolerance: Tolerance, mask: ViewMask?, videos: ReferenceVideos,
                 geometry: GeometryStore) {
        self.manifest = manifest; self.referenceFolder = referenceFolder; self.tolerance = tolerance; self.mask = mask
        self.videos = videos; self.geometry = geometry
        framesByHash = Dictionary(grouping: manifest.entries, by: \.hash).mapValues { $0.map(\.name) }
    }

    /// This check with another manifest, reading on in the videos where this one stopped: a run
    /// that records frames as it checks them (each a file of its own, never a video) changes the
    /// manifest at every frame, and a new check would read each video again from its start.
    public func replacingManifest(with manifest: HashManifest) -> FrameCheck {
        FrameCheck(manifest: manifest, referenceFolder: referenceFolder, tolerance: tolerance, mask: mask, videos: videos,
                   geometry: geometry)
    }

    /// This check with `mask`: known once the scene is loaded, after the references were found.
    public func masking(_ mask: ViewMask?) -> FrameCheck {
        FrameCheck(manifest: manifest, referenceFolder: referenceFolder, tolerance: tolerance, mask: mask, videos: videos,
                   geometry: geometry)
    }

    /// What changed in frame `name` since its reference was recorded, view by view, against the
    /// frame's `actual` geometry; nil when the reference has no geometry recorded.
    public func changes(name: String, actual: FrameGeometry) -> [GeometryChange]? {
        geometry.expected(name).map { GeometryChange.changes(expected: $0, actual: actual) }
    }

    /// Where frame `name` is recorded as a lossless WebP.
    public func webpURL(_ name: String) -> URL { referenceFolder.appendingPathComponent(name + ".webp") }

    /// Where frame `name` is recorded as a PNG, as `--out DIR/` writes frames.
    public func pngURL(_ name: String) -> URL { referenceFolder.appendingPathComponent(name + ".png") }

    /// The file that holds the reference of frame `name`, if any. The frames listed with its hash
    /// are tried in the manifest's order (frame order), WebP before PNG: the first of them is the
    /// one a compact folder stores.
    public func referenceURL(_ name: String) -> URL? {
        for candidate in manifest[name].flatMap({ framesByHash[$0] }) ?? [name] {
            if let url = ownFile(candidate) { return url }
        }
        return nil
    }

    /// Frame `name`'s own file, WebP before PNG, if it has one.
    public func ownFile(_ name: String) -> URL? {
        [webpURL(name), pngURL(name)].first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Whether any frame whose name starts with `prefix` (`stretchy/`) has a reference file, or
    /// the folder of that name a video. Each hash's frames are looked at once, so a scene that
    /// rests on one frame costs no more than one that moves.
    public func hasReferences(prefix: String) -> Bool {
        videos.hasVideos(in: referenceFolder.appendingPathComponent(prefix))
            || framesByHash.values.contains { names in
                names.contains { $0.hasPrefix(prefix) } && names.contains { ownFile($0) != nil }
            }
    }

    /// The videos in `folder` (a scene's, such as `stretchy/`) that no listed frame reads: each
    /// of their frames has a file, its own or its hash's, that comes first (see `source`).
    public func unreadVideos(in folder: URL) -> [URL] {
        let read = Set(manifest.entries.compactMap { entry in source(entry.name).flatMap { $0.offset == nil ? nil : $0.url.path } })
        return videos.all(in: folder).filter { !read.contains($0.path) }
    }

    /// Where frame `name`'s reference is: a file, or a frame of a video (its offset there).
    private func source(_ name: String) -> (url: URL, offset: Int?)? {
        if let url = referenceURL(name) { return (url, nil) }
        let stem = referenceFolder.appendingPathComponent(name)
        guard let index = FrameName.index(ofStem: stem.lastPathComponent),
              let video = videos.video(holding: index, in: stem.deletingLastPathComponent()) else { return nil }
        return (video.url, video.offset)
    }

    /// The reference frame, or nil when no file holds one; a file that cannot be read or decoded
    /// throws. `like` is the frame it is compared with: a file that declares far more pixels (a
    /// damaged header) is refused before anything is allocated, while one at another scale still
    /// decodes, so that the failure can say which size it has.
    public func reference(_ name: String, like frame: Bitmap) throws -> Bitmap? {
        guard let (url, offset) = source(name) else { return nil }
        let limit = 16 * frame.width * frame.height
        if let offset { return try videos.frame(offset, of: url, maxPixels: limit) }
        let data = Array(try Data(contentsOf: url))
        return url.pathExtension == "webp" ? try WebPCodec.decode(data, maxPixels: limit) : try PNGCodec.decode(data, maxPixels: limit)
    }

    /// Compares one frame. `hash` is its `FrameHash`; the bitmap is only decoded against a
    /// reference when the hash differs. `geometry` gives the frame's geometry, which a mask needs:
    /// without it, a mask masks nothing. Masked pixels are transparent in the diff's images.
    public func verdict(name: String, hash: String, bitmap: Bitmap,
                        geometry actual: (() throws -> FrameGeometry)? = nil) -> (Verdict, PixelDiff?) {
        guard let expected = manifest[name] else { return (.differs(reason: "no expected hash"), nil) }
        if expected == hash { return (.match, nil) }
        let found: Bitmap?
        do { found = try reference(name, like: bitmap) } catch DecodeError.tooLarge(let width, let height, _) {
            return (.differs(reason: "size \(bitmap.width)×\(bitmap.height), expected \(width)×\(height)"), nil)
        } catch let ended as ReferenceVideos.Ended {
            // Either the video was cut short, or the frame's own file is gone (a translucent frame
            // has one, not a video frame): both facts are told, since either may be what went wrong.
            let stem = URL(fileURLWithPath: name).lastPathComponent
            var video = ""
            if let (url, offset) = source(name), let offset, let index = FrameName.index(ofStem: stem) {
                let end = ended.frames == 0 ? "holds no frame" : "ends at frame \(index - offset + ended.frames - 1)"
                video = ", and \(url.lastPathComponent) \(end)"
            }
            return (.differs(reason: "hash differs, and no file holds its reference: no \(stem).webp\(video)"), nil)
        } catch {
            let file = source(name)?.url.lastPathComponent ?? name
            return (.differs(reason: "hash differs, and its reference \(file) cannot be read: \(error)"), nil)
        }
        guard let reference = found else { return (.differs(reason: "hash differs"), nil) }
        guard reference.width == bitmap.width, reference.height == bitmap.height else {
            return (.differs(reason: "size \(bitmap.width)×\(bitmap.height), expected \(reference.width)×\(reference.height)"), nil)
        }
        var (kept, compared) = (reference, bitmap)
        if let mask, let actual {
            let geometries: [FrameGeometry]
            do { geometries = [try actual()] + (geometry.expected(name).map { [$0] } ?? []) } catch {
                return (.differs(reason: "its geometry, which the mask needs, cannot be made: \(error)"), nil)
            }
            (kept, compared) = (mask.masking(reference, geometries: geometries), mask.masking(bitmap, geometries: geometries))
            if kept == compared { return (.tolerated(differing: 0), nil) }
        }
        let diff = PixelDiff(expected: kept, actual: compared, comparison: tolerance.comparison)
        if !tolerance.isExact && tolerance.accepts(diff) { return (.tolerated(differing: diff.differing), diff) }
        let aa = diff.antialiased > 0 ? ", \(diff.antialiased) from anti-aliasing" : ""
        return (.differs(reason: "\(diff.differing) pixels differ\(aa)"), diff)
    }

    /// The failure images of a frame, in order: the expected frame (when a reference exists), the
    /// actual one, and the diff (when they were diffed). Each is handed to `store` with its file
    /// name, `frame_0012-actual.png`, and carries the path `store` returns.
    public func images(name: String, index: Int, actual: Bitmap, diff: PixelDiff?,
                       store: (_ file: String, _ png: [UInt8]) throws -> String) throws -> [FailureImage] {
        var images: [(FailureImage.Role, Bitmap)] = []
        // The diff was made against the reference: it is not read again.
        if let expected = diff?.expected ?? (try? reference(name, like: actual)) { images.append((.expected, expected)) }
        images.append((.actual, actual))
        if let diff { images.append((.diff, diff.image)) }
        return try images.map { role, bitmap in
            let png = try PNGCodec.encode(bitmap)
            return FailureImage(role: role, png: png, path: try store(FrameName.png(index, suffix: "-" + role.rawValue), png))
        }
    }
}
