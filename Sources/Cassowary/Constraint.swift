import Foundation

/// `expression relation 0`, to hold as far as its strength allows.
public struct Constraint: Equatable, Sendable {
    public enum Relation: String, Equatable, Sendable {
        case equal = "==", lessOrEqual = "<=", greaterOrEqual = ">="
    }

    public var expression: LinearExpression
    public var relation: Relation
    public var strength: Strength

    public init(_ expression: LinearExpression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression; self.relation = relation; self.strength = strength
    }

    /// `lhs relation rhs`.
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required) {
        self.init(lhs - rhs, relation, strength: strength)
    }
}

/// How much a constraint matters. Required constraints must hold; the others are weighed against
/// each other, each one's error counting by its weight.
public struct Strength: Comparable, Sendable {
    /// The error's cost per point; `infinity` for required.
    public let weight: Double

    public static let required = Strength(weight: .infinity)

    public init(weight: Double) { self.weight = weight }

    /// UIKit's layout priority, 1…1000: 1000 is required; below, the weight grows tenfold every
    /// 111 steps, from about 1 at priority 1 to 10⁹ at 999. So one constraint outweighs about
    /// 10^((p − q) / 111) constraints of a lower priority q (750 against 250: some 30,000), close
    /// to UIKit, where a higher priority always wins, while the weights stay within the range a
    /// double's simplex keeps exact enough.
    public init(priority: Double) {
        weight = priority >= 1000 ? .infinity : pow(10, max(1, priority) / 111)
    }

    public var isRequired: Bool { weight == .infinity }

    public static func < (a: Strength, b: Strength) -> Bool { a.weight < b.weight }
}
