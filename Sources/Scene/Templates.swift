/// Reusable view trees: `"templates": {"card": {…}}` declares one, and a view written as
/// `{"use": "card", "id": "ada", "with": {"title": "Ada"}}` stands for a copy of it. The copy is
/// made on the JSON, before the view is decoded, so an instance is exactly the view tree a user
/// could have written by hand.
///
/// - Parameters: a string that is exactly `$name` anywhere in a template stands for the value the
///   use site gives `name` in `with`, of any JSON type (`"frame": [16, "$y", 358, 160]`). `$$`
///   at the start of a string in a template writes one `$`; the values a use site gives are
///   inserted as they are. A parameter without a value, and a value for no parameter, are errors.
/// - `"repeat": [{…}, {…}]` makes one instance per item, each item adding to `with`; the ids are
///   the use site's `id` followed by the item's index (`card0`, `card1`, …).
/// - Ids: the instance's root takes the use site's id, and every view inside it gets that id and a
///   dot before its own (`ada.avatar`), so instances never collide. A binding inside the template
///   whose driver names a view of the template (or of a template it uses, `badge.dot`) names
///   that view's new id.
/// - A use site may also give `frame`, which replaces the template root's.
/// - Errors inside an instance name the use site and the path inside the template:
///   `views[1].children[3] → templates.card.children[0].image: unknown asset "pic"`.
struct Templates {
    static let useKeys = ["use", "id", "with", "repeat", "frame"]

    private struct Template {
        let body: JSONValue
        /// The names of the `$name` strings in the body.
        let parameters: Set<String>
    }

    private let templates: [String: Template]

    /// An empty set, for scenes without templates.
    init() { templates = [:] }

