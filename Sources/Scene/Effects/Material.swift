/// A view's `material`: UIKit's blur styles (`UIBlurEffect.Style.systemUltraThinMaterial` …
/// `systemChromeMaterial`), each a blur of what lies behind the view, a saturation and a tint, in
/// the appearance being decoded.
///
/// Apple publishes no recipe for its materials. The constants here, and where each comes from:
/// - the blur, 20 points for every style, and the saturation, ×1.8, are the translucent-bar recipe
///   of Apple's own web navigation bar (CSS `backdrop-filter: saturate(180%) blur(20px)`), which
///   Ionic and Framework7 also use for their iOS bars; ×1.8 is also UIKit's strong saturation delta
///   factor of `_UIBackdropViewSettings`. The blur is three box passes of that radius, whose
///   standard deviation, √(r(r+1)), is within half a pixel of it;
/// - `chrome`'s tint is that bar's 80 % over UIKit's bar colour, #F9F9F9 (light) and #161618 (dark);
/// - the other styles share the system background's white (light) and #1C1C1E (dark), at 30, 50,
///   70 and 85 %: they step in opacity in the order the HIG lists them, and are choices, not
///   measurements.
///
/// Invariants: `blurRadius` > 0; `saturation` ≥ 0; the tint is translucent, so that what lies
/// behind always shows through.
public struct Material: Equatable, Sendable {
    public enum Style: String, CaseIterable, Equatable, Sendable {
        case ultraThin, thin, regular, thick, chrome
    }

    public var style: Style
    public var dark: Bool

    public init(_ style: Style, dark: Bool) { self.style = style; self.dark = dark }

    /// The blur's box radius in points, run three times.
    public var blurRadius: Double { 20 }
    /// 1 leaves colours as they are; 0 is grey; above 1 colours are more vivid.
    public var saturation: Double { 1.8 }

    /// Laid over the blurred, saturated backdrop.
    public var tint: Color {
        let (r, g, b): (UInt8, UInt8, UInt8)
        switch (style, dark) {
        case (.chrome, false): (r, g, b) = (249, 249, 249)
        case (.chrome, true): (r, g, b) = (22, 22, 24)
        case (_, false): (r, g, b) = (255, 255, 255)
        case (_, true): (r, g, b) = (28, 28, 30)
        }
        let alpha: [Style: UInt8] = [.ultraThin: 77, .thin: 128, .regular: 179, .thick: 217, .chrome: 204]
        return Color(r: r, g: g, b: b, a: alpha[style]!)
    }
}
