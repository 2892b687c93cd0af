/// A view's gradient, as `CAGradientLayer` draws one over the view's background and under its
/// image, text and children, rounded by its corner radius.
///
/// Points are in the view's unit square, (0, 0) its top left and (1, 1) its bottom right. A
/// linear gradient (CAGradientLayer's axial) runs from `startPoint` to `endPoint`; a radial one
/// is centred on `startPoint` and reaches its last colour on the ellipse through `endPoint`.
public struct LayerGradient: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable { case linear, radial }

    public var kind: Kind
    /// At least two.
    public var colors: [Color]
    /// One per colour, non-decreasing, 0…1; evenly spread when the scene gives none.
    public var locations: [Double]
    public var startPoint: (x: Double, y: Double)
    public var endPoint: (x: Double, y: Double)

    public init(kind: Kind = .linear, colors: [Color], locations: [Double]? = nil,
                startPoint: (x: Double, y: Double) = (0.5, 0), endPoint: (x: Double, y: Double) = (0.5, 1)) {
        self.kind = kind; self.colors = colors
        self.locations = locations ?? colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
        self.startPoint = startPoint; self.endPoint = endPoint
    }

    public static func == (a: LayerGradient, b: LayerGradient) -> Bool {
        a.kind == b.kind && a.colors == b.colors && a.locations == b.locations && a.startPoint == b.startPoint
            && a.endPoint == b.endPoint
    }
}
