/// A rectangle with rounded corners, in 1/256 pixels.
public struct RoundedRect: Equatable, Sendable {
    public var rect: FixedRect
    /// Corner radius in 1/256 pixels; always between 0 and half the shorter side.
    public private(set) var radius: Int

    public init(rect: FixedRect, radius: Int) {
        self.rect = rect
        self.radius = max(0, min(radius, min(rect.width, rect.height) / 2))
    }
}

/// The region drawing is limited to: a rectangle, intersected with at most one rounded rectangle.
///
/// Nested rectangular clips are intersected once, before any pixel loop. A second rounded clip
/// cannot be represented; `intersecting(_:)` returns nil for it and the caller draws through an
/// offscreen layer instead.
public struct Clip: Equatable, Sendable {
    public var rect: FixedRect
    public var rounded: RoundedRect?

    public init(rect: FixedRect, rounded: RoundedRect? = nil) {
        self.rect = rect
        self.rounded = (rounded?.radius ?? 0) > 0 ? rounded : nil
    }

    /// The clip that lets everything inside a bitmap of this size through.
    public init(pixelWidth: Int, pixelHeight: Int) {
        self.init(rect: FixedRect(pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    }

    /// This clip narrowed to a rounded rectangle, or nil when both carry rounded corners.
    public func intersecting(_ shape: RoundedRect) -> Clip? {
        let narrowed = rect.intersection(shape.rect)
        guard shape.radius > 0 else { return Clip(rect: narrowed, rounded: rounded) }
        guard rounded == nil else { return nil }
        return Clip(rect: narrowed, rounded: shape)
    }
}
