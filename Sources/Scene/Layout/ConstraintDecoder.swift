extension SceneDecoder {
    /// A `constraints` list waiting for every view id to be known: the view it belongs to (nil
    /// for the scene's own) and its node.
    struct ConstraintList {
        let owner: String?
        let node: JSONNode
    }

    static func decodeMetrics(_ node: JSONNode) throws -> [String: Double] {
        let o = try node.members()
        var metrics: [String: Double] = [:]
        for (name, _) in o.members {
            let entry = o[name]!
            guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw entry.fail("a metric's name is letters, digits and _, starting with a letter")
            }
            guard Guide(rawValue: name) == nil, name != "offset", name != "superview",
                  ConstraintParser.priorities[name] == nil else { throw entry.fail("\"\(name)\" already means something in a constraint") }
            metrics[name] = try entry.number(in: -1_000_000...1_000_000)
        }
        return metrics
    }

    /// Every list's constraints, in order (the scene's own first, then the views' in document
    /// order); each keeps its JSON path and text. A string starting with `H:` or `V:` is Visual
    /// Format Language and may give several constraints; any other is one linear constraint.
    static func decodeConstraints(_ lists: [ConstraintList], views: [View], metrics: [String: Double]) throws -> [LayoutConstraint] {
        var parents: [String: String?] = [:]
        var fixed = Set<String>()
        func visit(_ view: View, parent: String?) {
            parents[view.id] = .some(parent)
            for child in view.children { visit(child, parent: view.id) }
        }
        for view in views {
            visit(view, parent: nil)
            if view.fixed { fixed.insert(view.id) }
        }
        var out: [LayoutConstraint] = []
        for list in lists {
            let names = ConstraintNames(owner: list.owner, parents: parents, fixed: fixed, metrics: metrics)
            for item in try list.node.array() {
                let text = try item.string()
                do {
                    let parsed = text.hasPrefix("H:") || text.hasPrefix("V:") || text.hasPrefix("|") || text.hasPrefix("[")
                        ? try VisualFormat.parse(text, names: names) : [try ConstraintParser.parse(text, names: names)]
                    out += parsed.map { c in
                        var c = c
                        c.jsonPath = item.path
                        c.text = text
                        return c
                    }
                } catch let error as ConstraintError {
                    throw item.fail("\"\(text)\": \(error.message)")
                }
            }
        }
        return out
    }

    /// A view outside a stack without a frame must be placed by a constraint.
    static func checkConstrained(_ views: [View], _ constraints: [LayoutConstraint], file: String) throws {
        var named = Set<String>()
        for c in constraints {
            for term in c.terms { if case .view(let id, _) = term.anchor { named.insert(id) } }
        }
        func visit(_ view: View) throws {
            if view.constrained, !named.contains(view.id) {
                throw SceneError.invalid(file: file, path: view.jsonPath, message: "missing required key \"frame\"")
            }
            for child in view.children { try visit(child) }
        }
        for view in views { try visit(view) }
    }
}
