import Codecs
import FileOutput
import Foundation
import Raster

/// How far a frame may differ from its reference and still pass. The default is exact.
public struct Tolerance: Equatable, Sendable {
    /// Per-pixel YIQ threshold, 0…1, as in pixelmatch; nil compares bytes exactly.
    public var threshold: Double?
    /// Differing pixels allowed per frame.
    public var maxDiffPixels: Int
    /// Differing pixels allowed per frame, as a fraction of its pixels.
    public var maxDiffRatio: Double

    public init(threshold: Double? = nil, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.threshold = threshold; self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
    }

    public var isExact: Bool { threshold == nil && maxDiffPixels == 0 && maxDiffRatio == 0 }

    func accepts(_ diff: PixelDiff) -> Bool {
        diff.differing <= maxDiffPixels || diff.ratio <= maxDiffRatio
    }
}

/// The outcome for one frame.
public enum Verdict: Equatable, Sendable {
    /// The hash matches.
    case match
    /// The hash differs, but the pixels are within the tolerance of the reference PNG.
    case tolerated(differing: Int)
    /// The frame fails; `reason` says why in a few words.
    case differs(reason: String)

    public var passed: Bool { if case .differs = self { return false } else { return true } }
}

/// Checks rendered frames against a hash manifest and, where they exist, reference PNGs stored
/// beside it (`<manifest folder>/<name>.png`, e.g. `goldens/stretchy/frame_0012.png`), and writes
/// the artifacts of failing frames: the actual PNG, the expected PNG and a diff.
public struct FrameCheck {
    public let manifest: HashManifest
    public let referenceFolder: URL
    public let tolerance: Tolerance

    public init(manifest: HashManifest, referenceFolder: URL, tolerance: Tolerance = Tolerance()) {
        self.manifest = manifest; self.referenceFolder = referenceFolder; self.tolerance = tolerance
    }

    public func referenceURL(_ name: String) -> URL { referenceFolder.appendingPathComponent(name + ".png") }

    /// The reference frame, if its PNG exists and decodes.
    public func reference(_ name: String) -> Bitmap? {
        guard let data = try? Data(contentsOf: referenceURL(name)) else { return nil }
        return try? PNGCodec.decode(Array(data))
    }

    /// Compares one frame. `hash` is its `FrameHash`; the bitmap is only decoded against a
    /// reference when the hash differs.
    public func verdict(name: String, hash: String, bitmap: Bitmap) -> (Verdict, PixelDiff?) {
        guard let expected = manifest[name] else { return (.differs(reason: "no expected hash"), nil) }
        if expected == hash { return (.match, nil) }
        guard let reference = reference(name) else { return (.differs(reason: "hash differs"), nil) }
        guard reference.width == bitmap.width, reference.height == bitmap.height else {
            return (.differs(reason: "size \(bitmap.width)×\(bitmap.height), expected \(reference.width)×\(reference.height)"), nil)
        }
        let diff = PixelDiff(expected: reference, actual: bitmap, threshold: tolerance.threshold)
        if !tolerance.isExact && tolerance.accepts(diff) { return (.tolerated(differing: diff.differing), diff) }
        let aa = diff.antialiased > 0 ? ", \(diff.antialiased) from anti-aliasing" : ""
        return (.differs(reason: "\(diff.differing) pixels differ\(aa)"), diff)
    }

    /// The failure images of a frame, as (file name, PNG bytes): `<frame>-actual.png`, and
    /// `<frame>-expected.png` and `<frame>-diff.png` when a reference exists.
    public func artifacts(name: String, index: Int, actual: Bitmap, diff: PixelDiff?) throws -> [(String, [UInt8])] {
        var files = [(FrameName.png(index, suffix: "-actual"), try PNGCodec.encode(actual))]
        if let expected = try? Data(contentsOf: referenceURL(name)) {
            files.append((FrameName.png(index, suffix: "-expected"), Array(expected)))
        }
        if let diff { files.append((FrameName.png(index, suffix: "-diff"), try PNGCodec.encode(diff.image))) }
        return files
    }
}
