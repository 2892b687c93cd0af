/// A column of the tableau: a caller's variable, or one the solver adds for a constraint.
///
/// Ids grow in order of creation (parameters downwards from −1, the others upwards from 0); rows
/// keep their cells sorted by id, and the solver always scans in id order, so every pivot, and
/// so every result, is the same from run to run.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 {
        /// A caller's variable; unrestricted in sign.
        case external
        /// The slack of an inequality, ≥ 0.
        case slack
        /// The error of a non-required constraint, ≥ 0, priced in the objective.
        case error
        /// Marks a required equality; never enters the basis.
        case dummy
        /// An edit variable's suggested value, a known number rather than an unknown: never
        /// enters the basis. Its id is negative, so it sorts first in a row.
        case parameter
    }

    let id: Int32
    let kind: Kind

    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    /// Slack and error symbols may leave or enter the basis to fix a negative row.
    var isPivotable: Bool { kind == .slack || kind == .error }

    /// What the simplex steps may bring into the basis: anything but markers of required
    /// equalities and known values (kiwi lets a free variable enter too).
    var canEnter: Bool { kind != .dummy && kind != .parameter }
}
