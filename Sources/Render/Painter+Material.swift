import Raster
import Scene

extension Painter {
    /// A view's material (see `Material`): the pixels drawn so far under its shape, blurred from a
    /// band of three radii around it (further pixels cannot reach it through three box passes),
    /// saturated and tinted, then laid back inside the shape and the ancestors' clips with the
    /// view's opacity, so a bar that fades in fades from clear to material. The view's background,
    /// content and children are drawn over it as usual.
    ///
    /// What lies behind is what this bitmap holds: the screen, or for a view inside a translucent
    /// or blurred ancestor, that ancestor's layer, as UIKit's effects also fail under an alpha.
    /// Nothing drawn before the view may have been left out for being covered (see `covers`).
    func drawMaterial(_ item: DisplayItem, _ material: Material, into target: inout Bitmap, _ scope: PaintScope, opacity: UInt8) {
        let inside = clip(item.clips, target, scope).intersecting(shape(of: item, scope))
        let visible = inside.rect.pixelBounds.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        guard !visible.isEmpty else { return }
        let radius = max(1, Int((material.blurRadius * scale).rounded())), reach = 3 * radius
        let band = PixelRect(x: visible.x - reach, y: visible.y - reach, width: visible.width + 2 * reach,
                             height: visible.height + 2 * reach)
            .intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        var backdrop = target.cropped(to: band)
        backdrop.boxBlur(radius: radius)
        backdrop.saturate(by: Int((material.saturation * 256).rounded()))
        let whole = Clip(pixelWidth: backdrop.width, pixelHeight: backdrop.height)
        backdrop.fill(RoundedRect(rect: whole.rect, radius: 0), color: premultiplied(material.tint), clip: whole)
        target.composite(backdrop, x: band.x, y: band.y, opacity: opacity, clip: inside)
    }
}
