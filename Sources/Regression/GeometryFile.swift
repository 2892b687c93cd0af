import FileOutput
import Foundation
import Render
import Scene

/// `geometry.json` in a folder of reference frames: each recorded frame's `FrameGeometry`, by the
/// frame's file stem (`frame_0040`), one frame a line:
///
/// ```
/// {"geometry": 1, "frames": {
/// "frame_0040": [{"id": "header", "frame": [0, 0, 390, 415.234], "clip": [0, 0, 390, 415.234], "blur": 1}, …]
/// }}
/// ```
///
/// A view's keys are `id`, `frame`, then only what differs from a plain view: `parent` (the index
/// of its parent among the frame's views), `clip`, `alpha` (1), `radius` (0), `blur`, `image` (its
/// image's frame) and `text`. Folders recorded before geometry was kept have no such file, and
/// their frames fail with the pixel summary alone.
public struct GeometryFile: Equatable, Sendable {
    /// The file's name in a folder of reference frames.
    public static let name = FrameName.geometry
    static let version = 1

    /// By frame stem: `frame_0040`.
    public var frames: [String: FrameGeometry]

    public init(frames: [String: FrameGeometry] = [:]) { self.frames = frames }

    /// Why a geometry file cannot be read.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(parsing data: Data) throws {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              top["geometry"] as? Int == GeometryFile.version, let frames = top["frames"] as? [String: Any] else {
            throw ParseError(description: "not a geometry file of version \(GeometryFile.version)")
        }
        var parsed: [String: FrameGeometry] = [:]
        for (stem, value) in frames {
            guard let views = value as? [[String: Any]] else { throw ParseError(description: "\(stem): expected a list of views") }
            parsed[stem] = FrameGeometry(views: try views.enumerated().map { k, view in
                // A parent comes before its children; numbers are finite, and far inside what a screen holds.
                guard let view = GeometryFile.view(view), view.parent.map({ (0..<k).contains($0) }) ?? true,
                      view.numbers.allSatisfy({ $0.isFinite && abs($0) <= GeometryFile.largest }) else {
                    throw ParseError(description: "\(stem)[\(k)]: not a view")
                }
                return view
            })
        }
        self.frames = parsed
    }

    /// The file's text: frames in frame order, one a line.
    public var text: String {
        let stems = frames.keys.sorted { (FrameName.index(ofStem: $0) ?? 0, $0) < (FrameName.index(ofStem: $1) ?? 0, $1) }
        let lines = stems.map { stem in
            Inspection.string(stem) + ": [" + frames[stem]!.views.map(GeometryFile.entry).joined(separator: ", ") + "]"
        }
        return "{\"geometry\": \(GeometryFile.version), \"frames\": {\n" + lines.joined(separator: ",\n") + "\n}}\n"
    }

    private static func entry(_ view: FrameGeometry.View) -> String {
        var fields = ["\"id\": \(Inspection.string(view.id))", "\"frame\": \(Inspection.rect(view.frame))"]
        if let parent = view.parent { fields.append("\"parent\": \(parent)") }
        if let clip = view.clip { fields.append("\"clip\": \(Inspection.rect(clip))") }
        if view.alpha != 1 { fields.append("\"alpha\": \(Inspection.number(view.alpha))") }
        if view.cornerRadius != 0 { fields.append("\"radius\": \(Inspection.number(view.cornerRadius))") }
        if let blur = view.blur { fields.append("\"blur\": \(Inspection.number(blur))") }
        if let image = view.imageFrame { fields.append("\"image\": \(Inspection.rect(image))") }
        if let text = view.text { fields.append("\"text\": \(Inspection.string(text))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The largest length or fraction a file may hold: a million times any canvas.
    static let largest = 1e10

    private static func view(_ object: [String: Any]) -> FrameGeometry.View? {
        func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        func rect(_ key: String) -> Rect? {
            guard let values = object[key] as? [NSNumber], values.count == 4 else { return nil }
            return Rect(x: values[0].doubleValue, y: values[1].doubleValue, width: values[2].doubleValue, height: values[3].doubleValue)
        }
        guard let id = object["id"] as? String, let frame = rect("frame") else { return nil }
        return FrameGeometry.View(id: id, parent: (object["parent"] as? NSNumber)?.intValue, frame: frame, clip: rect("clip"),
                                  alpha: number("alpha") ?? 1, cornerRadius: number("radius") ?? 0, blur: number("blur"),
                                  imageFrame: rect("image"), text: object["text"] as? String)
    }
}
