/// Σ coefficient × variable + constant.
public struct LinearExpression: Equatable, Sendable {
    public var terms: [(variable: Variable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(variable: Variable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms; self.constant = constant
    }

    /// 1 × `variable`.
    public init(_ variable: Variable) { self.init([(variable, 1)]) }

    public static func == (a: LinearExpression, b: LinearExpression) -> Bool {
        a.constant == b.constant && a.terms.elementsEqual(b.terms) { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    /// `a − b`, the form a constraint keeps: `a relation b` is `a − b relation 0`.
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms.map { ($0.variable, -$0.coefficient) }, constant: a.constant - b.constant)
    }
}
