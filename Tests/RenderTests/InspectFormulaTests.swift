import Codecs
import Foundation
import Render
import Scene
import XCTest

/// Every frame of every sample: the `--inspect` geometry against the articles' formulas,
/// recomputed here from the raw scene JSON (read with Foundation, not the scene decoder) to 1e-6 pt.
final class InspectFormulaTests: XCTestCase {
    typealias JSON = [String: Any]
    let tolerance = 1e-6

    static var samples: [String] {
        let folder = URL(fileURLWithPath: GoldenTests.samplePath("x")).deletingLastPathComponent()
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.map { String($0.dropLast(5)) }.sorted()
            // Bindings are not article formulas: that sample is held to the preset it reproduces,
            // frame by frame, in BindingSampleTests; the constraints sample is held to
            // stretchy's frames in AutoLayoutSampleTests; the mixed-scripts and profile samples'
            // stacks size to wrapped text, which MixedScriptSampleTests holds to hb-shape, and the
            // profile's bars are held to UIKit's geometry in SystemBarsTests; the trip sample's
            // stacks size to wrapped text too, and its effects under the bars are held to the
            // formulas from rest in AdjustedInsetCLITests.
            .filter { !["parallax-bindings", "stretchy-autolayout", "mixed-scripts", "profile", "trip"].contains($0) }
    }

    /// The scene with every use of a template written out as the README defines it (parameters
    /// replaced, `repeat` numbering the ids, ids inside prefixed, a use site's frame winning), so
    /// the formulas read the views the decoder should build: a reading of its own, not the decoder's.
    static func expanded(_ scene: JSON) -> JSON {
        let templates = scene["templates"] as? JSON ?? [:]
        func substitute(_ value: Any, _ parameters: JSON) -> Any {
            if let text = value as? String, text.hasPrefix("$$") { return String(text.dropFirst()) }
            if let text = value as? String, text.hasPrefix("$") { return parameters[String(text.dropFirst())] ?? value }
            if let items = value as? [Any] { return items.map { substitute($0, parameters) } }
            if let object = value as? JSON { return object.mapValues { substitute($0, parameters) } }
            return value
        }
        func prefixed(_ view: JSON, _ id: String) -> JSON {
            var view = view
            view["children"] = (view["children"] as? [JSON])?.map { child in
                var child = prefixed(child, id)
                child["id"] = id + "." + (child["id"] as! String)
                return child
            }
            return view
        }
        func views(_ items: [JSON]) -> [JSON] {
            items.flatMap { item -> [JSON] in
                guard let name = item["use"] as? String else {
                    var view = item
                    view["children"] = (item["children"] as? [JSON]).map(views)
                    return [view]
                }
                let shared = item["with"] as? JSON ?? [:], items = item["repeat"] as? [JSON]
                return (items ?? [[:]]).enumerated().flatMap { i, own -> [JSON] in
                    let id = (item["id"] as! String) + (items == nil ? "" : String(i))
                    var view = prefixed(substitute(templates[name]!, shared.merging(own) { $1 }) as! JSON, id)
                    view["id"] = id
                    if let frame = item["frame"] { view["frame"] = frame }
                    return views([view])
                }
            }
        }
        var scene = scene
        scene["views"] = views(scene["views"] as! [JSON])
        return scene
    }

