import Raster
import Scene

/// `"statusBar": {"style": "auto"}`: the status bar's content is white over dark pixels and
/// black over light ones, as an app picks its `preferredStatusBarStyle` for what it shows under
/// the bar.
///
/// Invariants: the choice is made per frame from the pixels drawn before the bar (everything the
/// scene and the other bars draw there), averaged over the bar's whole rectangle as Rec. 709 luma
/// in integers, so it is the same on every run; below `threshold` the content is white. Only
/// the colours of the bar's items change (each keeps its alpha), never their geometry, so the
/// display list and `--inspect` are the same either way.
enum StatusBarContrast {
    /// The view id of the status bar (`SystemBars`).
    static let id = "statusBar"
    /// Half of the 0…255 luma scale: a mid-grey header gets black content, as in UIKit's
    /// default, and anything darker white.
    static let threshold = 128

    /// The content colour for the pixels under `rect`.
    static func ink(over bitmap: Bitmap, in rect: PixelRect) -> Color {
        bitmap.meanLuma(in: rect) < threshold ? .white : Color(r: 0, g: 0, b: 0)
    }

    /// `item` and its children drawn in `ink`: every label, background and border colour takes
    /// the ink's red, green and blue and keeps its own alpha.
    static func inked(_ item: DisplayItem, _ ink: Color) -> DisplayItem {
        func recolour(_ c: Color) -> Color { Color(r: ink.r, g: ink.g, b: ink.b, a: c.a) }
        var item = item
        if let colour = item.label?.color { item.label?.color = recolour(colour) }
        item.background = item.background.map(recolour)
        if let colour = item.border?.color { item.border?.color = recolour(colour) }
        item.children = item.children.map { inked($0, ink) }
        return item
    }
}
