/// A rectangle with rounded corners, in 1/256 pixels.
public struct RoundedRect: Equatable, Sendable {
    public var rect: FixedRect
    /// Corner radius in 1/256 pixels; always between 0 and half the shorter side.
    public private(set) var radius: Int
    /// The corners the radius rounds (CALayer's `maskedCorners`); the others stay square.
    public var corners: Corners
    /// Whether the corners are Apple's continuous curve (CALayer's `cornerCurve`) rather than
    /// quarter circles; see `CornerProfile`.
    public private(set) var continuous: Bool
    /// For a continuous corner: how much of Apple's curve it takes (0…65536) against a quarter
    /// circle, and how far it reaches along each edge (1/256 pixels). The full curve reaches 1.53
    /// radii; where that would pass half the shorter side, the corner is blended towards a circle
    /// until it fits, so a radius of half the side still makes a capsule's round ends.
    public private(set) var blend = 0
    public private(set) var reach = 0

    public init(rect: FixedRect, radius: Int, corners: Corners = .all, continuous: Bool = false) {
        self.rect = rect
        let half = min(rect.width, rect.height) / 2
        self.radius = max(0, min(radius, half))
        self.corners = corners
        self.continuous = continuous && self.radius > 0
        if self.continuous {
            let extra = CornerProfile.reach - 1
            let fits = (Double(half) / Double(self.radius) - 1) / extra
            blend = Int((max(0, min(1, fits)) * 65536).rounded())
            reach = min(half, self.radius + Int((Double(self.radius) * extra * Double(blend) / 65536).rounded(.up)))
        }
    }

    /// Whether any corner is cut.
    var isRounded: Bool { radius > 0 && !corners.isEmpty }

    /// How far a corner's curve reaches along each edge, in 1/256 pixels.
    var cornerExtent: Int { continuous ? reach : radius }
}

/// Corners of a rectangle, with y growing downwards.
public struct Corners: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// The region drawing is limited to: a rectangle, intersected with any number of rounded
/// rectangles (nested views that clip to rounded bounds).
///
/// Invariant: `rect` is the intersection of every rectangle that clips, computed once before any
/// pixel loop; `rounded` holds only the shapes whose corners cut into it (radius > 0). Coverage
/// takes the smallest corner coverage of all of them at each pixel.
public struct Clip: Equatable, Sendable {
    public var rect: FixedRect
    public var rounded: [RoundedRect]

    public init(rect: FixedRect, rounded: [RoundedRect] = []) {
        self.rect = rect
        self.rounded = rounded.filter(\.isRounded)
    }

    /// The clip that lets everything inside a bitmap of this size through.
    public init(pixelWidth: Int, pixelHeight: Int) {
        self.init(rect: FixedRect(pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    }

    /// This clip narrowed to a (possibly rounded) rectangle.
    public func intersecting(_ shape: RoundedRect) -> Clip {
        Clip(rect: rect.intersection(shape.rect), rounded: rounded + [shape])
    }
}
