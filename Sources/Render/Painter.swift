import Raster
import Scene
import Text

/// Rasterizes display items at an output scale. Geometry in points is rounded once, here, to
/// 1/256 device pixels; everything after that is the integer maths of `Raster`.
///
/// Group opacity follows UIKit (`allowsGroupOpacity`): a translucent view with more than one thing
/// to draw is drawn into an offscreen layer first, so its parts do not show through each other.
struct Painter: Sendable {
    let scale: Double
    let images: [String: Bitmap]
    /// Loaded fonts by path; every label's font is here (the renderer loads them up front).
    let fonts: [String: Font]
    let sceneFile: String

    /// The font file a label draws with.
    static func fontPath(_ label: Label) -> String {
        label.fontFile ?? (label.weight == .bold ? Font.defaultBoldPath : Font.defaultRegularPath)
    }

    /// A bitmap of the canvas filled with `background`, with `items` drawn over it in order.
    func paint(_ items: [DisplayItem], width: Int, height: Int, background: Color) throws -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: premultiplied(background))
        let everything = Clip(pixelWidth: width, pixelHeight: height)
        for item in items { try draw(item, into: &bitmap, origin: (0, 0), clip: everything) }
        return bitmap
    }

    /// Draws one item. `origin` is the device pixel of the screen that is (0, 0) in `target`,
    /// non-zero inside layers; `clip` is in `target`'s coordinates.
    private func draw(_ item: DisplayItem, into target: inout Bitmap, origin: (Int, Int), clip: Clip) throws {
        let opacity = UInt8((max(0, min(1, item.alpha)) * 255).rounded())
        guard opacity > 0 else { return }
        if let blur = item.blur, blur.opacity > 0, pixels(blur.radius) > 0 {
            try drawBlurred(item, blur, into: &target, origin: origin, clip: clip, opacity: opacity)
            return
        }
        let parts = (item.background == nil ? 0 : 1) + (item.image == nil ? 0 : 1) + (item.label == nil ? 0 : 1)
            + item.children.count
        if opacity < 255 && parts > 1 {
            var opaque = item
            opaque.alpha = 1
            try inLayer(into: &target, origin: origin, clip: clip, opacity: opacity) { layer, layerOrigin, layerClip in
                try draw(opaque, into: &layer, origin: layerOrigin, clip: layerClip)
            }
            return
        }
        let shape = RoundedRect(rect: fixed(item.frame, origin), radius: fixedLength(item.cornerRadius))
        if let background = item.background {
            target.fill(shape, color: premultiplied(background).scaled(by: opacity), clip: clip)
        }
        guard item.image != nil || item.label != nil || !item.children.isEmpty else { return }
        guard item.clipsToBounds else {
            try drawContent(item, into: &target, origin: origin, clip: clip, opacity: opacity)
            return
        }
        if let inner = clip.intersecting(shape) {
            try drawContent(item, into: &target, origin: origin, clip: inner, opacity: opacity)
        } else {
            // A rounded clip inside a rounded clip: clip the content to this view's shape in a
            // layer, then apply the outer clip when compositing the layer.
            try inLayer(into: &target, origin: origin, clip: clip, opacity: 255) { layer, layerOrigin, _ in
                let own = Clip(rect: fixed(item.frame, layerOrigin),
                               rounded: RoundedRect(rect: fixed(item.frame, layerOrigin), radius: shape.radius))
                try drawContent(item, into: &layer, origin: layerOrigin, clip: own, opacity: opacity)
            }
        }
    }

    /// The image, the text and the children of an item, inside `clip`.
    private func drawContent(_ item: DisplayItem, into target: inout Bitmap, origin: (Int, Int), clip: Clip,
                             opacity: UInt8) throws {
        if let image = item.image, let bitmap = images[image.asset] {
            target.draw(bitmap, into: fixed(image.frame, origin), opacity: opacity, clip: clip)
        }
        if let label = item.label {
            try drawLabel(label, item, into: &target, origin: origin, clip: clip, opacity: opacity)
        }
        for child in item.children { try draw(child, into: &target, origin: origin, clip: clip) }
    }

    /// One line of text, aligned horizontally in the frame and centred vertically: the baseline
    /// sits at midY + (ascender − descender) / 2, which centres the line box.
    private func drawLabel(_ label: Label, _ item: DisplayItem, into target: inout Bitmap, origin: (Int, Int),
                           clip: Clip, opacity: UInt8) throws {
        let path = Painter.fontPath(label)
        guard let font = fonts[path], !label.text.isEmpty else { return }
        do {
            let size = label.fontSize * scale
            let line = try font.layout(label.text, pixelSize: size)
            let metrics = font.metrics(pixelSize: size)
            let left = item.frame.minX * scale - Double(origin.0), right = item.frame.maxX * scale - Double(origin.0)
            let x: Double
            switch label.alignment {
            case .left: x = left
            case .center: x = (left + right - line.width) / 2
            case .right: x = right - line.width
            }
            let baseline = (item.frame.minY + item.frame.height / 2) * scale - Double(origin.1)
                + (metrics.ascender - metrics.descender) / 2
            try font.draw(line, x: x, y: baseline, color: premultiplied(label.color).scaled(by: opacity), clip: clip,
                          into: &target)
        } catch let error as FontError {
            throw RenderError.font(sceneFile: sceneFile, jsonPath: "view \"\(item.id)\" text", reason: error.description)
        }
    }

    /// E4: the item drawn sharp into a layer covering its frame, blurred (clamping at the frame's
    /// edges), tinted, mixed with the sharp layer by the overlay's opacity, then composited.
    private func drawBlurred(_ item: DisplayItem, _ blur: BlurItem, into target: inout Bitmap, origin: (Int, Int),
                             clip: Clip, opacity: UInt8) throws {
        let bounds = fixed(item.frame, origin).pixelBounds
        guard !bounds.isEmpty, !clip.rect.intersection(fixed(item.frame, origin)).isEmpty else { return }
        var sharp = Bitmap(width: bounds.width, height: bounds.height)
        var plain = item
        plain.blur = nil
        plain.alpha = 1
        try draw(plain, into: &sharp, origin: (origin.0 + bounds.x, origin.1 + bounds.y),
             clip: Clip(pixelWidth: bounds.width, pixelHeight: bounds.height))
        var blurred = sharp.boxBlurred(radius: pixels(blur.radius))
        if let tint = blur.effect.tint { blurred = blurred.tinted(premultiplied(tint)) }
        let mixed = sharp.mixed(with: blurred, fraction65536: Int((blur.opacity * 65536).rounded()))
        target.composite(mixed, x: bounds.x, y: bounds.y, opacity: opacity, clip: clip)
    }

    /// Runs `body` on a transparent layer covering the clip's pixels, then composites the layer.
    private func inLayer(into target: inout Bitmap, origin: (Int, Int), clip: Clip, opacity: UInt8,
                         _ body: (inout Bitmap, (Int, Int), Clip) throws -> Void) rethrows {
        let bounds = clip.rect.pixelBounds.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        guard !bounds.isEmpty else { return }
        var layer = Bitmap(width: bounds.width, height: bounds.height)
        try body(&layer, (origin.0 + bounds.x, origin.1 + bounds.y), Clip(pixelWidth: bounds.width, pixelHeight: bounds.height))
        target.composite(layer, x: bounds.x, y: bounds.y, opacity: opacity, clip: clip)
    }

    /// A rectangle in screen points as 1/256 pixels of a target whose (0, 0) is screen pixel `origin`.
    private func fixed(_ r: Rect, _ origin: (Int, Int)) -> FixedRect {
        FixedRect(x: r.x * scale - Double(origin.0), y: r.y * scale - Double(origin.1),
                  width: r.width * scale, height: r.height * scale)
    }

    private func fixedLength(_ points: Double) -> Int { Int((points * scale * Double(fixedOne)).rounded()) }

    /// A length in points as whole device pixels.
    private func pixels(_ points: Double) -> Int { Int((points * scale).rounded()) }
}

func premultiplied(_ c: Color) -> PremultipliedColor {
    StraightColor(r: c.r, g: c.g, b: c.b, a: c.a).premultiplied
}