    /// The scene with every stack's children given frames, as the README defines stacks, for the
    /// cases the samples use: a child's own size along the axis (or, with `fillEqually`, the
    /// stack's length shared), and across it its own size or the stack's (alignment `fill`). An
    /// "auto" stack is as long as its children and gaps. Anything else leaves `unsupported` set,
    /// so that a sample this reading cannot follow fails instead of being checked against a guess.
    static func stacked(_ scene: JSON, unsupported: inout [String]) -> JSON {
        func number(_ value: Any?) -> Double? { value is String ? nil : value as? Double }
        func place(_ view: JSON, _ size: (w: Double?, h: Double?)) -> JSON {
            var view = view
            guard let stack = view["stack"] as? JSON else {
                view["children"] = (view["children"] as? [JSON])?.map { place($0, (nil, nil)) }
                return view
            }
            let vertical = (stack["axis"] as? String ?? "vertical") == "vertical"
            if (stack["alignment"] as? String ?? "fill") != "fill" { unsupported.append("\(view["id"]!): alignment") }
            let padding = stack["padding"] as? JSON ?? [:]
            let p = number(stack["padding"]) ?? 0
            let (top, left, bottom, right) = (number(padding["top"]) ?? p, number(padding["left"]) ?? p,
                                              number(padding["bottom"]) ?? p, number(padding["right"]) ?? p)
            let spacing = number(stack["spacing"]) ?? 0
            let children = view["children"] as? [JSON] ?? []
            let mainKey = vertical ? "height" : "width", crossKey = vertical ? "width" : "height"
            let padMain = vertical ? top + bottom : left + right, padCross = vertical ? left + right : top + bottom
            var frame = view["frame"] as? [Any] ?? [0, 0, size.w as Any, size.h as Any]
            var main = number(frame[vertical ? 3 : 2]), cross = number(frame[vertical ? 2 : 3])
            let gaps = spacing * Double(max(0, children.count - 1))
            var lengths: [Double]
            switch stack["distribution"] as? String ?? "fill" {
            case "fillEqually":
                guard let main else { unsupported.append("\(view["id"]!): fillEqually without a length"); return view }
                lengths = Array(repeating: (main - padMain - gaps) / Double(children.count), count: children.count)
            case "fill":
                lengths = children.map { child in
                    if let length = number(child[mainKey]) { return length }
                    unsupported.append("\(child["id"]!): no \(mainKey)")
                    return 0
                }
            default:
                unsupported.append("\(view["id"]!): distribution"); return view
            }
            main = main ?? padMain + lengths.reduce(0, +) + gaps
            guard let cross else { unsupported.append("\(view["id"]!): no \(crossKey)"); return view }
            frame[vertical ? 3 : 2] = main!
            view["frame"] = frame
            var position = vertical ? top : left
            view["children"] = children.enumerated().map { i, child -> JSON in
                var child = child
                let across = number(child[crossKey]) ?? cross - padCross
                child["frame"] = vertical ? [left, position, across, lengths[i]] : [position, top, lengths[i], across]
                child["width"] = nil; child["height"] = nil
                position += lengths[i] + spacing
                return place(child, (nil, nil))
            }
            return view
        }
        var scene = scene
        scene["views"] = (scene["views"] as! [JSON]).map { place($0, (nil, nil)) }
        return scene
    }

    func testEverySampleFrameMatchesTheFormulas() throws {
        XCTAssertFalse(InspectFormulaTests.samples.isEmpty)
        for sample in InspectFormulaTests.samples {
            let path = GoldenTests.samplePath(sample)
            var unsupported: [String] = []
            let raw = InspectFormulaTests.stacked(InspectFormulaTests.expanded(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! JSON), unsupported: &unsupported)
            guard unsupported.isEmpty else {
                XCTFail("\(sample): stacks this test cannot lay out by itself: \(unsupported)")
                continue
            }
            let renderer = try Renderer(scene: SceneDecoder.load(file: path), images: PNGDecoder())
            let report = try JSONSerialization.jsonObject(with: Data(Inspection.json(renderer: renderer).utf8)) as! JSON
            let frames = report["frames"] as! [JSON]
            XCTAssertEqual(frames.count, renderer.frameCount, sample)
            let expected = ExpectedGeometry(scene: raw, sceneFolder: URL(fileURLWithPath: path).deletingLastPathComponent())
            for frame in frames {
                let offset = frame["offset"] as! Double
                // The scroll indicator is no article's formula: ScrollIndicatorTests holds it to
                // UIKit's geometry and timing.
                let views = (frame["views"] as! [JSON]).filter { $0["id"] as? String != ScrollIndicator.id }
                let want = expected.views(offset: offset)
                XCTAssertEqual(views.map { $0["id"] as! String }, want.map(\.id), "\(sample) frame \(frame["index"]!)")
                for (got, w) in zip(views, want) {
                    let label = "\(sample) frame \(frame["index"]!) \(w.id)"
                    check(got["frame"], w.frame, label + " frame")
                    check(got["clip"], w.clip, label + " clip")
                    let corner = w.cornerRadius > 0 ? [w.cornerRadius] : nil
                    check(got["cornerRadius"].map { [$0 as? Double ?? -1] }, corner, label + " cornerRadius")
                    let rounded = got["roundedClips"] as? [JSON] ?? []
                    XCTAssertEqual(rounded.count, w.roundedClips.count, label + " roundedClips")
                    for (shape, want) in zip(rounded, w.roundedClips) {
                        check(shape["rect"], Array(want.prefix(4)), label + " rounded clip")
                        check([shape["radius"] as? Double ?? -1], [want[4]], label + " rounded clip radius")
                    }
                    check(got["imageFrame"], w.image, label + " imageFrame")
                    if let blur = w.blur {
                        XCTAssertEqual(got["blur"] as? Double ?? -1, blur, accuracy: tolerance, label)
                    } else {
                        XCTAssertNil(got["blur"], label)
                    }
                }
            }
        }
    }

