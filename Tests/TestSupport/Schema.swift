import Foundation

/// A schema that uses a keyword `SchemaValidator` does not check, or uses one wrongly.
/// `location` is a JSON pointer into the schema, such as `#/$defs/view/properties/frame`.
public struct SchemaCompileError: Error, CustomStringConvertible {
    public let location: String
    public let message: String
    public var description: String { "\(location): \(message)" }
}

/// One schema object compiled from its JSON (draft 2020-12), holding exactly the keywords that
/// `SchemaValidator` checks. Compiling refuses every other keyword, so a schema can never lean on a
/// keyword that would be silently ignored.
final class Schema {
    enum Additional { case allowed, forbidden, schema(Schema) }

    static let draft = "https://json-schema.org/draft/2020-12/schema"
    static let typeNames: Set = ["null", "boolean", "number", "integer", "string", "array", "object"]
    /// Keywords that only describe: editors show them, validation ignores them.
    static let annotations: Set = ["title", "description", "default", "examples"]
    /// Allowed on the root only: a nested `$id` would move the base that `$ref` resolves against.
    static let rootKeywords: Set = ["$schema", "$id", "$defs"]
    static let assertions: Set = [
        "$ref", "type", "const", "enum", "minimum", "maximum", "exclusiveMinimum", "minLength", "pattern",
        "required", "dependentRequired", "properties", "additionalProperties",
        "prefixItems", "items", "minItems", "maxItems", "oneOf", "anyOf",
    ]

    let title: String?
    /// A name in the root's `$defs`: the only kind of reference supported.
    let ref: String?
    let types: [String]?
    let constValue: JSONInstance?
    let enumValues: [JSONInstance]?
    let minimum: Double?, maximum: Double?, exclusiveMinimum: Double?
    let minLength: Int?
    let pattern: (source: String, regex: NSRegularExpression)?
    let required: [String]
    let dependentRequired: [String: [String]]
    let properties: [String: Schema]
    let additionalProperties: Additional
    let prefixItems: [Schema]
    let items: Schema?
    let minItems: Int?, maxItems: Int?
    let oneOf: [Schema]?, anyOf: [Schema]?

    /// `definitions` are the names in the root's `$defs`, so that every `$ref` is checked here.
    init(json: JSONInstance, at location: String, definitions: Set<String>, isRoot: Bool = false) throws {
        guard case .object(let members) = json else {
            throw SchemaCompileError(location: location, message: "expected a schema object, found \(json.typeName)")
        }
        for key in members.keys.sorted() where !Schema.assertions.contains(key) && !Schema.annotations.contains(key) {
            guard isRoot && Schema.rootKeywords.contains(key) else {
                throw SchemaCompileError(location: location, message: "unsupported keyword \"\(key)\"")
            }
        }
        let k = KeywordReader(members: members, location: location)
        if let draft = try k.string("$schema"), draft != Schema.draft {
            throw k.fail("$schema", "only \(Schema.draft) is supported")
        }
        func sub(_ value: JSONInstance, _ suffix: String) throws -> Schema {
            try Schema(json: value, at: "\(location)/\(suffix)", definitions: definitions)
        }

        title = try k.string("title")
        if let target = try k.string("$ref") {
            let name = target.hasPrefix("#/$defs/") ? String(target.dropFirst(8)) : ""
            guard definitions.contains(name) else {
                throw k.fail("$ref", "expected \"#/$defs/<name>\" of an existing definition")
            }
            ref = name
        } else {
            ref = nil
        }
        if case .string(let one)? = members["type"] { types = [one] } else { types = try k.strings("type") }
        if let unknown = types?.first(where: { !Schema.typeNames.contains($0) }) {
            throw k.fail("type", "unknown type \"\(unknown)\"")
        }
        constValue = members["const"]
        enumValues = try k.array("enum")
        minimum = try k.number("minimum")
        maximum = try k.number("maximum")
        exclusiveMinimum = try k.number("exclusiveMinimum")
        minLength = try k.count("minLength")
        // NSRegularExpression speaks ICU's dialect; JSON Schema names ECMA-262's. The two agree on
        // character classes, \u escapes, alternation and anchors, which is what scene schemas use.
        if let source = try k.string("pattern") {
            do { pattern = (source, try NSRegularExpression(pattern: source)) } catch {
                throw k.fail("pattern", "invalid regular expression")
            }
        } else {
            pattern = nil
        }
        required = try k.strings("required") ?? []
        dependentRequired = try (k.object("dependentRequired") ?? [:]).mapValues { try k.strings($0, of: "dependentRequired") }
        properties = try (k.object("properties") ?? [:]).reduce(into: [:]) { compiled, member in
            compiled[member.key] = try sub(member.value, "properties/\(member.key)")
        }
        switch members["additionalProperties"] {
        case nil: additionalProperties = .allowed
        case .bool(false)?: additionalProperties = .forbidden
        case .object(let s)?: additionalProperties = .schema(try sub(.object(s), "additionalProperties"))
        default: throw k.fail("additionalProperties", "expected false or a schema object")
        }
        prefixItems = try (k.array("prefixItems") ?? []).enumerated().map { try sub($1, "prefixItems/\($0)") }
        items = try members["items"].map { try sub($0, "items") }
        minItems = try k.count("minItems")
        maxItems = try k.count("maxItems")
        oneOf = try k.array("oneOf", nonEmpty: true)?.enumerated().map { try sub($1, "oneOf/\($0)") }
        anyOf = try k.array("anyOf", nonEmpty: true)?.enumerated().map { try sub($1, "anyOf/\($0)") }
    }
}

