/// A JSON value together with where it sits in the scene file, so every accessor can throw a
/// `SceneError` that names the file and the JSON path.
package struct JSONNode {
    package let value: JSONValue
    package let path: String
    package let file: String

    package func fail(_ message: String) -> SceneError { .invalid(file: file, path: path, message: message) }

    package func child(_ key: String, _ value: JSONValue) -> JSONNode {
        JSONNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    // MARK: Objects

    /// The members of an object, after checking that no key outside `allowed` is present.
    package func object(allowed: [String]) throws -> JSONObject {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.typeName)") }
        for (key, _) in members where !allowed.contains(key) {
            let hint = closest(to: key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
            throw child(key, .null).fail("unknown key\(hint)")
        }
        return JSONObject(node: self, members: members)
    }

    /// The members of an object whose keys are free-form names (such as asset names).
    package func members() throws -> JSONObject {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.typeName)") }
        return JSONObject(node: self, members: members)
    }

    // MARK: Scalars

    package func number() throws -> Double {
        guard case .number(let v) = value else { throw fail("expected a number, found \(value.typeName)") }
        return v
    }

    package func number(in range: ClosedRange<Double>) throws -> Double {
        let v = try number()
        guard range.contains(v) else { throw fail("\(format(v)) is out of range \(format(range.lowerBound))…\(format(range.upperBound))") }
        return v
    }

    package func integer(in range: ClosedRange<Int>) throws -> Int {
        let v = try number()
        guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            throw fail("expected a whole number in \(range.lowerBound)…\(range.upperBound), found \(format(v))")
        }
        return Int(v)
    }

    package func bool() throws -> Bool {
        guard case .bool(let v) = value else { throw fail("expected true or false, found \(value.typeName)") }
        return v
    }

    package func string() throws -> String {
        guard case .string(let v) = value else { throw fail("expected a string, found \(value.typeName)") }
        return v
    }

    package func array() throws -> [JSONNode] {
        guard case .array(let items) = value else { throw fail("expected an array, found \(value.typeName)") }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// One of a fixed set of strings.
    package func choice<T>(_ options: [(String, T)]) throws -> T {
        let names = options.map { $0.0 }
        guard case .string(let s) = value else {
            throw fail("expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \(value.typeName)")
        }
        if let match = options.first(where: { $0.0 == s }) { return match.1 }
        let hint = closest(to: s, in: names).map { "; did you mean \"\($0)\"?" }
            ?? "; expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
        throw fail("unknown value \"\(s)\"\(hint)")
    }
}

/// An object's members, looked up by key, each as a `JSONNode`.
package struct JSONObject {
    package let node: JSONNode
    package let members: [(key: String, value: JSONValue)]

    package subscript(_ key: String) -> JSONNode? {
        members.first { $0.key == key }.map { node.child($0.key, $0.value) }
    }

    package func required(_ key: String) throws -> JSONNode {
        guard let n = self[key] else { throw node.fail("missing required key \"\(key)\"") }
        return n
    }
}

/// Formats a number without a trailing ".0" for whole values.
func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

/// The candidate nearest to `word` by edit distance, if it is close enough to be a likely typo;
/// else one that begins the word or that the word begins ("backgroundColor" and "background",
/// "scrol" and "scrollTo"), when the shorter of the two has at least five letters.
public func closest(to word: String, in candidates: [String]) -> String? {
    let w = word.lowercased()
    let scored = candidates.map { ($0, editDistance(w, $0.lowercased())) }
    if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) { return best.0 }
    return candidates.first { candidate in
        let c = candidate.lowercased()
        return min(c.count, w.count) >= 5 && (c.hasPrefix(w) || w.hasPrefix(c))
    }
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