    func check(_ got: Any?, _ want: [Double]?, _ label: String) {
        guard let want else {
            XCTAssertTrue(got == nil || got is NSNull, "\(label): expected none, got \(String(describing: got))")
            return
        }
        guard let values = got as? [Double], values.count == want.count else { return XCTFail("\(label): missing") }
        for (a, b) in zip(values, want) { XCTAssertEqual(a, b, accuracy: tolerance, "\(label): \(values) vs \(want)") }
    }
}

/// The geometry each view should have, straight from the formulas in shared/design.md.
struct ExpectedGeometry {
    struct View {
        var id: String; var frame: [Double]; var clip: [Double]?; var image: [Double]? = nil; var blur: Double? = nil
        /// The drawn radius (at most half the shorter side), and each rounded clip as [x, y, w, h, radius].
        var cornerRadius = 0.0; var roundedClips: [[Double]] = []
    }
    typealias JSON = [String: Any]

    let scene: JSON
    let imageSizes: [String: (Double, Double)]
    let viewport: Double, topInset: Double, bottomInset: Double

    init(scene: JSON, sceneFolder: URL) {
        self.scene = scene
        var sizes: [String: (Double, Double)] = [:]
        for (name, value) in scene["assets"] as? JSON ?? [:] {
            let entry = value as? JSON
            let path = (value as? String) ?? (entry?["path"] as! String)
            let scale = entry?["scale"] as? Double ?? 1
            // PNG: width and height are big-endian UInt32 at bytes 16 and 20 (the IHDR chunk).
            let bytes = [UInt8](try! Data(contentsOf: sceneFolder.appendingPathComponent(path)).prefix(24))
            let be = { (i: Int) in Double(Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])) }
            sizes[name] = (be(16) / scale, be(20) / scale)
        }
        imageSizes = sizes
        viewport = (scene["canvas"] as! JSON)["height"] as! Double
        let insets = (scene["scroll"] as! JSON)["insets"] as? JSON ?? [:]
        topInset = insets["top"] as? Double ?? 0
        bottomInset = insets["bottom"] as? Double ?? 0
    }

    func views(offset o: Double) -> [View] {
        (scene["views"] as! [JSON]).flatMap { v -> [View] in
            var f = v["frame"] as! [Double]
            for effect in v["effects"] as? [JSON] ?? [] {
                if let stretchy = effect["stretchy"] as? JSON {
                    let pinned = stretchy["pinned"] as? Bool ?? false
                    if o < 0 || pinned { f = [f[0], f[1] + o, f[2], max(0, f[3] - o)] }   // E1 / E1b
                }
            }
            if !(v["fixed"] as? Bool ?? false) { f[1] -= o }
            return resolve(v, f, nil, [], o)
        }
    }

    func drawnRadius(_ r: Double, _ f: [Double]) -> Double { max(0, min(r, f[2] / 2, f[3] / 2)) }

    func intersect(_ a: [Double], _ b: [Double]) -> [Double] {
        let x0 = max(a[0], b[0]), y0 = max(a[1], b[1])
        return [x0, y0, max(0, min(a[0] + a[2], b[0] + b[2]) - x0), max(0, min(a[1] + a[3], b[1] + b[3]) - y0)]
    }

    func resolve(_ v: JSON, _ f: [Double], _ clip: [Double]?, _ rounded: [[Double]], _ o: Double) -> [View] {
        let clips = v["clipsToBounds"] as? Bool ?? false
        let own = clips ? (clip.map { intersect($0, f) } ?? f) : clip
        let radius = drawnRadius(v["cornerRadius"] as? Double ?? 0, f)
        let ownRounded = clips && radius > 0 ? rounded + [f + [radius]] : rounded
        let effects = v["effects"] as? [JSON] ?? []
        var image: [Double]?
        if let name = v["image"] as? String, let (iw, ih) = imageSizes[name] {
            if let p = effects.compactMap({ $0["parallax"] as? JSON }).first {
                // E2: ratio = (containerMaxY − topInset) / (V + C − topInset − bottomInset).
                let T = p["travel"] as? Double ?? 20, C = f[3]
                let ratio = (f[1] + C - topInset) / (viewport + C - topInset - bottomInset)
                let h = C + T, w = h * iw / ih
                image = [f[0] + (f[2] - w) / 2, f[1] - T * min(1, max(0, ratio)), w, h]
            } else {
                image = contentRect(v["contentMode"] as? String ?? "scaleToFill", f, iw, ih)
            }
        }
        var blur: Double?
        if let b = effects.compactMap({ $0["blurByPull"] as? JSON }).first {
            blur = o < 0 ? min(1, max(0, -o / (b["fullAt"] as? Double ?? 100))) : 0   // E4
        }
        var out = [View(id: v["id"] as! String, frame: f, clip: own, image: image, blur: blur, cornerRadius: radius,
                        roundedClips: ownRounded)]
        let children = v["children"] as? [JSON] ?? []
        for c in children {
            let cf = c["frame"] as! [Double]
            out += resolve(c, [f[0] + cf[0], f[1] + cf[1], cf[2], cf[3]], own, ownRounded, o)
        }
        if let reveal = effects.compactMap({ $0["textReveal"] as? JSON }).first {
            // E3: rows of h = Hc / N; band top clamped to [0, Hc − h], mapped from the offset.
            let labels = children.filter { $0["text"] != nil }
            let h = f[3] / Double(labels.count), travel = f[3] - h
            let from = reveal["from"] as? Double ?? 0, to = reveal["to"] as? Double ?? travel
            let top = min(max((o - from) / (to - from) * travel, 0), travel)
            let band = [f[0], f[1] + top, f[2], h]
            let bandClip = own.map { intersect($0, band) } ?? band
            out.append(View(id: (v["id"] as! String) + ".band", frame: band, clip: bandClip, roundedClips: ownRounded))
            for l in labels {
                let lf = l["frame"] as! [Double]
                out.append(View(id: (l["id"] as! String) + ".reveal", frame: [f[0] + lf[0], f[1] + lf[1], lf[2], lf[3]],
                                clip: bandClip, roundedClips: ownRounded))
            }
        }
        return out
    }

    func contentRect(_ mode: String, _ b: [Double], _ iw: Double, _ ih: Double) -> [Double] {
        switch mode {
        case "scaleAspectFill", "scaleAspectFit":
            let s = mode == "scaleAspectFill" ? max(b[2] / iw, b[3] / ih) : min(b[2] / iw, b[3] / ih)
            return [b[0] + (b[2] - iw * s) / 2, b[1] + (b[3] - ih * s) / 2, iw * s, ih * s]
        case "center": return [b[0] + (b[2] - iw) / 2, b[1] + (b[3] - ih) / 2, iw, ih]
        case "top": return [b[0] + (b[2] - iw) / 2, b[1], iw, ih]
        case "bottom": return [b[0] + (b[2] - iw) / 2, b[1] + b[3] - ih, iw, ih]
        default: return b
        }
    }
}
