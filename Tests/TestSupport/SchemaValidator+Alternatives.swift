/// `oneOf` and `anyOf`.
extension SchemaValidator {
    /// When no alternative matches, the violations of all of them together would bury the mistake
    /// under complaints from alternatives that were never meant. The one meant is, first, the only
    /// alternative that accepted the value itself (its violations all lie deeper inside, as for a
    /// script step of the right kind with a wrong duration), else the only one for the value's JSON
    /// type (a misspelt curve name is meant for the names, not for the arrays); its violations are
    /// reported. With no such alternative the value is reported as matching none.
    func checkAlternatives(_ value: JSONInstance, _ branches: [Schema], exactlyOne: Bool,
                           at path: String) -> [SchemaViolation] {
        let results = branches.map { check(value, $0, at: path) }
        let matching = results.filter(\.isEmpty).count
        if matching == 1 || (matching > 1 && !exactlyOne) { return [] }
        let names = branches.enumerated().map { i, branch in
            branch.title ?? branch.ref.flatMap { definitions[$0]?.title } ?? "alternative \(i + 1)"
        }.joined(separator: ", ")
        if matching > 1 { return [SchemaViolation(path: path, message: "matches more than one of: \(names)")] }
        let acceptedItself = results.filter { $0.allSatisfy { $0.path != path } }
        if acceptedItself.count == 1 { return acceptedItself[0] }
        let forItsType = branches.indices.filter { admitsType(of: value, branches[$0]) }
        if forItsType.count == 1 { return results[forItsType[0]] }
        return [SchemaViolation(path: path, message: "expected one of: \(names)")]
    }

    /// Whether the schema's `type` (and its reference's) lets the value's JSON type through.
    func admitsType(of value: JSONInstance, _ schema: Schema) -> Bool {
        if let ref = schema.ref, !admitsType(of: value, definitions[ref]!) { return false }
        return schema.types?.contains { value.has(type: $0) } ?? true
    }
}
