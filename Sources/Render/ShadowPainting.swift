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
        // Three passes reach three radii: the shape gets that margin of nothing around it.
        let margin = 3 * radius + 1
        var shape = Painter.shape(of: layer, margin: margin)
        shape.boxBlur(radius: radius)
        let alpha = stride(from: 3, to: shape.pixels.count, by: 4).map { shape.pixels[$0] }
        let mask = CoverageMask(width: shape.width, height: shape.height, coverage: alpha)
        let dx = Int((shadow.offset.dx * scale).rounded()), dy = Int((shadow.offset.dy * scale).rounded())
        let strength = (shadow.opacity * Double(opacity)).rounded()
        target.draw(mask, x: bounds.x - margin + dx, y: bounds.y - margin + dy,
                    color: premultiplied(shadow.color).scaled(by: UInt8(max(0, min(255, strength)))),
                    clip: clip(Array(item.clips.prefix(item.ancestorClipCount)), target, scope))
    }

    /// White at the alpha of `layer`, with `margin` clear pixels around it: premultiplied, every
    /// channel is the alpha. Made in a function of its own so that the bitmap it returns is the
    /// only owner of its pixels, and blurring it in place copies nothing (4.5 MB for a card's
    /// shadow @3x).
    private static func shape(of layer: Bitmap, margin: Int) -> Bitmap {
        let width = layer.width + 2 * margin, height = layer.height + 2 * margin
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let a = layer.pixels[(y * layer.width + x) * 4 + 3]
                let i = ((y + margin) * width + x + margin) * 4
                bytes[i] = a; bytes[i + 1] = a; bytes[i + 2] = a; bytes[i + 3] = a
            }
        }
        return Bitmap(width: width, height: height, premultiplied: bytes)!
    }

    /// The box radius whose three passes come closest to a Gaussian of `sigma` pixels: three boxes
    /// of width 2r + 1 have variance ((2r + 1)² − 1) / 4.
    static func boxRadius(sigma: Double) -> Int {
        max(0, Int(((sqrt(4 * sigma * sigma + 1) - 1) / 2).rounded()))
    }
}
