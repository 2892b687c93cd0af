import FileOutput
import Scene

/// The `--inspect` report: for every frame, every view's resolved geometry, in screen points after
/// all effects. It lets a user see why an effect looks wrong, and lets tests check geometry without
/// pixels.
///
/// Layout: `{"frames": [{"index", "time", "offset", "views": [{"id", "frame", "cornerRadius"?, "maskedCorners"?, "cornerCurve"?,
/// "clip", "roundedClips"?, "alpha", "imageFrame"?, "blur"?, "material"?, "borderWidth"?, "shadowOpacity"?, "ticks"?}]}]}`.
/// Rects are `[x, y, width, height]`. `clip` is the intersection of every clip that applies, null
/// when none does; `roundedClips` lists those with rounded corners (`{"rect", "radius"}`), whose
/// corners cut it further. Radii are the ones drawn, at most half the shorter side; `maskedCorners`
/// names the corners they round when not all four do, `cornerCurve` is "continuous" when they are
/// Apple's continuous corners. `imageFrame`
/// appears only for views with an image, `blur` (the fraction) only where a blur is attached,
/// `material` (its style) only on views with one, and
/// `borderWidth` and `shadowOpacity` only on views with a border or a shadow; `ticks`, on the refresh
/// control's spinner only, counts the ticks it shows. It is the painter's
/// own input: the display list, written out. Numbers are written with full round-trip precision.
public enum Inspection {
    public static func json(renderer: Renderer, frames: Range<Int>? = nil) throws -> String {
        var out = Inspection.opening
        let range = frames ?? 0..<renderer.frameCount
        for (n, index) in range.enumerated() {
            out += n == 0 ? "\n" : ",\n"
            out += "  {\"index\": \(index), \"time\": \(number(Timeline.time(ofFrame: index, fps: renderer.scene.fps))), "
            out += "\"offset\": \(number(renderer.offsets[index])), \"views\": ["
            let views = try renderer.items(frame: index).flatMap(\.flattened)
            for (k, view) in views.enumerated() {
                out += (k == 0 ? "\n" : ",\n") + "    " + entry(view)
            }
            out += "\n  ]}"
        }
        return out + "\n]}\n"
    }

    /// How every report starts, and how `FileKind.inspection` knows one.
    static let opening = "{\"frames\": ["

    private static func entry(_ view: DisplayItem) -> String {
        var fields = ["\"id\": \(string(view.id))", "\"frame\": \(rect(view.frame))"]
        let corner = ClipShape(rect: view.frame, cornerRadius: view.cornerRadius).drawnRadius
        if corner > 0 { fields.append("\"cornerRadius\": \(number(corner))") }
        if corner > 0, view.maskedCorners != .all {
            let names = CornerMask.named.filter { view.maskedCorners.contains($0.1) }.map { string($0.0) }
            fields.append("\"maskedCorners\": [" + names.joined(separator: ", ") + "]")
        }
        if corner > 0, view.cornerCurve == .continuous { fields.append("\"cornerCurve\": \"continuous\"") }
        fields.append("\"clip\": \(view.clip.map(rect) ?? "null")")
        let rounded = view.clips.filter { $0.drawnRadius > 0 }
        if !rounded.isEmpty {
            let shapes = rounded.map { "{\"rect\": \(rect($0.rect)), \"radius\": \(number($0.drawnRadius))}" }
            fields.append("\"roundedClips\": [" + shapes.joined(separator: ", ") + "]")
        }
        fields.append("\"alpha\": \(number(view.alpha))")
        if let image = view.image { fields.append("\"imageFrame\": \(rect(image.frame))") }
        if let blur = view.blur { fields.append("\"blur\": \(number(blur.fraction))") }
        if let material = view.material { fields.append("\"material\": \(string(material.style.rawValue))") }
        if let border = view.border { fields.append("\"borderWidth\": \(number(border.width))") }
        if let shadow = view.shadow { fields.append("\"shadowOpacity\": \(number(shadow.opacity))") }
        if let ticks = view.ticks { fields.append("\"ticks\": \(ticks)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    public static func rect(_ r: Rect) -> String {
        "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]"
    }

    /// Shortest text that reads back as the same Double; whole numbers without a fraction.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    /// A JSON string literal.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension FileKind {
    /// The JSON that `--inspect` writes: it starts `{"frames": [`.
    public static let inspection = FileKind(name: "a geometry report of --inspect", signature: [(0, Inspection.opening)])
}
