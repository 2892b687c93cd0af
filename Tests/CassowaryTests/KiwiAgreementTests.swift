import Cassowary
import Foundation
import TestSupport
import XCTest

/// The solver against kiwisolver, the reference implementation, on random systems: both must
/// refuse the same required constraints and find the same values, also after each edit.
/// kiwisolver comes with python3-kiwisolver, which `scripts/test` installs.
final class KiwiAgreementTests: XCTestCase {
    /// A constraint as both sides read it: Σ coefficient × x[variable] + constant, relation 0.
    struct Spec: Codable {
        var terms: [[Double]]   // [variable, coefficient]
        var constant: Double
        var relation: String
        var weight: Double?     // nil: required
    }
    struct System: Codable {
        var variables: Int
        var constraints: [Spec]
        var edit: Int
        var editWeight: Double
        var suggestions: [Double]
    }
    struct Answer: Codable, Equatable {
        var accepted: [Bool]
        var values: [[Double]]   // after the constraints, then after each suggestion
    }

    /// Random systems with one optimum: every variable wishes for a value, at a weight of its
    /// own, so no two solutions cost the same; required bounds, differences and sums, all true of
    /// a hidden point so that they can hold together (kiwi's state is not to be trusted after it
    /// refuses a constraint, so refusals are tested by hand instead); and medium-strength ties
    /// between variables that pull against the wishes.
    func system(seed: UInt64) -> System {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func pick(_ n: Int) -> Int { min(n - 1, Int(next() * Double(n))) }
        func value() -> Double { (next() * 400).rounded() - 200 }
        let n = 12
        let hidden = (0..<n).map { _ in value() }
        var specs: [Spec] = []
        for v in 0..<n {
            specs.append(Spec(terms: [[Double(v), 1]], constant: -value(), relation: "==", weight: 1 + next() * 50))
        }
        for _ in 0..<40 {
            let a = pick(n), b = pick(n), slack = (next() * 40).rounded()
            let below = next() < 0.5
            switch pick(5) {
            case 0:
                specs.append(Spec(terms: [[Double(a), 1]], constant: -(hidden[a] + (below ? slack : -slack)),
                                  relation: below ? "<=" : ">=", weight: nil))
            case 1:
                specs.append(Spec(terms: [[Double(a), 1], [Double(b), -1]], constant: -(hidden[a] - hidden[b] + (below ? slack : -slack)),
                                  relation: below ? "<=" : ">=", weight: nil))
            case 2:
                specs.append(Spec(terms: [[Double(a), 1], [Double(b), 1]], constant: -(hidden[a] + hidden[b]), relation: "==", weight: nil))
            default:
                specs.append(Spec(terms: [[Double(a), 2], [Double(b), 1]], constant: -value(), relation: "==", weight: 1000 + next() * 1000))
            }
        }
        return System(variables: n, constraints: specs, edit: pick(n), editWeight: 1e6,
                      suggestions: (0..<8).map { _ in value() })
    }

    func ours(_ system: System) -> Answer {
        var solver = Solver()
        var answer = Answer(accepted: [], values: [])
        func values() -> [Double] { (0..<system.variables).map { solver.value(Variable($0)) } }
        for spec in system.constraints {
            let expression = LinearExpression(spec.terms.map { (Variable(Int($0[0])), $0[1]) }, constant: spec.constant)
            let relation: Constraint.Relation = spec.relation == "==" ? .equal : spec.relation == "<=" ? .lessOrEqual : .greaterOrEqual
            let strength = spec.weight.map(Strength.init(weight:)) ?? .required
            answer.accepted.append((try? solver.add(Constraint(expression, relation, strength: strength))) != nil)
        }
        answer.values.append(values())
        try! solver.addEditVariable(Variable(system.edit), strength: Strength(weight: system.editWeight))
        for value in system.suggestions {
            try! solver.suggest(Variable(system.edit), value)
            answer.values.append(values())
        }
        return answer
    }

    static let kiwi = """
    import json, sys
    import kiwisolver as kiwi
    system = json.load(open(sys.argv[1]))
    solver = kiwi.Solver()
    xs = [kiwi.Variable("x%d" % i) for i in range(system["variables"])]
    accepted, values = [], []
    def read():
        solver.updateVariables()
        values.append([x.value() for x in xs])
    for c in system["constraints"]:
        e = sum((coef * xs[int(v)] for v, coef in c["terms"]), c["constant"])
        r = {"==": e == 0, "<=": e <= 0, ">=": e >= 0}[c["relation"]]
        if c.get("weight") is not None:
            r = r | c["weight"]
        try:
            solver.addConstraint(r)
            accepted.append(True)
        except kiwi.UnsatisfiableConstraint:
            accepted.append(False)
    read()
    edit = xs[system["edit"]]
    solver.addEditVariable(edit, system["editWeight"])
    for s in system["suggestions"]:
        solver.suggestValue(edit, s)
        read()
    print(json.dumps({"accepted": accepted, "values": values}))
    """

    func kiwi(_ system: System) throws -> Answer {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-\(UUID().uuidString).json")
        try JSONEncoder().encode(system).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try SystemPython.run(KiwiAgreementTests.kiwi, [file.path])
        XCTAssertEqual(run.status, 0, "kiwisolver did not run (scripts/test installs python3-kiwisolver): \(run.errors)")
        return try JSONDecoder().decode(Answer.self, from: run.output)
    }

    func testRandomSystemsAgreeWithKiwisolver() throws {
        var moved = 0
        for seed in 1...40 as ClosedRange<UInt64> {
            let system = system(seed: seed)
            let (a, b) = (ours(system), try kiwi(system))
            XCTAssertEqual(a.accepted, b.accepted, "seed \(seed): accepted constraints")
            XCTAssertEqual(a.accepted.filter { !$0 }.count, 0, "seed \(seed): a constraint true of the hidden point was refused")
            moved += zip(a.values, a.values.dropFirst()).filter { $0 != $1 }.count
            XCTAssertEqual(a.values.count, b.values.count)
            for (step, (x, y)) in zip(a.values, b.values).enumerated() {
                for (v, (p, q)) in zip(x, y).enumerated() where abs(p - q) > 1e-6 * max(1, abs(q)) {
                    XCTFail("seed \(seed), step \(step), x\(v): \(p) against kiwisolver's \(q)")
                }
            }
        }
        // The edits move the solutions, not only the first solve.
        XCTAssertGreaterThan(moved, 100)
    }
}
