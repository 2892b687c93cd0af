/// Sub-pixel precision of raster geometry: one pixel is 256 units (24.8 fixed point).
///
/// Geometry arrives as floating-point points and is rounded once, into this form, at the raster
/// boundary. Every later step is integer maths, so frames are identical in every build.
public let fixedOne = 256

/// An axis-aligned rectangle in device pixels, in 1/256 pixel units. `min ≤ max` on both axes;
/// an empty rectangle has `min == max` on at least one axis.
public struct FixedRect: Equatable, Sendable {
    public var minX: Int, minY: Int, maxX: Int, maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX; self.minY = minY
        self.maxX = max(minX, maxX); self.maxY = max(minY, maxY)
    }

    /// Rounds a rectangle given in pixels (origin and size) to the nearest 1/256 pixel.
    public init(x: Double, y: Double, width: Double, height: Double) {
        let x0 = Int((x * 256).rounded()), y0 = Int((y * 256).rounded())
        let x1 = Int(((x + width) * 256).rounded()), y1 = Int(((y + height) * 256).rounded())
        self.init(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// The rectangle covering whole pixels `0..<width` × `0..<height`.
    public init(pixelWidth: Int, pixelHeight: Int) {
        self.init(minX: 0, minY: 0, maxX: pixelWidth * fixedOne, maxY: pixelHeight * fixedOne)
    }

    public var width: Int { maxX - minX }
    public var height: Int { maxY - minY }
    public var isEmpty: Bool { minX >= maxX || minY >= maxY }

    public func intersection(_ other: FixedRect) -> FixedRect {
        FixedRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                  maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// Moved by whole pixels, which keeps the sub-pixel phase and therefore the coverage.
    public func offsetBy(pixelsX dx: Int, pixelsY dy: Int) -> FixedRect {
        FixedRect(minX: minX + dx * fixedOne, minY: minY + dy * fixedOne,
                  maxX: maxX + dx * fixedOne, maxY: maxY + dy * fixedOne)
    }

    /// The smallest whole-pixel range on each axis that touches the rectangle.
    public var pixelBounds: PixelRect {
        let x0 = floorDiv(minX, fixedOne), y0 = floorDiv(minY, fixedOne)
        let x1 = -floorDiv(-maxX, fixedOne), y1 = -floorDiv(-maxY, fixedOne)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return PixelRect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }
}

@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
