/// A size in points.
public struct Size: Equatable, Sendable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// A rectangle in points, origin at the top left, y growing downwards as in UIKit.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size { Size(width: width, height: height) }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The overlap of two rectangles; zero-sized (at the clamped origin) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0), height: max(0, min(maxY, other.maxY) - y0))
    }

    public var description: String { "[\(format(x)), \(format(y)), \(format(width)), \(format(height))]" }
}

/// A colour with straight alpha, as written in scenes: `#RRGGBB` or `#RRGGBBAA`.
public struct Color: Equatable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil otherwise.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9,
              digits.dropFirst().allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0
                                              || UInt8(ascii: "A")...UInt8(ascii: "F") ~= $0 }) else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 1, to: digits.count, by: 2) {
            guard let v = UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(v)
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }

    public static let white = Color(r: 255, g: 255, b: 255)
}

/// The corners a view's corner radius rounds, as CALayer's `maskedCorners`; y grows downwards.
public struct CornerMask: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let topLeft = CornerMask(rawValue: 1)
    public static let topRight = CornerMask(rawValue: 2)
    public static let bottomLeft = CornerMask(rawValue: 4)
    public static let bottomRight = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    /// The names scenes use, in order.
    public static let named: [(String, CornerMask)] = [("topLeft", .topLeft), ("topRight", .topRight),
                                                         ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight)]
}
