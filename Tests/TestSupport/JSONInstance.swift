import Foundation

/// A JSON value as the schema validator sees it, read with Foundation's JSONSerialization.
///
/// JSONSerialization hands back booleans and numbers alike as NSNumber, and on Linux `1 as? Bool`
/// and `true as? Int` both succeed, so a casting switch would take `"fps": true` for a number. The
/// two are told apart once, here, and nothing past this type sees an NSNumber.
public indirect enum JSONInstance: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONInstance])
    case object([String: JSONInstance])

    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses JSON text; any value may be the top level.
    public init(data: Data) throws {
        try self.init(foundation: JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
    }

    public init(_ text: String) throws { try self.init(data: Data(text.utf8)) }

    public init(file: String) throws { try self.init(data: Data(contentsOf: URL(fileURLWithPath: file))) }

    /// Converts what JSONSerialization returned.
    public init(foundation value: Any) throws {
        switch value {
        case is NSNull: self = .null
        case let n as NSNumber: self = JSONInstance.isBoolean(n) ? .bool(n.boolValue) : .number(n.doubleValue)
        case let s as String: self = .string(s)
        case let a as [Any]: self = .array(try a.map(JSONInstance.init(foundation:)))
        case let o as [String: Any]: self = .object(try o.mapValues(JSONInstance.init(foundation:)))
        default: throw Unsupported(description: "not a JSON value: \(type(of: value))")
        }
    }

    /// JSONSerialization makes `true` and `false` of NSNumber's boolean subclass (the one behind
    /// `NSNumber(value: true)`, on Linux and on Apple platforms alike), and numbers of other classes.
    static func isBoolean(_ n: NSNumber) -> Bool {
        ObjectIdentifier(type(of: n)) == ObjectIdentifier(type(of: NSNumber(value: true)))
    }

    /// The JSON Schema type name: "null", "boolean", "number", "string", "array" or "object".
    /// Integers are numbers here; "integer" is a test on a number's value, see `isWholeNumber`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value at a JSON pointer written without the leading "#/", such as
    /// `$defs/view/properties/alpha`; nil when there is none.
    public func at(_ pointer: String) -> JSONInstance? {
        pointer.split(separator: "/").reduce(self) { value, token in
            switch value {
            case .object(let members)?: return members[String(token)]
            case .array(let items)?: return Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
    }

    /// JSON Schema's "integer": a number with no fractional part, so 2.0 is one.
    public var isWholeNumber: Bool {
        guard case .number(let v) = self else { return false }
        return v.isFinite && v == v.rounded()
    }

    /// Compact JSON text, for messages: whole numbers without ".0", keys sorted.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return isWholeNumber && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .string(let s): return JSONInstance.quoted(s)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            let parts = members.keys.sorted().map { "\(JSONInstance.quoted($0)): \(members[$0]!)" }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
