import Foundation

/// A value that breaks the schema. `path` is written as the scene decoder writes it
/// (`views[2].frame`, empty for the top level), so the two can be compared.
public struct SchemaViolation: Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) { self.path = path; self.message = message }

    public var description: String { "\(path.isEmpty ? "(top level)" : path): \(message)" }
}

/// Validates JSON against a JSON Schema (draft 2020-12) that keeps to the keywords `Schema`
/// compiles; a schema using any other keyword is refused when the validator is made.
///
/// Violations come in a fixed order (the `$ref`'s first, then type, value, unknown keys, required
/// keys, then members by sorted key or items by index), so tests can name the first one.
public struct SchemaValidator {
    let root: Schema
    let definitions: [String: Schema]

    public init(schema: JSONInstance) throws {
        guard case .object(let members) = schema else {
            throw SchemaCompileError(location: "#", message: "expected a schema object, found \(schema.typeName)")
        }
        var raw: [String: JSONInstance] = [:]
        if let defs = members["$defs"] {
            guard case .object(let o) = defs else { throw SchemaCompileError(location: "#/$defs", message: "expected an object") }
            raw = o
        }
        let names = Set(raw.keys)
        definitions = try raw.reduce(into: [:]) { compiled, def in
            compiled[def.key] = try Schema(json: def.value, at: "#/$defs/\(def.key)", definitions: names)
        }
        root = try Schema(json: schema, at: "#", definitions: names, isRoot: true)
    }

    public init(file: String) throws { try self.init(schema: JSONInstance(file: file)) }

    /// Every violation found; empty when `instance` is valid.
    public func validate(_ instance: JSONInstance) -> [SchemaViolation] { check(instance, root, at: "") }

    func check(_ value: JSONInstance, _ schema: Schema, at path: String) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        if let ref = schema.ref { found += check(value, definitions[ref]!, at: path) }
        if let types = schema.types, !types.contains(where: { value.has(type: $0) }) {
            // Nothing else said about a value of the wrong type would help.
            let wanted = types.map(SchemaValidator.typePhrase).joined(separator: " or ")
            let actual = value.has(type: "number") ? value.description : SchemaValidator.typePhrase(value.typeName)
            return found + [SchemaViolation(path: path, message: "expected \(wanted), found \(actual)")]
        }
        if let expected = schema.constValue, value != expected {
            found.append(SchemaViolation(path: path, message: "expected \(expected), found \(value)"))
        }
        if let options = schema.enumValues, !options.contains(value) {
            let list = options.map(\.description).joined(separator: ", ")
            found.append(SchemaViolation(path: path, message: "expected one of \(list), found \(value)"))
        }
        switch value {
        case .number(let v): found += checkNumber(v, schema, at: path)
        case .string(let s): found += checkString(s, schema, at: path)
        case .object(let members): found += checkObject(members, schema, at: path)
        case .array(let items): found += checkArray(items, schema, at: path)
        case .null, .bool: break
        }
        if let branches = schema.oneOf { found += checkAlternatives(value, branches, exactlyOne: true, at: path) }
        if let branches = schema.anyOf { found += checkAlternatives(value, branches, exactlyOne: false, at: path) }
        return found
    }

    static func typePhrase(_ type: String) -> String {
        switch type {
        case "integer": return "a whole number"
        case "array", "object": return "an \(type)"
        case "null": return "null"
        default: return "a \(type)"
        }
    }

    static func member(_ key: String, of path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}

extension JSONInstance {
    /// Whether the value is of a JSON Schema type; "integer" is a whole number, and every
    /// integer is also a "number".
    func has(type: String) -> Bool {
        type == "integer" ? isWholeNumber : type == typeName
    }
}
