/// A value made when it is first asked for, and only once: a frame's geometry, which a mask and a
/// failure's report may both need, and which a passing frame never does.
public final class Memo<Value> {
    private let make: () throws -> Value
    private var made: Value?

    public init(_ make: @escaping () throws -> Value) { self.make = make }

    public func value() throws -> Value {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}
