/// Reads Apple's Visual Format Language: `H:|-16-[avatar(44)]-12-[title]-|`, `V:[a]-(>=8@750)-[b(==a)]`.
///
/// Orientation `H:` (the default) or `V:`; `|` is the superview of the views in the string (the
/// content for top-level views that scroll, the screen for fixed ones); a connection is `-N-`,
/// `-(predicates)-`, `-` for the standard spacing (8 points between views, 20 to the superview's
/// edge, as Apple defines it) or nothing (views touching); a view may carry a size, `[a(44)]` or
/// `[a(>=50,<=200@750)]` or `[a(==b)]`. Numbers may be metrics.
struct VisualFormat {
    static let siblingSpacing = 8.0, edgeSpacing = 20.0

    private let text: [Character]
    private var i = 0
    private let names: ConstraintNames
    private var vertical = false

    private init(_ text: String, names: ConstraintNames) { self.text = Array(text); self.names = names }

    static func parse(_ text: String, names: ConstraintNames) throws -> [LayoutConstraint] {
        var parser = VisualFormat(text, names: names)
        return try parser.constraints()
    }

    /// A predicate: relation, a constant or a view, priority.
    private struct Predicate { var relation: LayoutConstraint.Relation; var constant: Double; var view: ConstraintNames.Item?; var priority: Double }

    private var leading: Attribute { vertical ? .top : .leading }
    private var trailing: Attribute { vertical ? .bottom : .trailing }
    private var size: Attribute { vertical ? .height : .width }

    private mutating func constraints() throws -> [LayoutConstraint] {
        if text.starts(with: Array("V:")) { vertical = true; i = 2 } else if text.starts(with: Array("H:")) { i = 2 }
        var out: [LayoutConstraint] = []
        var superview: ConstraintNames.Item?
        var views: [String] = []
        var previous: ConstraintNames.Item?   // the last view, or the superview's leading edge
        var pending: [Predicate]?             // the connection since `previous`
        var leadingEdge = false
        if peek() == "|" { i += 1; leadingEdge = true; pending = try connection(edge: true) }
        while peek() == "[" {
            i += 1
            let name = readName()
            guard !name.isEmpty else { throw fail("expected a view name after \"[\"") }
            let view: String
            do {
                guard case .view(let id) = try names.item(name) else { throw ConstraintError("\"\(name)\" is not a view") }
                view = id
            } catch let error as ConstraintError { throw fail(error.message) }
            let parent = names.superview(of: view)
            if let superview, superview != parent {
                throw fail("\(views[0]) and \(view) are not siblings: the views of one format string share a superview")
            }
            superview = parent
            views.append(view)
            if peek() == "(" {
                for predicate in try predicates() {
                    out.append(relate(.view(view), size, predicate, to: predicate.view.map { ($0, size) }))
                }
            }
            guard peek() == "]" else { throw fail("expected \"]\"") }
            i += 1
            let current = ConstraintNames.Item.view(view)
            if let previous {
                for predicate in pending ?? [Predicate(relation: .equal, constant: 0, view: nil, priority: 1000)] {
                    // current.leading relation previous.trailing + spacing
                    out.append(relate(current, leading, predicate, to: (previous, trailing)))
                }
            } else if leadingEdge {
                for predicate in pending! { out.append(relate(current, leading, predicate, to: (parent, leading))) }
            }
            previous = current
            pending = nil
            if peek() == "-" || peek() == "|" || peek() == "[" {
                if peek() == "-" { pending = try connection(edge: false) }
                if peek() == "|" {
                    i += 1
                    let spacing = pending.map { p in p.map { $0.constant == -1 ? Predicate(relation: $0.relation, constant: VisualFormat.edgeSpacing,
                                                                                           view: nil, priority: $0.priority) : $0 } }
                    for predicate in spacing ?? [Predicate(relation: .equal, constant: 0, view: nil, priority: 1000)] {
                        // superview.trailing relation view.trailing + spacing
                        out.append(relate(parent, trailing, predicate, to: (current, trailing)))
                    }
                    guard i == text.count else { throw fail("nothing may follow the superview's closing \"|\"") }
                    return out
                }
            }
        }
        if views.isEmpty { throw fail("expected a view, such as [avatar]") }
        guard i == text.count else { throw fail("unexpected \"\(String(text[i...]))\"") }
        if pending != nil { throw fail("a connection must lead to a view or to \"|\"") }
        return out
    }

