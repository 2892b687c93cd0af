import Paths
import Scene

/// Reads a suite file. Errors name the file and the JSON path, as scene errors do.
public enum SuiteDecoder {
    /// The folder of references when the suite names none.
    public static let defaultReferences = "goldens"

    public static func load(file: String) throws -> Suite {
        try decode(try JSONFile.read(file, kind: "suite"), file: file)
    }

    public static func decode(_ bytes: [UInt8], file: String) throws -> Suite {
        let root = try JSONFile.root(bytes, file: file).object(allowed: ["$schema", "references", "tests"])
        _ = try root["$schema"]?.string()
        let folder = PathText.folder(of: file)
        let references = try root["references"]?.string() ?? defaultReferences
        let tests = try root.required("tests")
        let entries = try tests.array()
        guard !entries.isEmpty else { throw tests.fail("list at least one scene") }
        var cases: [Suite.Case] = []
        var seen: [String: String] = [:]
        for entry in entries {
            for item in try decodeEntry(entry, folder: folder, references: references) {
                if let first = seen[item.case.name] {
                    throw item.node.fail("the case \(item.case.name) is also made by \(first); give one of them a \"name\"")
                }
                seen[item.case.name] = item.node.path
                cases.append(item.case)
            }
        }
        return Suite(file: file, cases: cases)
    }

    /// The cases of one entry, each with the node that made it, for messages.
    private static func decodeEntry(_ entry: JSONNode, folder: String,
                                    references: String) throws -> [(case: Suite.Case, node: JSONNode)] {
        let o = try entry.object(allowed: ["scene", "name", "scales", "devices", "appearances", "contentSizes", "layoutDirections", "frames",
                                                       "references", "tolerance", "mask"])
        let scene = try o.required("scene").string()
        let name: String
        if let node = o["name"] {
            name = try node.string()
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
                throw node.fail("a name is part of file names: not empty, no \"/\", not starting with \".\"")
            }
        } else {
            name = PathText.stem(of: scene)
        }
        let scales = try axis(o, "scales", "scale", default: [1]) { try $0.integer(in: 1...3) }
        let appearances: [Appearance?] = try axis(o, "appearances", "appearance", default: [.light]) {
            try $0.choice([("light", Appearance.light), ("dark", .dark), ("both", nil)])
        }
        let contentSizes = try axis(o, "contentSizes", "content size category", default: [ContentSizeCategory.large]) {
            try $0.choice(ContentSizeCategory.allCases.map { ($0.rawValue, $0) })
        }
        let directions = try axis(o, "layoutDirections", "layout direction", default: [LayoutDirection.leftToRight]) {
            try $0.choice(LayoutDirection.allCases.map { ($0.rawValue, $0) })
        }
        let devices: [Device?] = try axis(o, "devices", "device", default: [nil]) { try $0.choice(Device.all.map { ($0.name, $0) }) }
        let frames = try o["frames"].map(decodeFrames)
        let mask: [String] = try o["mask"].map { node -> [String] in
            let ids = try node.array().map { try $0.string() }
            guard !ids.isEmpty else { throw node.fail("list at least one view id") }
            return ids
        } ?? []
        let tolerance = try o["tolerance"].map(decodeTolerance) ?? ToleranceKeys()
        let base = resolve(try o["references"]?.string() ?? references, in: folder)
        // Every combination of the axes, scale outermost, in the order the file lists each.
        let variants = scales.flatMap { scale in devices.flatMap { device in appearances.flatMap { appearance in
            contentSizes.flatMap { size in directions.map { (scale, device, appearance, size, $0) } }
        } } }
        var made: [(Suite.Case, JSONNode)] = []
        for (scale, device, appearance, contentSize, direction) in variants {
            var item = Suite.Case(name: Suite.Case.name(base: name, scale: scale, appearance: appearance, contentSize: contentSize,
                                                        layoutDirection: direction, device: device),
                                  base: name, scene: resolve(scene, in: folder), scale: scale,
                                  appearance: appearance, frames: frames, references: base,
                                  threshold: tolerance.threshold, maxDiffPixels: tolerance.pixels,
                                  maxDiffRatio: tolerance.ratio, deltaE: tolerance.deltaE, ssim: tolerance.ssim, mask: mask)
            item.contentSize = contentSize
            item.layoutDirection = direction
            item.device = device
            made.append((item, entry))
        }
        return made
    }

    /// One axis of an entry's variants: the non-empty list under `key`, each item read by `item`,
    /// or `fallback` without the key.
    private static func axis<T>(_ o: JSONObject, _ key: String, _ what: String, default fallback: [T],
                                _ item: (JSONNode) throws -> T) throws -> [T] {
        guard let node = o[key] else { return fallback }
        let list = try node.array()
        guard !list.isEmpty else { throw node.fail("list at least one \(what)") }
        return try list.map(item)
    }

    /// The frames checked: frame numbers and `"A-B"` ranges, such as `[0, 12, "40-60"]`.
    private static func decodeFrames(_ node: JSONNode) throws -> [Int] {
        let items = try node.array()
        guard !items.isEmpty else { throw node.fail("list at least one frame number or \"A-B\" range") }
        var frames = Set<Int>()
        for item in items {
            if case .string(let text) = item.value {
                let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let first = parts[0], let last = parts[1], first >= 0, first <= last, last <= 1_000_000 else {
                    throw item.fail("expected a frame number or \"A-B\" with 0 ≤ A ≤ B, found \"\(text)\"")
                }
                frames.formUnion(first...last)
            } else {
                frames.insert(try item.integer(in: 0...1_000_000))
            }
        }
        return frames.sorted()
    }

    /// An entry's `tolerance` object, as the case's fields hold it.
    private struct ToleranceKeys {
        var threshold: Double?, pixels = 0, ratio = 0.0, deltaE: Double?, ssim = false
    }

    private static func decodeTolerance(_ node: JSONNode) throws -> ToleranceKeys {
        let o = try node.object(allowed: ["threshold", "deltaE", "ssim", "maxDiffPixels", "maxDiffRatio"])
        let tolerance = ToleranceKeys(threshold: try o["threshold"]?.number(in: 0...1),
                                      pixels: try o["maxDiffPixels"]?.integer(in: 0...Int(Int32.max)) ?? 0,
                                      ratio: try o["maxDiffRatio"]?.number(in: 0...1) ?? 0,
                                      deltaE: try o["deltaE"]?.number(in: 0...100), ssim: try o["ssim"]?.bool() ?? false)
        // pixelmatch's threshold and the CIEDE2000 comparison are two ways to judge a pixel, not one.
        if tolerance.threshold != nil, let key = tolerance.deltaE != nil ? "deltaE" : tolerance.ssim ? "ssim" : nil {
            throw o[key]!.fail("\(key) chooses the CIEDE2000 comparison, and threshold pixelmatch's: give one of them")
        }
        return tolerance
    }

    /// A path as written in the suite, relative to its folder unless absolute; relative to the
    /// working folder when the suite's path was.
    private static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : PathText.joining(folder, path)
    }
}
