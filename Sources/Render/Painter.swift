import Raster
import Scene
import Text

/// Rasterizes display items at an output scale. Geometry in points is rounded once, here, to
/// 1/256 device pixels; everything after that is the integer maths of `Raster`.
///
/// Clipping is decided by `Layout` (each item's `clips`); the painter only converts those shapes.
/// Group opacity follows UIKit (`allowsGroupOpacity`): a translucent view with children, or with
/// more than one thing to draw, is drawn into an offscreen layer first, so its parts do not show
/// through each other.
struct Painter: Sendable {
    let scale: Double
    let images: [String: Bitmap]
    /// Every label's text, itemized in its font up front.
    let texts: LabelTexts
    let sceneFile: String
    /// The images whose every pixel is opaque.
    let opaqueImages: Set<String>
    /// Whether pixels that items drawn later cover are left out (`Occluders`). Off only in tests,
    /// which check that leaving them out changes no pixel.
    var hidesCovered = true
    /// `"statusBar": {"style": "auto"}`: the status bar's content colour is picked for the pixels
    /// drawn under it (`StatusBarContrast`).
    var adaptiveStatusBar = false

    init(scale: Double, images: [String: Bitmap], texts: LabelTexts, sceneFile: String) {
        self.scale = scale; self.images = images; self.texts = texts; self.sceneFile = sceneFile
        opaqueImages = Set(images.filter { $0.value.isOpaque }.keys)
    }

    /// A view's corner mask as Raster's.
    func corners(_ mask: CornerMask) -> Corners { Corners(rawValue: mask.rawValue) }

    /// A view's bounds with its rounded corners, in `scope`'s bitmap.
    func shape(of item: DisplayItem, _ scope: PaintScope) -> RoundedRect {
        RoundedRect(rect: device(item.frame, scope), radius: fixedLength(item.cornerRadius), corners: corners(item.maskedCorners),
                    continuous: item.cornerCurve == .continuous)
    }

    /// A view's gradient in the pixels of the bitmap its `bounds` (1/256 pixels) are in.
    func raster(_ g: LayerGradient, in bounds: FixedRect) -> Gradient {
        let x = Double(bounds.minX) / 256, y = Double(bounds.minY) / 256
        let w = Double(bounds.width) / 256, h = Double(bounds.height) / 256
        return Gradient(kind: g.kind == .radial ? .radial : .linear,
                        stops: zip(g.locations, g.colors).map { ($0, StraightColor(r: $1.r, g: $1.g, b: $1.b, a: $1.a)) },
                        start: (x + g.startPoint.x * w, y + g.startPoint.y * h), end: (x + g.endPoint.x * w, y + g.endPoint.y * h))
    }

    /// A bitmap of the canvas filled with `background`, with `items` drawn over it in order.
    func paint(_ items: [DisplayItem], width: Int, height: Int, background: Color) throws -> Bitmap {
        func adapts(_ item: DisplayItem) -> Bool { adaptiveStatusBar && item.id == StatusBarContrast.id }
        // An adapting status bar hides nothing under it, so that all the pixels it reads are drawn.
        let occluding = items.map { adapts($0) ? DisplayItem(id: $0.id, frame: $0.frame) : $0 }
        let covers = hidesCovered ? covers(from: occluding, width: width, height: height, .screen) : nil
        var bitmap = Bitmap(width: width, height: height, fill: premultiplied(background), hidden: covers?[0] ?? Occluders())
        for (k, item) in items.enumerated() {
            var scope = PaintScope.screen
            scope.covered = item.hasMaterial ? nil : covers?[k + 1]
            if adapts(item) {
                let under = PixelRect(x: pixels(item.frame.x), y: pixels(item.frame.y),
                                      width: pixels(item.frame.maxX) - pixels(item.frame.x), height: pixels(item.frame.maxY) - pixels(item.frame.y))
                try draw(StatusBarContrast.inked(item, StatusBarContrast.ink(over: bitmap, in: under)), into: &bitmap, scope)
            } else {
                try draw(item, into: &bitmap, scope)
            }
        }
        return bitmap
    }

    /// The item's alpha as a byte.
    func opacity(of item: DisplayItem) -> UInt8 { UInt8((max(0, min(1, item.alpha)) * 255).rounded()) }

