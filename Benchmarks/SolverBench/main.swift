import Cassowary
import Foundation

// The constraint systems of scripts/bench-solver, built and solved with ScrollReel's solver.
// Each system is run `runs` times; the median times and a checksum of the solved values are
// printed as JSON, for the script to set beside kiwisolver's on the same systems.

/// Variables are numbered view by view: left, top, width, height.
func v(_ view: Int, _ k: Int) -> Variable { Variable(4 * view + k) }
func e(_ terms: [(Variable, Double)], _ c: Double = 0) -> LinearExpression { LinearExpression(terms, constant: c) }
let left = 0, top = 1, width = 2, height = 3

/// A column of `n` views 44 tall and 8 apart, 358 wide at x 16, the first at `firstTop`.
func chain(_ s: inout Solver, _ n: Int, firstTop: LinearExpression) throws {
    for i in 0..<n {
        try s.add(Constraint(e([(v(i, left), 1)]), .equal, e([], 16)))
        try s.add(Constraint(e([(v(i, width), 1)]), .equal, e([], 358)))
        try s.add(Constraint(e([(v(i, height), 1)]), .equal, e([], 44)))
        try s.add(Constraint(e([(v(i, top), 1)]), .equal,
                             i == 0 ? firstTop : e([(v(i - 1, top), 1), (v(i - 1, height), 1)], 8)))
    }
}

/// `n` × `n` cells 2 apart filling 390 × 844, every cell of a row as wide as the row's first and
/// every cell of a column as tall as the column's first; each cell also wishes, weakly, to be
/// 13 × 13 (a wish the required constraints overrule).
func grid(_ s: inout Solver, _ n: Int) throws {
    let weak = Strength(priority: 250)
    func cell(_ r: Int, _ c: Int) -> Int { r * n + c }
    for r in 0..<n {
        for c in 0..<n {
            let i = cell(r, c)
            if c == 0 {
                try s.add(Constraint(e([(v(i, left), 1)]), .equal, e([])))
            } else {
                let p = cell(r, c - 1)
                try s.add(Constraint(e([(v(i, left), 1)]), .equal, e([(v(p, left), 1), (v(p, width), 1)], 2)))
                try s.add(Constraint(e([(v(i, width), 1)]), .equal, e([(v(cell(r, 0), width), 1)])))
            }
            if r == 0 {
                try s.add(Constraint(e([(v(i, top), 1)]), .equal, e([])))
            } else {
                let p = cell(r - 1, c)
                try s.add(Constraint(e([(v(i, top), 1)]), .equal, e([(v(p, top), 1), (v(p, height), 1)], 2)))
                try s.add(Constraint(e([(v(i, height), 1)]), .equal, e([(v(cell(0, c), height), 1)])))
            }
            try s.add(Constraint(e([(v(i, width), 1)]), .equal, e([], 13), strength: weak))
            try s.add(Constraint(e([(v(i, height), 1)]), .equal, e([], 13), strength: weak))
        }
        let last = cell(r, n - 1)
        try s.add(Constraint(e([(v(last, left), 1), (v(last, width), 1)]), .equal, e([], 390)))
    }
    for c in 0..<n {
        let last = cell(n - 1, c)
        try s.add(Constraint(e([(v(last, top), 1), (v(last, height), 1)]), .equal, e([], 844)))
    }
}

/// Seed 000's stretchy header over a chain of `n` views: the header's top follows the scroll
/// offset (an edit variable) at priority 750 but never goes below the content's top; its
/// bottom stays at 300, where the chain starts, 16 lower.
func stretchy(_ s: inout Solver, _ n: Int) throws -> Variable {
    let offset = Variable(-1), header = n
    try s.add(Constraint(e([(v(header, top), 1)]), .equal, e([(offset, 1)]), strength: Strength(priority: 750)))
    try s.add(Constraint(e([(v(header, top), 1)]), .lessOrEqual, e([])))
    try s.add(Constraint(e([(v(header, top), 1), (v(header, height), 1)]), .equal, e([], 300)))
    try chain(&s, n, firstTop: e([(v(header, top), 1), (v(header, height), 1)], 16))
    try s.addEditVariable(offset, strength: Strength(priority: 999))
    return offset
}

func values(_ s: Solver, views: Int) -> [Double] {
    (0..<4 * views).map { s.value(Variable($0)) }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

let arguments = CommandLine.arguments.dropFirst()
let runs = Int(arguments.first ?? "") ?? 5
let n = 1000, side = 30, frames = 300
var report: [String: [String: Double]] = [:]

var times: [Double] = [], sum = 0.0
for _ in 0..<runs {
    var s = Solver()
    times.append(try seconds { try chain(&s, n, firstTop: e([])); sum = values(s, views: n).reduce(0, +) })
}
report["chain"] = ["build_ms": median(times) * 1000, "checksum": sum]

times = []
for _ in 0..<runs {
    var s = Solver()
    times.append(try seconds { try grid(&s, side); sum = values(s, views: side * side).reduce(0, +) })
}
report["grid"] = ["build_ms": median(times) * 1000, "checksum": sum]

var builds: [Double] = []
times = []
for _ in 0..<runs {
    var s = Solver()
    var offset = Variable(0)
    builds.append(try seconds { offset = try stretchy(&s, n) })
    sum = 0
    times.append(try seconds {
        for k in 0..<frames {
            try s.suggest(offset, -150 + 1500 * Double(k) / Double(frames - 1))
            sum += values(s, views: n + 1).reduce(0, +)
        }
    })
}
report["edits"] = ["build_ms": median(builds) * 1000, "frame_us": median(times) / Double(frames) * 1e6, "checksum": sum]

let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: data, as: UTF8.self))
