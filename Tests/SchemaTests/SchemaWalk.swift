import TestSupport

/// Every object in a schema document with its JSON pointer (without the leading "#/"), skipping
/// the values of `default`, `enum`, `const` and `examples`, which are data rather than schema.
enum SchemaWalk {
    static let dataKeywords: Set = ["default", "enum", "const", "examples"]

    static func objects(in value: JSONInstance, at pointer: String = "") -> [(pointer: String, value: JSONInstance)] {
        func join(_ token: String) -> String { pointer.isEmpty ? token : "\(pointer)/\(token)" }
        switch value {
        case .object(let members):
            return [(pointer, value)] + members.keys.sorted().filter { !dataKeywords.contains($0) }
                .flatMap { objects(in: members[$0]!, at: join($0)) }
        case .array(let items):
            return items.enumerated().flatMap { objects(in: $1, at: join(String($0))) }
        default:
            return []
        }
    }
}
