import Foundation
import Raster
import Scene

extension Painter {
    /// A view's shadow, under it: the alpha of everything the view draws (drawn once more, in a
    /// layer of its own), blurred by three box passes whose variance is closest to the Gaussian's
    /// σ² = (radius / 2)², in the shadow's colour at its opacity times the view's, moved by the
    /// offset rounded to whole pixels, and cut only by the clips of the view's ancestors.
    func drawShadow(_ shadow: Shadow, of item: DisplayItem, into target: inout Bitmap, _ scope: PaintScope, opacity: UInt8) throws {
        let bounds = drawnBounds(item, scope, skipping: item.ancestorClipCount)
        guard !bounds.isEmpty else { return }
        var opaque = item
        opaque.alpha = 1
        let layerScope = scope.layer(covering: bounds, skipping: item.ancestorClipCount)
        var layer = Bitmap(width: bounds.width, height: bounds.height)
        try draw(opaque, into: &layer, layerScope)
        let radius = Painter.boxRadius(sigma: shadow.radius / 2 * scale)
        // Three passes reach three radii: the mask gets that margin of nothing around it.
        let margin = 3 * radius + 1
        let mask = CoverageMask(alphaOf: layer, margin: margin).boxBlurred(radius: radius)
        let dx = Int((shadow.offset.dx * scale).rounded()), dy = Int((shadow.offset.dy * scale).rounded())
        let strength = (shadow.opacity * Double(opacity)).rounded()
        // Under the view itself, which is drawn next, and under what is drawn after it.
        let hidden = scope.covered.map { $0 + self.opaque(item, width: target.width, height: target.height, scope) } ?? Occluders()
        target.draw(mask, x: bounds.x - margin + dx, y: bounds.y - margin + dy,
                    color: premultiplied(shadow.color).scaled(by: UInt8(max(0, min(255, strength)))),
                    clip: clip(Array(item.clips.prefix(item.ancestorClipCount)), target, scope), hidden: hidden)
    }

    /// The box radius whose three passes come closest to a Gaussian of `sigma` pixels: three boxes
    /// of width 2r + 1 have variance ((2r + 1)² − 1) / 4.
    static func boxRadius(sigma: Double) -> Int {
        max(0, Int(((sqrt(4 * sigma * sigma + 1) - 1) / 2).rounded()))
    }
}
