/// A strict RFC 8259 JSON parser that reports the line and column of the first error.
///
/// Foundation's decoder on Linux reports neither, accepts duplicate keys silently and loses key
/// order; a scene author needs all three. Nesting is limited so hostile input cannot exhaust the
/// stack.
public struct JSONParser {
    public struct SyntaxError: Error, Equatable {
        public let line: Int
        public let column: Int
        public let message: String
    }

    public static let maxDepth = 128

    private let bytes: [UInt8]
    private var index = 0

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> SyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
        for b in literal.utf8 {
            guard peek == b else { throw error("invalid literal, expected '\(literal)'") }
            index += 1
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        guard let b = peek else { throw error("unexpected end of file, expected a value") }
        switch b {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected(expected: "a value")
        }
    }

    /// The error for the character at `index`: named whole even when it is not ASCII, with a hint
    /// for the usual mistakes in hand-written JSON.
    private func unexpected(expected: String) -> SyntaxError {
        let rest = bytes[index...]
        if index == 0 && rest.starts(with: [0xEF, 0xBB, 0xBF]) {
            return error("the file starts with a byte order mark; save it as UTF-8 without one")
        }
        if index == 0 && (rest.starts(with: [0xFF, 0xFE]) || rest.starts(with: [0xFE, 0xFF])) {
            return error("the file is UTF-16; save it as UTF-8")
        }
        let scalar = String(decoding: rest.prefix(4), as: UTF8.self).unicodeScalars.first!
        var message = "unexpected character '\(scalar)'"
        if !scalar.isASCII { message += " (U+\(hex(scalar.value)))" }
        message += ", expected \(expected)"
        switch scalar {
        case "/": message += "; JSON has no comments"
        case "'": message += "; JSON takes double quotes"
        case "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}": message += "; JSON takes straight double quotes"
        default: break
        }
        return error(message)
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            switch peek {
            case UInt8(ascii: "\""): break
            case UInt8(ascii: "}"): throw error("expected a quoted key after ',', found '}' (JSON allows no trailing comma)")
            case let b? where b == UInt8(ascii: "'") || b == UInt8(ascii: "/") || b >= 0x80:
                throw unexpected(expected: "a quoted key")
            default: throw error("expected a quoted key")
            }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw error("unexpected end of file, expected ',' or '}'")
            default: throw error("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw error("expected a value after ',', found ']' (JSON allows no trailing comma)") }
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            case nil: throw error("unexpected end of file, expected ',' or ']'")
            default: throw error("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let s = index
            while let b = peek, b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { index += 1 }
            return index - s
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
            if digits() > 0 {
                index = start
                throw error("invalid number: leading zeros are not allowed")
            }
        } else if digits() == 0 { throw error("invalid number") }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number: expected digits after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number: expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is too large")
        }
        return .number(value)
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1
        var out = [UInt8]()
        while true {
            guard let b = peek else { throw error("unterminated string") }
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else {
                    index = start
                    throw error("string is not valid UTF-8")
                }
                return s
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw error("unterminated string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out += try parseUnicodeEscape()
                default:
                    index -= 2
                    throw error("invalid escape '\\\(Unicode.Scalar(e))'")
                }
            case 0..<0x20:
                index -= 1
                throw error("unescaped control character U+\(hex(UInt32(b))) in string")
            default: out.append(b)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek, let d = Int(String(Unicode.Scalar(b)), radix: 16) else {
                throw error("invalid \\u escape")
            }
            v = v << 4 | UInt32(d); index += 1
        }
        return v
    }

    private mutating func parseUnicodeEscape() throws -> [UInt8] {
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            guard peek == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
            index += 1
            guard peek == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
            index += 1
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate in \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }
}
