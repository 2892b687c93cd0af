import Foundation

/// The keywords that apply to one JSON type each: they pass over values of other types.
extension SchemaValidator {
    func checkNumber(_ v: Double, _ schema: Schema, at path: String) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        let shown = JSONInstance.number(v).description
        if let m = schema.minimum, v < m {
            found.append(SchemaViolation(path: path, message: "\(shown) is less than the minimum \(JSONInstance.number(m))"))
        }
        if let m = schema.maximum, v > m {
            found.append(SchemaViolation(path: path, message: "\(shown) is greater than the maximum \(JSONInstance.number(m))"))
        }
        if let m = schema.exclusiveMinimum, v <= m {
            found.append(SchemaViolation(path: path, message: "\(shown) is not greater than \(JSONInstance.number(m))"))
        }
        return found
    }

    func checkString(_ s: String, _ schema: Schema, at path: String) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        // JSON Schema counts characters as Unicode code points.
        if let n = schema.minLength, s.unicodeScalars.count < n {
            let message = "expected at least \(counted(n, "character")), found \(s.unicodeScalars.count)"
            found.append(SchemaViolation(path: path, message: message))
        }
        // A pattern matches anywhere in the string unless it anchors itself.
        if let p = schema.pattern, p.regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil {
            found.append(SchemaViolation(path: path, message: "\(JSONInstance.string(s)) does not match \(p.source)"))
        }
        return found
    }

    /// Unknown keys first, then missing keys, then each member in sorted key order. Unknown keys
    /// are reported at the object's own path, as the key names no value that the schema knows.
    func checkObject(_ members: [String: JSONInstance], _ schema: Schema, at path: String) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        let keys = members.keys.sorted()
        if case .forbidden = schema.additionalProperties {
            for key in keys where schema.properties[key] == nil {
                found.append(SchemaViolation(path: path, message: "unknown key \(JSONInstance.string(key))"))
            }
        }
        for key in schema.required where members[key] == nil {
            found.append(SchemaViolation(path: path, message: "missing required key \(JSONInstance.string(key))"))
        }
        for (key, needed) in schema.dependentRequired.sorted(by: { $0.key < $1.key }) where members[key] != nil {
            for other in needed where members[other] == nil {
                found.append(SchemaViolation(path: path,
                                             message: "\(JSONInstance.string(key)) needs \(JSONInstance.string(other))"))
            }
        }
        for key in keys {
            let memberPath = SchemaValidator.member(key, of: path)
            if let sub = schema.properties[key] {
                found += check(members[key]!, sub, at: memberPath)
            } else if case .schema(let sub) = schema.additionalProperties {
                found += check(members[key]!, sub, at: memberPath)
            }
        }
        return found
    }

    /// The count first, so that a frame of 3 numbers is reported as such before its items.
    func checkArray(_ items: [JSONInstance], _ schema: Schema, at path: String) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        if let n = schema.minItems, items.count < n {
            found.append(SchemaViolation(path: path, message: "expected at least \(counted(n, "item")), found \(items.count)"))
        }
        if let n = schema.maxItems, items.count > n {
            found.append(SchemaViolation(path: path, message: "expected at most \(counted(n, "item")), found \(items.count)"))
        }
        for (i, item) in items.enumerated() {
            // prefixItems names the first positions; items covers the ones after them.
            let sub = i < schema.prefixItems.count ? schema.prefixItems[i] : schema.items
            if let sub { found += check(item, sub, at: "\(path)[\(i)]") }
        }
        return found
    }

    func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