/// Reads one schema object's keyword values, failing with the keyword's location when a value
/// has the wrong shape.
private struct KeywordReader {
    let members: [String: JSONInstance]
    let location: String

    func fail(_ keyword: String, _ message: String) -> SchemaCompileError {
        SchemaCompileError(location: "\(location)/\(keyword)", message: message)
    }

    func string(_ keyword: String) throws -> String? {
        guard let value = members[keyword] else { return nil }
        guard case .string(let s) = value else { throw fail(keyword, "expected a string") }
        return s
    }

    func number(_ keyword: String) throws -> Double? {
        guard let value = members[keyword] else { return nil }
        guard case .number(let v) = value else { throw fail(keyword, "expected a number") }
        return v
    }

    /// A non-negative whole number, as the counting keywords (minItems, minLength, …) take.
    func count(_ keyword: String) throws -> Int? {
        guard let value = members[keyword] else { return nil }
        guard value.isWholeNumber, case .number(let v) = value, v >= 0 else {
            throw fail(keyword, "expected a non-negative integer")
        }
        return Int(v)
    }

    func array(_ keyword: String, nonEmpty: Bool = false) throws -> [JSONInstance]? {
        guard let value = members[keyword] else { return nil }
        guard case .array(let items) = value, !(nonEmpty && items.isEmpty) else {
            throw fail(keyword, nonEmpty ? "expected a non-empty array" : "expected an array")
        }
        return items
    }

    func object(_ keyword: String) throws -> [String: JSONInstance]? {
        guard let value = members[keyword] else { return nil }
        guard case .object(let o) = value else { throw fail(keyword, "expected an object") }
        return o
    }

    func strings(_ keyword: String) throws -> [String]? {
        try members[keyword].map { try strings($0, of: keyword) }
    }

    /// An array of strings found at `keyword` or inside it (dependentRequired's lists).
    func strings(_ value: JSONInstance, of keyword: String) throws -> [String] {
        guard case .array(let items) = value else { throw fail(keyword, "expected an array of strings") }
        return try items.map { item in
            guard case .string(let s) = item else { throw fail(keyword, "expected an array of strings") }
            return s
        }
    }
}