    /// Whether the item is drawn with its blur (E4): a blur that shows, of at least one pixel.
    func isBlurred(_ item: DisplayItem) -> Bool {
        guard let blur = item.blur else { return false }
        return blur.opacity > 0 && pixels(blur.radius) > 0
    }

    /// Draws one item and its children.
    func draw(_ item: DisplayItem, into target: inout Bitmap, _ scope: PaintScope) throws {
        let opacity = opacity(of: item)
        guard opacity > 0 else { return }
        if let shadow = item.shadow {
            var plain = item
            plain.shadow = nil
            // The shadow's shape is the view drawn in a layer at whole pixels from the screen: the
            // view's images, resampled for it, are the ones it then draws.
            var shared = scope
            if shared.resampled == nil { shared.resampled = ResampleCache() }
            try drawShadow(shadow, of: plain, into: &target, shared, opacity: opacity)
            return try draw(plain, into: &target, shared)
        }
        if let material = item.material {
            drawMaterial(item, material, into: &target, scope, opacity: opacity)
            var rest = item
            rest.material = nil
            return try draw(rest, into: &target, scope)
        }
        if let blur = item.blur, isBlurred(item) {
            try drawBlurred(item, blur, into: &target, scope, opacity: opacity)
            return
        }
        let primitives = (item.background == nil ? 0 : 1) + (item.image == nil ? 0 : 1) + (item.label == nil ? 0 : 1)
            + (item.border == nil ? 0 : 1) + (item.gradient == nil ? 0 : 1)
        if opacity < 255 && (primitives > 1 || !item.children.isEmpty) {
            try inLayer(item, into: &target, scope, opacity: opacity)
            return
        }
        if let background = item.background {
            let shape = shape(of: item, scope)
            // Under everything else the view draws, and what is drawn after it.
            var hidden = Occluders()
            if let covered = scope.covered {
                var content = item
                content.background = nil
                hidden = covered + self.opaque(content, width: target.width, height: target.height, scope)
            }
            target.fill(shape, color: premultiplied(background).scaled(by: opacity), clip: clip(item.clips, target, scope),
                        hidden: hidden)
        }
        try drawContent(item, into: &target, scope, opacity: opacity)
    }

    /// The gradient, the image, the text and the children of an item, then its border over them.
    private func drawContent(_ item: DisplayItem, into target: inout Bitmap, _ scope: PaintScope, opacity: UInt8) throws {
        let clip = self.clip(item.clips, target, scope)
        if let gradient = item.gradient {
            let shape = shape(of: item, scope)
            target.fill(shape, gradient: raster(gradient, in: shape.rect), opacity: opacity, clip: clip)
        }
        if let image = item.image, let bitmap = images[image.asset] {
            let destination = fixed(image.frame, scope.origin)
            target.draw(bitmap, into: destination, covering: scope.widen(destination), opacity: opacity, clip: clip,
                        cache: scope.resampled, key: image.asset)
        }
        if let label = item.label, let lines = try place(label, item) {
            let color = premultiplied(label.color).scaled(by: opacity)
            for line in lines {
                try line.text.draw(x: line.x - Double(scope.origin.x), y: line.baseline - Double(scope.origin.y),
                                   color: color, clip: clip, into: &target)
            }
        }
        let later = scope.covered.map { _ in
            covers(from: item.children, width: target.width, height: target.height, scope)
        }
        for (k, child) in item.children.enumerated() {
            var childScope = scope
            if let covered = scope.covered, let later { childScope.covered = child.hasMaterial ? nil : covered + later[k + 1] }
            try draw(child, into: &target, childScope)
        }
        if let border = item.border {
            let outer = shape(of: item, scope)
            target.fill(Ring(outer: outer, width: fixedLength(border.width)), color: premultiplied(border.color).scaled(by: opacity),
                        clip: clip)
        }
    }

