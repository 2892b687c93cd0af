import Raster

/// `--device-frame`: the screen as it looks on the phone. `mask` cuts the display's rounded
/// corners (continuous, as the display's are) and leaves them transparent; `bezel` also puts the
/// screen in a simple black body with a thin edge, on a transparent backdrop. Formats without
/// transparency flatten the backdrop onto white, as they flatten any frame.
public enum DeviceFrame: String, CaseIterable, Sendable {
    case mask, bezel

    /// The body's width around the screen, in points.
    static let bezelWidth = 12.0

    /// Pixels added on each side of the screen.
    func margin(scale: Double) -> Int {
        self == .bezel ? Int((DeviceFrame.bezelWidth * scale).rounded()) : 0
    }

    /// `screen` in the frame; `cornerRadius` is the display's, in points.
    func apply(_ screen: Bitmap, cornerRadius: Double, scale: Double) -> Bitmap {
        let m = margin(scale: scale)
        let width = screen.width + 2 * m, height = screen.height + 2 * m
        var framed = Bitmap(width: width, height: height)
        let everywhere = Clip(pixelWidth: width, pixelHeight: height)
        if self == .bezel {
            let body = RoundedRect(rect: FixedRect(pixelWidth: width, pixelHeight: height),
                                   radius: Int(((cornerRadius + DeviceFrame.bezelWidth) * scale * 256).rounded()), continuous: true)
            framed.fill(body, color: StraightColor(r: 28, g: 28, b: 30).premultiplied, clip: everywhere)
            framed.fill(Ring(outer: body, width: Int((1.5 * scale * 256).rounded())),
                        color: StraightColor(r: 72, g: 72, b: 74).premultiplied, clip: everywhere)
        }
        let display = RoundedRect(rect: FixedRect(pixelWidth: screen.width, pixelHeight: screen.height).offsetBy(pixelsX: m, pixelsY: m),
                                  radius: Int((cornerRadius * scale * 256).rounded()), continuous: true)
        // The screen over the body, inside the display's outline: its anti-aliased edge mixes the two.
        framed.composite(screen, x: m, y: m, opacity: 255, clip: everywhere.intersecting(display))
        return framed
    }
}
