/// What the names in a constraint can stand for, where the constraint is written: views by id,
/// the scroll's guides, `superview` in a view's own list, and metrics.
struct ConstraintNames {
    /// A view or a guide: something with edges.
    enum Item: Equatable {
        case view(String)
        case guide(Guide)
    }

    /// The view whose `constraints` these are; nil at the root.
    let owner: String?
    /// Every view id, and each view's parent (nil at the top level).
    let parents: [String: String?]
    /// Top-level views that stay on screen.
    let fixed: Set<String>
    let metrics: [String: Double]

    /// `name` as an item: a guide, `superview`, a view id, or, in a view's own list, an id
    /// as written inside the template the view comes from (`avatar` for `card0.avatar`).
    func item(_ name: String) throws -> Item {
        if let guide = Guide(rawValue: name) { return .guide(guide) }
        if name == "superview" {
            guard let owner else { throw ConstraintError("\"superview\" names the view whose constraints these are; the scene's own have none") }
            return .view(owner)
        }
        if parents[name] != nil { return .view(name) }
        if let owner, parents[owner + "." + name] != nil { return .view(owner + "." + name) }
        let hint = closest(to: name, in: Array(parents.keys).sorted() + Guide.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
        throw ConstraintError("unknown view \"\(name)\"\(hint)")
    }

    /// The item VFL's `|` stands for beside `view`: its parent; the content for a top-level view
    /// that scrolls, the screen for a fixed one.
    func superview(of view: String) -> Item {
        if let parent = parents[view] ?? nil { return .view(parent) }
        return fixed.contains(view) ? .guide(.screen) : .guide(.content)
    }

    func metric(_ name: String) throws -> Double {
        if let value = metrics[name] { return value }
        let hint = closest(to: name, in: Array(metrics.keys).sorted() + ["offset"]).map { "; did you mean \"\($0)\"?" } ?? ""
        throw ConstraintError("unknown metric \"\(name)\"\(hint)")
    }

    static func anchor(_ item: Item, _ attribute: Attribute) -> Anchor {
        switch item {
        case .view(let id): return .view(id, attribute)
        case .guide(let guide): return .guide(guide, attribute)
        }
    }
}

/// Why a constraint's text cannot be read; the decoder adds the file and the JSON path.
struct ConstraintError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
