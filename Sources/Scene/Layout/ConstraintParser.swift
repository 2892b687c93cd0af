/// Reads the linear form of a constraint: `a.attr == k * b.attr + c @priority`, with `==`, `<=`
/// or `>=`, any number of terms on either side, numbers and metrics as constants, `offset` for
/// the scroll offset, and a priority that is a number from 1 to 1000, `required`, `high` (750)
/// or `low` (250). Names may hold `-` (`navbar-title.top`); operators need spaces around them
/// where a name could run into them.
struct ConstraintParser {
    static let priorities: [String: Double] = ["required": 1000, "high": 750, "low": 250]

    private let text: [Character]
    private var i = 0
    private let names: ConstraintNames

    init(_ text: String, names: ConstraintNames) {
        self.text = Array(text); self.names = names
    }

    static func parse(_ text: String, names: ConstraintNames) throws -> LayoutConstraint {
        var parser = ConstraintParser(text, names: names)
        return try parser.constraint()
    }

    private mutating func constraint() throws -> LayoutConstraint {
        let (lhs, lhsConstant) = try expression()
        skipSpaces()
        let relation: LayoutConstraint.Relation
        switch (peek(), peek(1)) {
        case ("=", "="): relation = .equal
        case ("<", "="): relation = .lessOrEqual
        case (">", "="): relation = .greaterOrEqual
        default: throw fail("expected ==, <= or >=")
        }
        i += 2
        let (rhs, rhsConstant) = try expression()
        skipSpaces()
        var priority = 1000.0
        if peek() == "@" {
            i += 1
            do { priority = try ConstraintParser.priority(word()) } catch let error as ConstraintError { throw fail(error.message) }
        }
        skipSpaces()
        guard i == text.count else { throw fail("unexpected \"\(String(text[i...]))\"") }
        return LayoutConstraint(terms: lhs + rhs.map { ($0.anchor, -$0.coefficient) }, constant: lhsConstant - rhsConstant,
                                relation: relation, priority: priority)
    }

    /// A priority word or number.
    static func priority(_ word: String) throws -> Double {
        if let named = priorities[word] { return named }
        guard let value = Double(word), value.isFinite else {
            throw ConstraintError("expected a priority: a number from 1 to 1000, required, high or low")
        }
        guard (1...1000).contains(value) else { throw ConstraintError("priority \(format(value)) is out of range 1…1000") }
        return value
    }

    /// Terms and the constant of one side.
    private mutating func expression() throws -> ([(anchor: Anchor, coefficient: Double)], Double) {
        var terms: [(anchor: Anchor, coefficient: Double)] = [], constant = 0.0
        var sign = 1.0
        skipSpaces()
        if peek() == "-" || peek() == "+" { sign = peek() == "-" ? -1 : 1; i += 1 }
        while true {
            let (anchor, value) = try product()
            if let anchor { terms.append((anchor, sign * value)) } else { constant += sign * value }
            skipSpaces()
            guard peek() == "+" || peek() == "-" else { return (terms, constant) }
            sign = peek() == "-" ? -1 : 1
            i += 1
        }
    }

    /// A number, an anchor, or an anchor multiplied or divided by numbers.
    private mutating func product() throws -> (Anchor?, Double) {
        var (anchor, value) = try factor()
        while true {
            skipSpaces()
            guard peek() == "*" || peek() == "/" else { return (anchor, value) }
            let divide = peek() == "/"
            i += 1
            let (other, number) = try factor()
            if other != nil && (anchor != nil || divide) { throw fail("only numbers can multiply or divide an anchor") }
            if divide {
                guard number != 0 else { throw fail("division by zero") }
                value /= number
            } else {
                value *= number
                anchor = anchor ?? other
            }
        }
    }

    private mutating func factor() throws -> (Anchor?, Double) {
        skipSpaces()
        let start = i
        let token = word()
        guard !token.isEmpty else { throw fail(i < text.count ? "unexpected \"\(text[i])\"" : "expected a number or an anchor") }
        if let value = Double(token), token.first!.isNumber || token.first == "." { return (nil, value) }
        if token == "offset" { return (.offset, 1) }
        guard let dot = token.lastIndex(of: ".") else {
            do { return (nil, try names.metric(token)) } catch let error as ConstraintError { i = start; throw fail(error.message) }
        }
        let name = String(token[..<dot]), attributeName = String(token[token.index(after: dot)...])
        guard let attribute = Attribute(rawValue: attributeName) else {
            let hint = closest(to: attributeName, in: Attribute.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
            i = start
            throw fail("unknown attribute \"\(attributeName)\"\(hint)")
        }
        do { return (ConstraintNames.anchor(try names.item(name), attribute), 1) } catch let error as ConstraintError {
            i = start
            throw fail(error.message)
        }
    }

    /// Letters, digits, `_`, `.`, and `-` between two name characters.
    private mutating func word() -> String {
        skipSpaces()
        var out = ""
        while i < text.count {
            let c = text[i]
            if c.isLetter || c.isNumber || c == "_" || c == "." {
                out.append(c)
            } else if c == "-", !out.isEmpty, out.last!.isLetter || out.last!.isNumber, i + 1 < text.count, text[i + 1].isLetter {
                out.append(c)
            } else {
                break
            }
            i += 1
        }
        return out
    }

    private mutating func skipSpaces() { while i < text.count, text[i] == " " { i += 1 } }

    private func peek(_ ahead: Int = 0) -> Character? { i + ahead < text.count ? text[i + ahead] : nil }

    private func fail(_ message: String) -> ConstraintError { ConstraintError("at column \(i + 1): \(message)") }
}
