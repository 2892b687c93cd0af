/// Decoding of a view's `bindings` array.
extension SceneDecoder {
    static func decodeBindings(_ node: JSONNode) throws -> [Binding] {
        try node.array().map { item in
            let o = try item.object(allowed: ["property", "driver", "keyframes", "curve", "clamp"])
            let property = try o.required("property").choice(Binding.Property.allCases.map { ($0.rawValue, $0) })
            let keyframesNode = try o.required("keyframes")
            let pairs = try keyframesNode.array()
            guard !pairs.isEmpty else { throw keyframesNode.fail("expected at least one [input, output] pair") }
            var keyframes: [(input: Double, output: Double)] = []
            for pair in pairs {
                guard case .array(let values) = pair.value, values.count == 2 else { throw pair.fail("expected [input, output]") }
                let numbers = try pair.array()
                let input = try numbers[0].number(in: -1_000_000...1_000_000)
                if let last = keyframes.last, input <= last.input {
                    throw numbers[0].fail("keyframe inputs must increase: \(format(input)) follows \(format(last.input))")
                }
                keyframes.append((input, try numbers[1].number(in: Binding.outputRange)))
            }
            return Binding(property: property, driver: try decodeDriver(o.required("driver")), keyframes: keyframes,
                           curve: try o["curve"].map(decodeCurve), clamp: try o["clamp"]?.bool() ?? true)
        }
    }

    private static func decodeDriver(_ node: JSONNode) throws -> Driver {
        let expected = "expected \"offset\", \"offsetToEnd\", a view's progress such as {\"view\": \"card\"} or a header's collapse such as {\"collapse\": \"header\"}"
        switch node.value {
        case .string("offset"): return .offset
        case .string("offsetToEnd"): return .offsetToEnd
        case .string(let s):
            let hint = closest(to: s, in: ["offset", "offsetToEnd"]).map { "did you mean \"\($0)\"?" } ?? expected
            throw node.fail("unknown value \"\(s)\"; \(hint)")
        case .object: break
        default: throw node.fail("\(expected), found \(node.value.typeName)")
        }
        if case .object(let members) = node.value, members.contains(where: { $0.key == "collapse" }) {
            let o = try node.object(allowed: ["collapse"])
            return .collapse(view: try o.required("collapse").string())
        }
        let o = try node.object(allowed: ["view", "range", "insets"])
        var progress = ViewProgress(view: try o.required("view").string())
        progress.range = try o["range"]?.choice(ViewProgress.Range.allCases.map { ($0.rawValue, $0) }) ?? .cover
        if let insetsNode = o["insets"] {
            let values = try insetsNode.array()
            guard values.count == 2 else { throw insetsNode.fail("expected [top, bottom]") }
            progress.insets = Insets(top: try values[0].number(in: -100_000...100_000),
                                     bottom: try values[1].number(in: -100_000...100_000))
        }
        return .viewProgress(progress)
    }

    /// Every view-progress driver must name a view of the scene, and every collapse driver a
    /// top-level view with the collapsing effect (`collapsing`).
    static func checkDrivers(_ views: [View], ids: Set<String>, collapsing: Set<String>, file: String) throws {
        for view in views {
            for (i, binding) in view.bindings.enumerated() {
                if case .viewProgress(let p) = binding.driver, !ids.contains(p.view) {
                    let hint = closest(to: p.view, in: ids.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw SceneError.invalid(file: file, path: "\(view.jsonPath).bindings[\(i)].driver.view",
                                             message: "no view has the id \"\(p.view)\"\(hint)")
                }
                if case .collapse(let id) = binding.driver, !collapsing.contains(id) {
                    let hint = closest(to: id, in: collapsing.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw SceneError.invalid(file: file, path: "\(view.jsonPath).bindings[\(i)].driver.collapse",
                                             message: "no collapsing header has the id \"\(id)\"\(hint)")
                }
            }
            try checkDrivers(view.children, ids: ids, collapsing: collapsing, file: file)
        }
    }
}