    /// `a.attr relation b.attr + constant` (or `a.attr relation constant` without `b`).
    private func relate(_ a: ConstraintNames.Item, _ attribute: Attribute, _ p: Predicate,
                        to b: (ConstraintNames.Item, Attribute)?) -> LayoutConstraint {
        var terms = [(anchor: ConstraintNames.anchor(a, attribute), coefficient: 1.0)]
        if let b { terms.append((ConstraintNames.anchor(b.0, b.1), -1)) }
        return LayoutConstraint(terms: terms, constant: -p.constant, relation: p.relation, priority: p.priority)
    }

    /// After `-`: the standard spacing (`-` followed by a view or `|`), `N-`, or `(predicates)-`.
    /// The standard spacing is returned as −1 when it is the superview's to decide.
    private mutating func connection(edge: Bool) throws -> [Predicate] {
        guard peek() == "-" else { return [Predicate(relation: .equal, constant: 0, view: nil, priority: 1000)] }
        i += 1
        if peek() == "[" || peek() == "|" {
            let standard = edge ? VisualFormat.edgeSpacing : (peek() == "|" ? -1 : VisualFormat.siblingSpacing)
            return [Predicate(relation: .equal, constant: standard, view: nil, priority: 1000)]
        }
        let list: [Predicate]
        if peek() == "(" {
            list = try predicates()
            if list.contains(where: { $0.view != nil }) { throw fail("a spacing is a number, not a view") }
        } else {
            list = [Predicate(relation: .equal, constant: try number(), view: nil, priority: 1000)]
        }
        guard peek() == "-" else { throw fail("expected \"-\" after the spacing") }
        i += 1
        return list
    }

    /// `(predicate, predicate, …)`.
    private mutating func predicates() throws -> [Predicate] {
        i += 1
        var list: [Predicate] = []
        while true {
            var p = Predicate(relation: .equal, constant: 0, view: nil, priority: 1000)
            switch (peek(), peek(1)) {
            case ("=", "="): p.relation = .equal; i += 2
            case ("<", "="): p.relation = .lessOrEqual; i += 2
            case (">", "="): p.relation = .greaterOrEqual; i += 2
            default: break
            }
            if let c = peek(), c.isNumber || c == "-" || c == "." {
                p.constant = try number()
            } else {
                let name = readName()
                guard !name.isEmpty else { throw fail("expected a number, a metric or a view") }
                if names.metrics[name] != nil {
                    p.constant = names.metrics[name]!
                } else {
                    do { p.view = try names.item(name) } catch let error as ConstraintError { throw fail(error.message) }
                }
            }
            if peek() == "@" {
                i += 1
                let word = readName()
                do { p.priority = try names.metrics[word] ?? ConstraintParser.priority(word) } catch let error as ConstraintError {
                    throw fail(error.message)
                }
                guard (1...1000).contains(p.priority) else { throw fail("priority \(format(p.priority)) is out of range 1…1000") }
            }
            list.append(p)
            if peek() == "," { i += 1; continue }
            guard peek() == ")" else { throw fail("expected \",\" or \")\"") }
            i += 1
            return list
        }
    }

    private mutating func number() throws -> Double {
        let start = i
        if peek() == "-" { i += 1 }
        while let c = peek(), c.isNumber || c == "." { i += 1 }
        if i == start || (i == start + 1 && text[start] == "-") {
            let name = readName()
            guard !name.isEmpty else { throw fail("expected a number or a metric") }
            do { return try names.metric(name) } catch let error as ConstraintError { i = start; throw fail(error.message) }
        }
        guard let value = Double(String(text[start..<i])) else { i = start; throw fail("expected a number") }
        return value
    }

    /// A view or metric name: letters, digits, `_`, `.`, and `-` between letters.
    private mutating func readName() -> String {
        var out = ""
        while let c = peek() {
            if c.isLetter || c.isNumber || c == "_" || c == "." {
                out.append(c)
            } else if c == "-", !out.isEmpty, let next = peek(1), next.isLetter {
                out.append(c)
            } else {
                break
            }
            i += 1
        }
        return out
    }

    private func peek(_ ahead: Int = 0) -> Character? { i + ahead < text.count ? text[i + ahead] : nil }

    private func fail(_ message: String) -> ConstraintError { ConstraintError("at column \(i + 1): \(message)") }
}