    /// A label's lines laid out in its view's width, in screen pixels: each aligned horizontally
    /// in the frame, the block of lines centred vertically (for one line, the baseline at midY +
    /// (ascender − descender) / 2 centres the line box). nil for empty text.
    func place(_ label: Label, _ item: DisplayItem) throws -> [PlacedLine]? {
        guard !label.text.isEmpty else { return nil }
        do {
            let left = item.frame.minX * scale, right = item.frame.maxX * scale
            let block = try texts.layout(label, width: right - left, scale: scale)
            let top = (item.frame.minY + item.frame.height / 2) * scale - block.height / 2
            return block.lines.map { line in
                let x: Double
                switch label.alignment {
                case .natural: x = line.rightToLeft ? right - line.text.width : left
                case .left: x = left
                case .center: x = (left + right - line.text.width) / 2
                case .right: x = right - line.text.width
                }
                return PlacedLine(text: line.text, x: x, baseline: top + line.baseline)
            }
        } catch let error as FontError {
            throw RenderError.font(sceneFile: sceneFile, jsonPath: "view \"\(item.id)\" text", reason: error.description)
        }
    }

    /// E4. The view's content is drawn twice into a layer: sharp, as without the effect, and in
    /// content space (see `ContentSpace`). The second is blurred (its edges clamped, so nothing
    /// outside the view bleeds in), takes the view's anti-aliased shape once, and is mixed over the
    /// sharp one by the overlay's opacity. The layer covers what the view draws: its bounds when it
    /// clips, else everything hanging out of them too, whose blur stays inside its sharp outline.
    private func drawBlurred(_ item: DisplayItem, _ blur: BlurItem, into target: inout Bitmap, _ scope: PaintScope,
                             opacity: UInt8) throws {
        let radius = pixels(blur.radius)
        let outer = clip(Array(item.clips.prefix(item.ancestorClipCount)), target, scope)
        let visible = outer.rect.pixelBounds
        // Three box passes reach 3 radii: content further outside the clip cannot change a pixel in it.
        let reach = 3 * radius + 1
        let bounds = drawnBounds(item, scope, skipping: item.ancestorClipCount)
            .intersection(PixelRect(x: visible.x - reach, y: visible.y - reach,
                                    width: visible.width + 2 * reach, height: visible.height + 2 * reach))
        guard !bounds.intersection(visible).isEmpty else { return }
        let layerScope = scope.layer(covering: bounds, skipping: item.ancestorClipCount)
        let sharp: Bitmap
        var blurred: Bitmap
        (sharp, blurred) = try drawTwice(item, in: layerScope, size: bounds)
        blurred.boxBlur(radius: radius)
        let overlay = Overlay(bitmap: blurred, tint: blur.effect.tint.map(premultiplied),
                              shape: shape(of: item, layerScope),
                              keepsLayerOutline: !item.clipsToBounds, fraction65536: Int((blur.opacity * 65536).rounded()))
        target.composite(sharp, overlay: overlay, x: bounds.x, y: bounds.y, opacity: opacity, clip: outer)
    }

    /// A blurred view drawn twice into layers of `size`: sharp, and its content as the blur sees
    /// it (see `ContentSpace`), the background drawn first and in full, so it may count among what
    /// covers. Both passes draw the same images in the same places, so the second takes the first's
    /// resampled pixels; they are freed on return, before the blur needs memory of its own.
    private func drawTwice(_ item: DisplayItem, in scope: PaintScope, size: PixelRect) throws -> (sharp: Bitmap, content: Bitmap) {
        var layerScope = scope
        layerScope.resampled = ResampleCache()
        var plain = item
        plain.blur = nil
        plain.alpha = 1
        var sharp = blank(width: size.width, height: size.height, for: [plain], layerScope)
        try draw(plain, into: &sharp, layerScope)

        var contentScope = layerScope
        contentScope.contentSpaces.append(ContentSpace(exact: fixed(item.frame, (0, 0)),
                                                       clipIndex: item.clipsToBounds ? item.ancestorClipCount : nil))
        var content = blank(width: size.width, height: size.height, for: [plain], contentScope)
        if let background = item.background {
            content.fill(RoundedRect(rect: device(item.frame, contentScope), radius: 0), color: premultiplied(background),
                         clip: clip(item.clips, content, contentScope))
        }
        try drawContent(plain, into: &content, contentScope, opacity: 255)
        return (sharp, content)
    }