    /// Reads the root's `"templates"` object.
    init(_ node: JSONNode) throws {
        let o = try node.members()
        var templates: [String: Template] = [:]
        for (name, _) in o.members {
            let entry = o[name]!
            guard name.first.map({ $0.isLetter || $0 == "_" }) ?? false,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw entry.fail("a template name is letters, digits, \"_\" and \"-\", starting with a letter or \"_\"")
            }
            let root = try entry.members()
            if let id = root["id"] { throw id.fail("a template's root takes its id from each use site; remove it here") }
            var parameters = Set<String>()
            try Templates.collectParameters(entry, into: &parameters)
            templates[name] = Template(body: entry.value, parameters: parameters)
        }
        self.templates = templates
    }

    /// Whether a view item is a use site rather than a view.
    static func isUse(_ node: JSONNode) -> Bool {
        guard case .object(let members) = node.value else { return false }
        return members.contains { $0.key == "use" }
    }

    /// The instances a use site stands for, with the chain of templates they come from (a
    /// template may use others, never itself).
    func expand(_ node: JSONNode, chain: [String]) throws -> [(node: JSONNode, chain: [String])] {
        let o = try node.object(allowed: Templates.useKeys)
        let useNode = try o.required("use")
        let name = try useNode.string()
        guard let template = templates[name] else {
            let known = templates.keys.sorted()
            let hint = closest(to: name, in: known).map { "; did you mean \"\($0)\"?" }
                ?? (known.isEmpty ? "; declare it in \"templates\" at the top of the scene" : "")
            throw useNode.fail("unknown template \"\(name)\"\(hint)")
        }
        if chain.contains(name) {
            throw useNode.fail("template \"\(name)\" uses itself (\((chain + [name]).joined(separator: " → ")))")
        }
        let idNode = try o.required("id")
        let id = try idNode.string()
        guard !id.isEmpty else { throw idNode.fail("expected a non-empty id") }
        let shared = try o["with"].map { try parameters($0, of: name, template) } ?? [:]
        guard let repeatNode = o["repeat"] else {
            return [(try instance(template, name, id: id, parameters: shared, frame: o["frame"], at: node.path, file: node.file),
                     chain + [name])]
        }
        let items = try repeatNode.array()
        guard !items.isEmpty else { throw repeatNode.fail("expected at least one item") }
        return try items.enumerated().map { index, item in
            let own = try parameters(item, of: name, template)
            return (try instance(template, name, id: "\(id)\(index)", parameters: shared.merging(own) { $1 },
                                 frame: o["frame"], at: item.path, file: node.file), chain + [name])
        }
    }

    /// The values of a `with` object or a `repeat` item; each must be a parameter of the template.
    private func parameters(_ node: JSONNode, of name: String, _ template: Template) throws -> [String: JSONValue] {
        let o = try node.members()
        var values: [String: JSONValue] = [:]
        for (key, value) in o.members {
            guard template.parameters.contains(key) else {
                let known = template.parameters.sorted()
                let hint = closest(to: key, in: known).map { "; did you mean \"\($0)\"?" }
                    ?? (known.isEmpty ? "; it has none" : "; it has " + known.map { "\"\($0)\"" }.joined(separator: ", "))
                throw node.child(key, value).fail("template \"\(name)\" has no parameter \"\(key)\"\(hint)")
            }
            values[key] = value
        }
        return values
    }

    private func instance(_ template: Template, _ name: String, id: String, parameters: [String: JSONValue],
                          frame: JSONNode?, at path: String, file: String) throws -> JSONNode {
        let root = JSONNode(value: template.body, path: "\(path) → templates.\(name)", file: file)
        var body = try Templates.substitute(root, parameters)
        // After substitution: an id may be a parameter.
        var ids = Set<String>()
        Templates.collectIds(body, into: &ids)
        body = Templates.renamed(body, instance: id, ids: ids, isRoot: true)
        guard case .object(var members) = body else { preconditionFailure("a template body is an object") }
        members.insert((key: "id", value: .string(id)), at: 0)
        if let frame {
            members.removeAll { $0.key == "frame" }
            members.insert((key: "frame", value: frame.value), at: 1)
        }
        return JSONNode(value: .object(members), path: root.path, file: file)
    }

    // MARK: Parameters

    /// `name` for a string that is exactly `$name`; nil for any other string (`$$x` is the text `$x`).
    private static func parameterName(_ text: String) -> String? {
        guard text.hasPrefix("$"), !text.hasPrefix("$$"), text.count > 1 else { return nil }
        let name = text.dropFirst()
        guard name.first.map({ $0.isLetter || $0 == "_" }) ?? false,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        return String(name)
    }

    private static func collectParameters(_ node: JSONNode, into names: inout Set<String>) throws {
        switch node.value {
        case .string(let text):
            if let name = parameterName(text) { names.insert(name) }
        case .array:
            for item in try node.array() { try collectParameters(item, into: &names) }
        case .object(let members):
            for (key, value) in members { try collectParameters(node.child(key, value), into: &names) }
        case .null, .bool, .number:
            break
        }
    }

    private static func substitute(_ node: JSONNode, _ values: [String: JSONValue]) throws -> JSONValue {
        switch node.value {
        case .string(let text):
            if let name = parameterName(text) {
                guard let value = values[name] else {
                    throw node.fail("no value for parameter \"$\(name)\"; give one in the use site's \"with\"")
                }
                return value
            }
            return text.hasPrefix("$$") ? .string(String(text.dropFirst())) : node.value
        case .array:
            return .array(try node.array().map { try substitute($0, values) })
        case .object(let members):
            return .object(try members.map { (key: $0.key, value: try substitute(node.child($0.key, $0.value), values)) })
        case .null, .bool, .number:
            return node.value
        }
    }

    // MARK: Ids

    /// The ids of every view in a template body (its root has none), use sites of other
    /// templates included: their views' ids start with the use site's.
    private static func collectIds(_ value: JSONValue, into ids: inout Set<String>) {
        guard case .object(let members) = value else { return }
        for (key, member) in members {
            switch (key, member) {
            case ("id", .string(let id)): ids.insert(id)
            case ("children", .array(let children)): for child in children { collectIds(child, into: &ids) }
            default: break
            }
        }
    }

    /// The view tree with every id inside it prefixed by `instance.`, and the drivers of its
    /// bindings that name one of those views renamed alike. The root's own id is set by the caller.
    private static func renamed(_ value: JSONValue, instance: String, ids: Set<String>, isRoot: Bool) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.map { key, member in
            switch (key, member) {
            case ("id", .string(let id)) where !isRoot:
                return (key, .string("\(instance).\(id)"))
            case ("children", .array(let children)):
                return (key, .array(children.map { renamed($0, instance: instance, ids: ids, isRoot: false) }))
            case ("bindings", .array(let bindings)):
                return (key, .array(bindings.map { renamedDriver($0, instance: instance, ids: ids) }))
            default:
                return (key, member)
            }
        })
    }

    private static func renamedDriver(_ binding: JSONValue, instance: String, ids: Set<String>) -> JSONValue {
        guard case .object(let members) = binding else { return binding }
        return .object(members.map { key, member in
            guard key == "driver", case .object(let driver) = member else { return (key, member) }
            return (key, .object(driver.map { field, value in
                // A view of the template, or of a template it uses (`badge.dot`).
                guard field == "view", case .string(let id) = value,
                      ids.contains(where: { id == $0 || id.hasPrefix($0 + ".") }) else { return (field, value) }
                return (field, .string("\(instance).\(id)"))
            }))
        })
    }
}
