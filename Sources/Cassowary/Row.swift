/// One row of the tableau: basic symbol = constant + Σ coefficient × symbol, cells sorted by
/// symbol id, with no zero coefficients (anything within `Row.epsilon` of zero is dropped).
///
/// Parameter cells (the edit variables' suggested values) come first. The row's value is the
/// constant plus those cells at the parameters' current values: computed afresh when read, so an
/// edit moves values without adding up round-off from frame to frame.
struct Row {
    struct Cell { var symbol: Symbol; var coefficient: Double }

    /// Below this a coefficient is taken for zero, as kiwi does, so that round-off does not keep
    /// dead cells alive.
    static let epsilon = 1.0e-8

    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double = 0) { self.constant = constant }

    /// The constant with the parameters at `parameters` (indexed by −id − 1).
    func value(_ parameters: [Double]) -> Double {
        var value = constant
        for cell in cells {
            guard cell.symbol.id < 0 else { break }
            value += cell.coefficient * parameters[Int(-cell.symbol.id) - 1]
        }
        return value
    }

    func coefficient(for symbol: Symbol) -> Double {
        index(of: symbol).map { cells[$0].coefficient } ?? 0
    }

    /// Adds `coefficient` × `symbol`.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        switch lookup(symbol) {
        case .found(let i):
            let sum = cells[i].coefficient + coefficient
            if abs(sum) < Row.epsilon { cells.remove(at: i) } else { cells[i].coefficient = sum }
        case .missing(let i):
            if abs(coefficient) >= Row.epsilon { cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i) }
        }
    }

    /// Adds `coefficient` × `row`, merging the sorted cells in one pass.
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + row.cells.count)
        var i = 0, j = 0
        while i < cells.count || j < row.cells.count {
            if j == row.cells.count || (i < cells.count && cells[i].symbol.id < row.cells[j].symbol.id) {
                merged.append(cells[i]); i += 1
            } else if i == cells.count || row.cells[j].symbol.id < cells[i].symbol.id {
                let c = row.cells[j].coefficient * coefficient
                if abs(c) >= Row.epsilon { merged.append(Cell(symbol: row.cells[j].symbol, coefficient: c)) }
                j += 1
            } else {
                let c = cells[i].coefficient + row.cells[j].coefficient * coefficient
                if abs(c) >= Row.epsilon { merged.append(Cell(symbol: cells[i].symbol, coefficient: c)) }
                i += 1; j += 1
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: Symbol) {
        if let i = index(of: symbol) { cells.remove(at: i) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …`; `symbol` must be in the row.
    mutating func solve(for symbol: Symbol) {
        let scale = -1 / coefficient(for: symbol)
        remove(symbol)
        constant *= scale
        for i in cells.indices { cells[i].coefficient *= scale }
    }

    /// Rewrites `lhs = … + c × rhs + …` as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by what `row` says it equals; whether anything changed.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, _ row: Row) -> Bool {
        guard let i = index(of: symbol) else { return false }
        let c = cells[i].coefficient
        cells.remove(at: i)
        insert(row, c)
        return true
    }

    private enum Lookup { case found(Int), missing(Int) }

    private func lookup(_ symbol: Symbol) -> Lookup {
        var low = 0, high = cells.count
        while low < high {
            let mid = (low + high) / 2
            if cells[mid].symbol.id < symbol.id { low = mid + 1 } else { high = mid }
        }
        return low < cells.count && cells[low].symbol.id == symbol.id ? .found(low) : .missing(low)
    }

    private func index(of symbol: Symbol) -> Int? {
        if case .found(let i) = lookup(symbol) { return i }
        return nil
    }
}
