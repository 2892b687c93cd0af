/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001), in the form of the kiwi
/// solver: a simplex tableau in which required constraints always hold and the others are kept
/// as close as their strengths allow, re-solved by the dual simplex when an edit variable moves.
///
/// One difference from kiwi: an edit variable's suggested value is a parameter of the tableau,
/// a column whose value is known, instead of a constant that each suggestion adds a difference
/// to. A value that depends on the edit as `300 − offset` is computed as exactly that, at every
/// frame, however many frames came before.
///
/// A value type: a copy is a second solver that starts from this one's solution, so one solver
/// built at rest can be copied for each frame and each thread, and every copy given its own
/// suggestion.
///
/// Invariants between calls: no basic symbol appears in any row; every restricted (slack, error)
/// basic symbol has a value ≥ 0; the objective is optimal. Cells and rows are visited in symbol
/// id order, so results depend only on the calls made, never on hashing.
public struct Solver: Sendable {
    /// A constraint added, for `remove`.
    public struct Handle: Hashable, Sendable { let index: Int }

    private struct Tag { var marker: Symbol; var other: Symbol? }
    private struct Added { var constraint: Constraint; var tag: Tag; var edit: Variable? }

    /// Rows by their basic symbol's id; nil for non-basic symbols.
    private var rows: [Row?] = []
    /// For each symbol, the ids of the rows that may hold it: every row that does is listed, and
    /// stale entries are dropped when the list is read. Pivots and edits touch only these rows
    /// instead of scanning the whole tableau, which keeps building a long chain linear.
    private var columns: [[Int32]] = []
    private var kinds: [Symbol.Kind] = []
    /// Each parameter's value and column, by −id − 1.
    private var parameters: [Double] = []
    private var parameterColumns: [[Int32]] = []
    private var objective = Row()
    /// The row being minimized while a constraint is added through an artificial variable.
    private var artificial: Row?
    private var infeasible: [Symbol] = []
    private var variableSymbols: [Variable: Symbol] = [:]
    /// Every constraint added, by handle; nil once removed.
    private var added: [Added?] = []
    /// Each edit variable's parameter.
    private var edits: [Variable: Symbol] = [:]

    public init() {}

    // MARK: Constraints

    /// Adds `constraint`. A required one that cannot hold throws `unsatisfiable` and is not added.
    @discardableResult
    public mutating func add(_ constraint: Constraint) throws -> Handle {
        try add(constraint, edit: nil)
    }

    /// Removes a constraint added before; the others are re-optimized.
    public mutating func remove(_ handle: Handle) throws {
        guard added.indices.contains(handle.index), let entry = added[handle.index], entry.edit == nil else {
            throw SolverError.unknownConstraint
        }
        added[handle.index] = nil
        let tag = entry.tag
        removeErrors(tag, weight: entry.constraint.strength.weight)
        if rows[Int(tag.marker.id)] != nil {
            rows[Int(tag.marker.id)] = nil
        } else {
            guard let leaving = leavingSymbol(for: tag.marker) else { throw SolverError.unbounded }
            var row = rows[Int(leaving.id)]!
            rows[Int(leaving.id)] = nil
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective: true)
    }

    // MARK: Edit variables

