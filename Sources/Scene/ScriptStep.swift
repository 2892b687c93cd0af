/// One step of a scroll script.
public enum ScriptStep: Equatable, Sendable {
    /// Animate the offset to `y` over `duration` seconds along `curve`.
    case scrollTo(y: Double, duration: Double, curve: TimingCurve)
    /// Hold the offset for `duration` seconds.
    case wait(duration: Double)

    public var duration: Double {
        switch self {
        case .scrollTo(_, let d, _), .wait(let d): return d
        }
    }
}
