/// An unknown of a linear system: a name the caller chooses, such as one edge of one view.
public struct Variable: Hashable, Comparable, Sendable {
    public let id: Int
    public init(_ id: Int) { self.id = id }
    public static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
}
