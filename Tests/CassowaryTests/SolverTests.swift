import Cassowary
import XCTest

/// The solver on systems small enough to solve by hand; the expected values are in the comments.
final class SolverTests: XCTestCase {
    let x = Variable(0), y = Variable(1), z = Variable(2)

    func e(_ v: Variable, _ c: Double = 0) -> LinearExpression { LinearExpression([(v, 1)], constant: c) }
    func k(_ c: Double) -> LinearExpression { LinearExpression(constant: c) }

    /// y == x + 5, x == 10: y is 15; both are pinned.
    func testRequiredEqualities() throws {
        var s = Solver()
        try s.add(Constraint(e(y), .equal, e(x, 5)))
        try s.add(Constraint(e(x), .equal, k(10)))
        XCTAssertEqual(s.value(x), 10)
        XCTAssertEqual(s.value(y), 15)
        XCTAssertTrue(s.isDetermined(x) && s.isDetermined(y))
    }

    /// A weak wish against a required bound: x ≥ 10 wins over x == 0.
    func testRequiredBoundsWinOverWishes() throws {
        var s = Solver()
        try s.add(Constraint(e(x), .greaterOrEqual, k(10)))
        try s.add(Constraint(e(x), .equal, k(0), strength: Strength(priority: 250)))
        XCTAssertEqual(s.value(x), 10)
    }

    /// The higher priority wins, whichever is added first.
    func testPrioritiesAreOrdered() throws {
        for (high, low) in [(750.0, 250.0), (250, 750), (999, 998), (2, 1)] {
            var s = Solver()
            try s.add(Constraint(e(x), .equal, k(100), strength: Strength(priority: high)))
            try s.add(Constraint(e(x), .equal, k(0), strength: Strength(priority: low)))
            XCTAssertEqual(s.value(x), high > low ? 100 : 0, "\(high) against \(low)")
        }
    }

    /// Seed 000's stretchy header: top == offset @750 (the screen top, an edit variable),
    /// top ≤ 0, bottom == 300. Pulled (offset < 0) the top follows the screen; pushed it stays at 0.
    func testStretchyHeaderFollowsTheEditVariable() throws {
        let offset = Variable(10), top = Variable(11), bottom = Variable(12)
        var s = Solver()
        try s.add(Constraint(e(top), .equal, e(offset), strength: Strength(priority: 750)))
        try s.add(Constraint(e(top), .lessOrEqual, k(0)))
        try s.add(Constraint(e(bottom), .equal, k(300)))
        try s.addEditVariable(offset, strength: Strength(priority: 999))
        for o in [-120.0, -40.5, 0, 35, 800, -0.25, -300, 12] {
            try s.suggest(offset, o)
            XCTAssertEqual(s.value(offset), o)
            XCTAssertEqual(s.value(top), min(0, o), "offset \(o)")
            XCTAssertEqual(s.value(bottom) - s.value(top), 300 - min(0, o), "offset \(o)")
        }
    }

    /// x ≥ 10 and x ≤ 5 cannot both hold: the second is refused, and the first still holds.
    func testUnsatisfiableRequiredConstraintsAreRefused() throws {
        var s = Solver()
        try s.add(Constraint(e(x), .greaterOrEqual, k(10)))
        try s.add(Constraint(e(y), .equal, e(x, 1)))
        XCTAssertThrowsError(try s.add(Constraint(e(x), .lessOrEqual, k(5)))) { XCTAssertEqual($0 as? SolverError, .unsatisfiable) }
        XCTAssertThrowsError(try s.add(Constraint(k(1), .equal, k(2)))) { XCTAssertEqual($0 as? SolverError, .unsatisfiable) }
        XCTAssertEqual(s.value(x), 10)
        XCTAssertEqual(s.value(y), 11)
        try s.add(Constraint(e(x), .lessOrEqual, k(50)))
        XCTAssertEqual(s.value(x), 10)
    }

    /// Removing the strong wish lets the weak one through.
    func testRemovingAConstraintReoptimizes() throws {
        var s = Solver()
        let strong = try s.add(Constraint(e(x), .equal, k(5), strength: Strength(priority: 750)))
        try s.add(Constraint(e(x), .equal, k(10), strength: Strength(priority: 250)))
        XCTAssertEqual(s.value(x), 5)
        try s.remove(strong)
        XCTAssertEqual(s.value(x), 10)
        XCTAssertThrowsError(try s.remove(strong)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint) }
        let bound = try s.add(Constraint(e(x), .lessOrEqual, k(7)))
        XCTAssertEqual(s.value(x), 7)
        try s.remove(bound)
        XCTAssertEqual(s.value(x), 10)
    }

    /// A variable only bounded, or only tied to another free one, is not determined.
    func testUndeterminedVariablesAreFound() throws {
        var s = Solver()
        try s.add(Constraint(e(x), .greaterOrEqual, k(0)))
        XCTAssertFalse(s.isDetermined(x))
        try s.add(Constraint(LinearExpression([(y, 1), (z, 1)]), .equal, k(10)))
        XCTAssertFalse(s.isDetermined(y))
        XCTAssertFalse(s.isDetermined(z))
        try s.add(Constraint(e(z), .equal, k(3)))
        XCTAssertTrue(s.isDetermined(y) && s.isDetermined(z))
        XCTAssertEqual(s.value(y), 7)
        // A weak wish determines it too, as it would in UIKit.
        try s.add(Constraint(e(x), .equal, k(4), strength: Strength(priority: 250)))
        XCTAssertTrue(s.isDetermined(x))
        XCTAssertEqual(s.value(x), 4)
        XCTAssertFalse(s.isDetermined(Variable(99)))
    }

    func testEditVariableMisuse() throws {
        var s = Solver()
        XCTAssertThrowsError(try s.suggest(x, 1)) { XCTAssertEqual($0 as? SolverError, .unknownEditVariable) }
        XCTAssertThrowsError(try s.addEditVariable(x, strength: .required)) { XCTAssertEqual($0 as? SolverError, .requiredEditVariable) }
        try s.addEditVariable(x, strength: Strength(priority: 500))
        XCTAssertThrowsError(try s.addEditVariable(x, strength: Strength(priority: 500))) {
            XCTAssertEqual($0 as? SolverError, .duplicateEditVariable)
        }
    }

    /// A chain of views, each 44 tall and 8 below the last, under a top that an edit variable
    /// moves: every view follows, and a bound on the last one stops the chain.
    func testChainsFollowEdits() throws {
        var s = Solver(), n = 50
        let origin = Variable(1000)
        try s.addEditVariable(origin, strength: Strength(priority: 999))
        for i in 0..<n {
            let top = Variable(2 * i), height = Variable(2 * i + 1)
            try s.add(Constraint(e(height), .equal, k(44)))
            try s.add(Constraint(e(top), .equal, i == 0 ? e(origin) : LinearExpression([(Variable(2 * i - 2), 1), (Variable(2 * i - 1), 1)], constant: 8)))
        }
        // The last bottom may not pass 3000: origin + 49 × 52 + 44 ≤ 3000, so origin ≤ 408.
        try s.add(Constraint(LinearExpression([(Variable(2 * n - 2), 1), (Variable(2 * n - 1), 1)]), .lessOrEqual, k(3000)))
        for o in [0.0, 100, 408, 500, -20] {
            try s.suggest(origin, o)
            for i in [0, 10, n - 1] {
                XCTAssertEqual(s.value(Variable(2 * i)), min(o, 408) + Double(i) * 52, accuracy: 1e-9, "view \(i) at \(o)")
            }
        }
    }
}