    /// Draws `item`, opaque, into a transparent layer covering what it draws, then composites the
    /// layer with `opacity` inside the ancestors' clips.
    private func inLayer(_ item: DisplayItem, into target: inout Bitmap, _ scope: PaintScope, opacity: UInt8) throws {
        let outer = clip(Array(item.clips.prefix(item.ancestorClipCount)), target, scope)
        let bounds = drawnBounds(item, scope, skipping: item.ancestorClipCount).intersection(outer.rect.pixelBounds)
        guard !bounds.isEmpty else { return }
        var opaque = item
        opaque.alpha = 1
        let layerScope = scope.layer(covering: bounds, skipping: item.ancestorClipCount)
        var layer = blank(width: bounds.width, height: bounds.height, for: [opaque], layerScope)
        try draw(opaque, into: &layer, layerScope)
        target.composite(layer, x: bounds.x, y: bounds.y, opacity: opacity, clip: outer)
    }

    /// The pixels of `scope`'s bitmap that an item and its children can touch: its frame, its
    /// image and its text, and its children's, each cut by its clip shapes after the first
    /// `skipping` (those of the ancestors of the layer being sized).
    func drawnBounds(_ item: DisplayItem, _ scope: PaintScope, skipping: Int) -> PixelRect {
        var area = device(item.frame, scope).pixelBounds
        func add(_ r: PixelRect) {
            guard !r.isEmpty else { return }
            if area.isEmpty { area = r; return }
            let x0 = min(area.x, r.x), y0 = min(area.y, r.y)
            area = PixelRect(x: x0, y: y0, width: max(area.maxX, r.maxX) - x0, height: max(area.maxY, r.maxY) - y0)
        }
        if !item.clipsToBounds {
            if let image = item.image { add(scope.widen(fixed(image.frame, scope.origin)).pixelBounds) }
            if let label = item.label, let lines = try? place(label, item) {
                // Each line box with a half em around it, for glyphs that reach past their advance
                // or above and below the font's ascender and descender (marks, emoji, CJK).
                let em = label.fontSize * scale, margin = em / 2
                for line in lines {
                    add(FixedRect(x: line.x - Double(scope.origin.x) - margin, y: line.baseline - em - margin - Double(scope.origin.y),
                                  width: line.text.width + 2 * margin, height: 2 * em + 2 * margin).pixelBounds)
                }
            }
            for child in item.children { add(drawnBounds(child, scope, skipping: skipping)) }
        }
        for shape in item.clips.dropFirst(skipping) { area = area.intersection(device(shape.rect, scope).pixelBounds) }
        return area
    }

    /// The device clip of a list of clip shapes in `scope`, inside `target`.
    func clip(_ shapes: [ClipShape], _ target: Bitmap, _ scope: PaintScope) -> Clip {
        clip(shapes, width: target.width, height: target.height, scope)
    }

    /// The device clip of a list of clip shapes in `scope`, inside a bitmap of this size.
    func clip(_ shapes: [ClipShape], width: Int, height: Int, _ scope: PaintScope) -> Clip {
        var clip = Clip(pixelWidth: width, pixelHeight: height)
        for (index, shape) in shapes.enumerated() where index >= scope.skipped {
            if let whole = scope.replacement(forClip: index) {
                clip = clip.intersecting(RoundedRect(rect: whole, radius: 0))
            } else {
                clip = clip.intersecting(RoundedRect(rect: device(shape.rect, scope), radius: fixedLength(shape.cornerRadius),
                                                     corners: corners(shape.corners), continuous: shape.curve == .continuous))
            }
        }
        return clip
    }

    /// A rectangle in screen points in the device pixels of `scope`, moved out to whole pixels at
    /// the edges of views being blurred.
    func device(_ r: Rect, _ scope: PaintScope) -> FixedRect { scope.widen(fixed(r, scope.origin)) }

    /// A rectangle in screen points as 1/256 pixels of a target whose (0, 0) is screen pixel `origin`.
    private func fixed(_ r: Rect, _ origin: (x: Int, y: Int)) -> FixedRect {
        FixedRect(x: r.x * scale - Double(origin.x), y: r.y * scale - Double(origin.y),
                  width: r.width * scale, height: r.height * scale)
    }

    func fixedLength(_ points: Double) -> Int { Int((points * scale * Double(fixedOne)).rounded()) }

    /// A length in points as whole device pixels.
    private func pixels(_ points: Double) -> Int { Int((points * scale).rounded()) }
}

func premultiplied(_ c: Color) -> PremultipliedColor {
    StraightColor(r: c.r, g: c.g, b: c.b, a: c.a).premultiplied
}
