/// A view's drop shadow, with `CALayer`'s meaning: the view's shape, as the alpha of everything
/// it draws, blurred by a Gaussian of σ = `radius` / 2, in `color` at `opacity`, moved by
/// `offset`, under the view. The view's own `clipsToBounds` does not cut it.
public struct Shadow: Equatable, Sendable {
    public var color: Color
    /// 0…1; a view has a shadow only when this is above 0, as a layer's `shadowOpacity` defaults to 0.
    public var opacity: Double
    /// Points; y grows downwards. CALayer's default, (0, −3), casts upwards.
    public var offset: (dx: Double, dy: Double)
    /// Points; the blur's σ is half of it.
    public var radius: Double

    public init(color: Color = Color(r: 0, g: 0, b: 0), opacity: Double, offset: (dx: Double, dy: Double) = (0, -3),
                radius: Double = 3) {
        self.color = color; self.opacity = opacity; self.offset = offset; self.radius = radius
    }

    public static func == (a: Shadow, b: Shadow) -> Bool {
        a.color == b.color && a.opacity == b.opacity && a.offset == b.offset && a.radius == b.radius
    }
}
