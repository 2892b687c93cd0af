import Cassowary

extension ConstraintLayout {
    /// Above this many required constraints before the one refused, the conflict is reported
    /// without searching for the others involved (the search solves the system once per
    /// constraint).
    static let conflictSearchLimit = 300

    /// The error for a required constraint that cannot hold, naming the fewest earlier required
    /// constraints it contradicts, as UIKit's "Unable to simultaneously satisfy constraints" log
    /// lists them: each earlier one is left out in turn, and kept only if the conflict goes away
    /// without it.
    /// Views with frames that the constraints name are listed too, as `views[1].frame ("bar")`:
    /// their edges are fixed numbers the conflict may run into.
    static func conflict(_ refused: LayoutConstraint, _ solverForm: Constraint, earlier: [(LayoutConstraint, Constraint)],
                         model: AnchorModel, offset: Double, file: String) -> SceneError {
        var involved = earlier.filter { $0.0.isRequired }
        if involved.count <= conflictSearchLimit {
            var k = 0
            while k < involved.count {
                var without = involved
                without.remove(at: k)
                if conflicts(without.map(\.1) + [solverForm], offset: offset) { involved = without } else { k += 1 }
            }
        }
        var named: [String] = []
        for (c, _) in involved where c.jsonPath != refused.jsonPath {
            let item = "\(c.jsonPath) \"\(c.text)\""
            if !named.contains(item) { named.append(item) }
        }
        for c in [refused] + involved.map(\.0) {
            for item in model.framedViews(in: c) where !named.contains(item) { named.append(item) }
        }
        let message: String
        if involved.count > conflictSearchLimit {
            message = "cannot hold together with the required constraints before it"
        } else if named.isEmpty {
            message = "cannot hold: its parts contradict each other"
        } else {
            let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
            let constraintsNamed = involved.contains { $0.0.jsonPath != refused.jsonPath }
            message = "cannot hold together with \(list)" + (constraintsNamed ? "; give one of them a priority below 1000" : "")
        }
        return .invalid(file: file, path: refused.jsonPath, message: "\"\(refused.text)\" \(message)")
    }

    /// Whether the last of `constraints` is refused after the others, at `offset`.
    private static func conflicts(_ constraints: [Constraint], offset: Double) -> Bool {
        var solver: Solver
        do {
            solver = try ConstraintLayout.solver(at: offset)
            for c in constraints.dropLast() { try solver.add(c) }
        } catch {
            return false
        }
        return (try? solver.add(constraints.last!)) == nil
    }
}
