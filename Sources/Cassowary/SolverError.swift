/// Why the solver refused a request. The solution stays what it was before the request.
public enum SolverError: Error, Equatable, Sendable {
    /// A required constraint cannot hold together with the required constraints already added.
    case unsatisfiable
    /// The handle names no constraint of this solver.
    case unknownConstraint
    case duplicateEditVariable
    case unknownEditVariable
    /// An edit variable moves its value around; a required one could make the system infeasible.
    case requiredEditVariable
    /// The non-required constraints can be satisfied better without end: an error of the solver
    /// itself, which a well-formed system never reaches.
    case unbounded
}
