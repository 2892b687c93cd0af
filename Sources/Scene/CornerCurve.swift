/// The shape of a view's rounded corners, as CALayer's `cornerCurve`: `circular` corners are
/// quarter circles; `continuous` ones are Apple's smoother curve, which leaves the straight edge
/// about 1.53 radii from the corner so its curvature grows gradually (the iOS 7 squircle).
public enum CornerCurve: String, CaseIterable, Equatable, Sendable {
    case circular, continuous
}
