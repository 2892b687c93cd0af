/// An iPhone whose screen a scene can be drawn for: `"canvas": {"device": "iPhone 15 Pro"}`.
///
/// Sizes are Apple's published screen sizes in points and scale factors; safe-area insets are
/// UIKit's in portrait; display corner radii are the screens' rounded corners in points, as
/// measured on the devices (Apple does not publish them).
public struct Device: Equatable, Sendable {
    public let name: String
    public let width: Double, height: Double
    public let scale: Int
    /// Portrait safe area: the status bar (or sensor housing) at the top, the home indicator at
    /// the bottom.
    public let safeArea: Insets
    public let displayCornerRadius: Double

    public static let all: [Device] = [
        Device(name: "iPhone SE", width: 375, height: 667, scale: 2, safeArea: Insets(top: 20, bottom: 0), displayCornerRadius: 0),
        Device(name: "iPhone 13 mini", width: 375, height: 812, scale: 3, safeArea: Insets(top: 50, bottom: 34), displayCornerRadius: 44),
        Device(name: "iPhone 14", width: 390, height: 844, scale: 3, safeArea: Insets(top: 47, bottom: 34), displayCornerRadius: 47.33),
        Device(name: "iPhone 15", width: 393, height: 852, scale: 3, safeArea: Insets(top: 59, bottom: 34), displayCornerRadius: 55),
        Device(name: "iPhone 15 Pro", width: 393, height: 852, scale: 3, safeArea: Insets(top: 59, bottom: 34), displayCornerRadius: 55),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932, scale: 3, safeArea: Insets(top: 59, bottom: 34), displayCornerRadius: 55),
        Device(name: "iPhone 16 Pro", width: 402, height: 874, scale: 3, safeArea: Insets(top: 62, bottom: 34), displayCornerRadius: 62),
        Device(name: "iPhone 16 Pro Max", width: 440, height: 956, scale: 3, safeArea: Insets(top: 62, bottom: 34), displayCornerRadius: 62),
    ]

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// The device that replaces a scene's own while decoding (`--device`, a suite's `devices`):
    /// task-local, as `Appearance.decoding` is; nil keeps the scene's.
    @TaskLocal static var overriding: Device?

    /// The name as it goes into a reference's name: spaces as hyphens (`iPhone-SE`).
    public var slug: String { name.replacingOccurrences(of: " ", with: "-") }
}