    /// Makes `variable` one whose value `suggest` sets, as strongly as `strength` (not required);
    /// it starts at 0.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws {
        guard edits[variable] == nil else { throw SolverError.duplicateEditVariable }
        guard !strength.isRequired else { throw SolverError.requiredEditVariable }
        _ = try add(Constraint(LinearExpression(variable), .equal, strength: strength), edit: variable)
    }

    /// Moves an edit variable to `value` and re-solves from the current solution (dual simplex):
    /// only the rows the edit reaches change.
    public mutating func suggest(_ variable: Variable, _ value: Double) throws {
        guard let parameter = edits[variable] else { throw SolverError.unknownEditVariable }
        parameters[Int(-parameter.id) - 1] = value
        for id in rowsHolding(parameter) where kinds[id] != .external && rows[id]!.value(parameters) < 0 {
            infeasible.append(Symbol(id: Int32(id), kind: kinds[id]))
        }
        try dualOptimize()
    }

    // MARK: Reading

    /// The value of `variable` in the current solution; 0 for a variable no constraint mentions.
    public func value(_ variable: Variable) -> Double {
        guard let symbol = variableSymbols[variable] else { return 0 }
        return rows[Int(symbol.id)]?.value(parameters) ?? 0
    }

    /// Whether the constraints pin `variable` to its value: false when it could move, with every
    /// required constraint holding and no non-required one getting worse (a layout UIKit calls
    /// ambiguous).
    public func isDetermined(_ variable: Variable) -> Bool {
        guard let symbol = variableSymbols[variable], let row = rows[Int(symbol.id)] else { return false }
        // Another variable left free moves this one with it.
        if row.cells.contains(where: { $0.symbol.kind == .external }) { return false }
        for cell in row.cells where cell.symbol.isPivotable {
            // A free direction: raising this non-basic symbol costs nothing …
            guard abs(objective.coefficient(for: cell.symbol)) < Row.epsilon else { continue }
            // … and some room is left before a restricted basic symbol would turn negative.
            if canRaise(cell.symbol) { return false }
        }
        return true
    }

    // MARK: Tableau

    private mutating func add(_ constraint: Constraint, edit: Variable?) throws -> Handle {
        var tag = Tag(marker: Symbol(id: 0, kind: .dummy), other: nil)
        var parameter: Symbol?
        if edit != nil {
            parameter = Symbol(id: Int32(-parameters.count - 1), kind: .parameter)
            parameters.append(0)
            parameterColumns.append([])
        }
        let row = makeRow(constraint, &tag, parameter: parameter)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            // Only a required constraint has no error symbol to absorb its constant.
            guard abs(row.value(parameters)) < Row.epsilon else { throw try refuse() }
            subject = tag.marker
        }
        if let subject {
            var row = row
            row.solve(for: subject)
            substitute(subject, row)
            store(row, as: subject)
        } else {
            guard try addWithArtificialVariable(row) else { throw try refuse() }
        }
        let handle = Handle(index: added.count)
        added.append(Added(constraint: constraint, tag: tag, edit: edit))
        if let edit { edits[edit] = parameter }
        try optimize(objective: true)
        return handle
    }

    /// Puts the solver back as it was before the constraint being added, which cannot hold:
    /// phase one may have pivoted its symbols into other rows, so the tableau is built again
    /// from the constraints kept, in their order, and the edit variables' values.
    private mutating func refuse() throws -> SolverError {
        let kept = added, values = edits.mapValues { parameters[Int(-$0.id) - 1] }
        rows = []; columns = []; kinds = []; parameters = []; parameterColumns = []
        objective = Row(); artificial = nil; infeasible = []
        variableSymbols = [:]; added = []; edits = [:]
        for entry in kept {
            guard let entry else {
                added.append(nil)
                continue
            }
            _ = try add(entry.constraint, edit: entry.edit)
        }
        for (variable, value) in values.sorted(by: { $0.key < $1.key }) { try suggest(variable, value) }
        return SolverError.unsatisfiable
    }

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: Int32(kinds.count), kind: kind)
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        return symbol
    }

    private mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = variableSymbols[variable] { return symbol }
        let symbol = newSymbol(.external)
        variableSymbols[variable] = symbol
        return symbol
    }

    /// The constraint as a row over non-basic symbols, with its slack, error or dummy symbols;
    /// an edit constraint's expression is measured against its parameter.
    private mutating func makeRow(_ constraint: Constraint, _ tag: inout Tag, parameter: Symbol?) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where abs(term.coefficient) >= Row.epsilon {
            let s = symbol(for: term.variable)
            if let basic = rows[Int(s.id)] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        if let parameter { row.insert(parameter, -1) }
        let weight = constraint.strength.weight
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let c: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, c)
            if !constraint.strength.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -c)
                objective.insert(error, weight)
            }
        case .equal:
            if constraint.strength.isRequired {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus; tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight)
                objective.insert(minus, weight)
            }
        }
        if row.value(parameters) < 0 { row.reverseSign() }
        return row
    }

    /// Takes a removed constraint's error symbols out of the objective, at the weight they were
    /// priced at.
    private mutating func removeErrors(_ tag: Tag, weight: Double) {
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[Int(symbol.id)] { objective.insert(row, -weight) } else { objective.insert(symbol, -weight) }
        }
    }

    /// A symbol to make basic for a new row: an external variable if there is one, else a new
    /// slack or error symbol with a negative coefficient (so its value comes out ≥ 0).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.isPivotable {
            if row.coefficient(for: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// Phase one for a row with no subject: minimizes an artificial variable standing for it.
    /// Whether the row can hold.
    private mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        store(row, as: art)
        artificial = row
        try optimize(objective: false)
        let success = abs(artificial!.value(parameters)) < Row.epsilon
        artificial = nil
        if var basic = rows[Int(art.id)] {
            rows[Int(art.id)] = nil
            if basic.cells.allSatisfy({ $0.symbol.kind == .parameter }) { return success }
            guard let entering = basic.cells.first(where: { $0.symbol.isPivotable })?.symbol else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            store(basic, as: entering)
        }
        for id in rowsHolding(art) { rows[id]!.remove(art) }
        objective.remove(art)
        return success
    }

    /// Makes `row` the row of `basic`, listing it in the columns of its symbols.
    private mutating func store(_ row: Row, as basic: Symbol) {
        rows[Int(basic.id)] = row
        for cell in row.cells { list(basic.id, in: cell.symbol) }
    }

    private mutating func list(_ rowID: Int32, in symbol: Symbol) {
        if symbol.id < 0 { parameterColumns[Int(-symbol.id) - 1].append(rowID) } else { columns[Int(symbol.id)].append(rowID) }
    }

    /// The ids of the rows that hold `symbol`, in increasing order (the order kiwi scans its
    /// rows in, so that ties go the same way).
    private func holders(of symbol: Symbol) -> [Int32] {
        let listed = symbol.id < 0 ? parameterColumns[Int(-symbol.id) - 1] : columns[Int(symbol.id)]
        guard !listed.isEmpty else { return [] }
        let ids = listed.filter { rows[Int($0)] != nil && rows[Int($0)]!.coefficient(for: symbol) != 0 }.sorted()
        var unique: [Int32] = []
        unique.reserveCapacity(ids.count)
        for id in ids where unique.last != id { unique.append(id) }
        return unique
    }

    /// `holders(of:)`, also rewriting the column without its stale entries.
    private mutating func rowsHolding(_ symbol: Symbol) -> [Int] {
        let unique = holders(of: symbol)
        if symbol.id < 0 { parameterColumns[Int(-symbol.id) - 1] = unique } else { columns[Int(symbol.id)] = unique }
        return unique.map(Int.init)
    }

    /// Replaces `symbol` by `row` everywhere; rows whose restricted basic symbol goes negative
    /// are queued for the dual simplex.
    private mutating func substitute(_ symbol: Symbol, _ row: Row) {
        for id in rowsHolding(symbol) {
            rows[id]!.substitute(symbol, row)
            for cell in row.cells { list(Int32(id), in: cell.symbol) }
            if kinds[id] != .external && rows[id]!.value(parameters) < 0 { infeasible.append(Symbol(id: Int32(id), kind: kinds[id])) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Primal simplex on the objective (or, in phase one, the artificial row).
    private mutating func optimize(objective useObjective: Bool) throws {
        while true {
            let target = useObjective ? objective : artificial!
            guard let entering = target.cells.first(where: { $0.symbol.canEnter && $0.coefficient < 0 })?.symbol else {
                return
            }
            var best: (symbol: Symbol, ratio: Double)?
            for id in rowsHolding(entering) where kinds[id] != .external {
                let row = rows[id]!
                let c = row.coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -row.value(parameters) / c
                if best == nil || ratio < best!.ratio { best = (Symbol(id: Int32(id), kind: kinds[id]), ratio) }
            }
            guard let leaving = best?.symbol else { throw SolverError.unbounded }
            var row = rows[Int(leaving.id)]!
            rows[Int(leaving.id)] = nil
            row.solve(for: leaving, entering)
            substitute(entering, row)
            store(row, as: entering)
        }
    }

    /// Dual simplex: restores feasibility of the queued rows while keeping the objective optimal.
    private mutating func dualOptimize() throws {
        while let leaving = infeasible.popLast() {
            guard var row = rows[Int(leaving.id)], row.value(parameters) < 0 else { continue }
            var best: (symbol: Symbol, ratio: Double)?
            for cell in row.cells where cell.coefficient > 0 && cell.symbol.canEnter {
                let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
                if best == nil || ratio < best!.ratio { best = (cell.symbol, ratio) }
            }
            guard let entering = best?.symbol else { throw SolverError.unbounded }
            rows[Int(leaving.id)] = nil
            row.solve(for: leaving, entering)
            substitute(entering, row)
            store(row, as: entering)
        }
    }

    /// The row to pivot `marker` into when removing its constraint: kiwi's choice, the tightest
    /// restricted row with a negative coefficient, else any restricted one, else an external one.
    private mutating func leavingSymbol(for marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?, second: (Symbol, Double)?, third: Symbol?
        for id in rowsHolding(marker) {
            let row = rows[id]!
            let c = row.coefficient(for: marker), value = row.value(parameters)
            let symbol = Symbol(id: Int32(id), kind: kinds[id])
            if symbol.kind == .external {
                third = symbol
            } else if c < 0 {
                if first == nil || -value / c < first!.1 { first = (symbol, -value / c) }
            } else {
                if second == nil || value / c < second!.1 { second = (symbol, value / c) }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }

    /// Whether raising the non-basic `symbol` from 0 leaves every restricted basic symbol ≥ 0 for
    /// some positive step.
    private func canRaise(_ symbol: Symbol) -> Bool {
        for id in holders(of: symbol).map(Int.init) where kinds[id] != .external {
            let row = rows[id]!
            if row.coefficient(for: symbol) < 0 && row.value(parameters) < Row.epsilon { return false }
        }
        return true
    }
}
