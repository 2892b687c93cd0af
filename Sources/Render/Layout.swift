import Scene

/// Resolves a scene at one scroll offset into display items: effects applied, content
/// coordinates turned into screen coordinates, clips intersected. Pure: no pixels.
public struct Layout: Sendable {
    public let scene: Scene
    /// Each asset's size in points (pixel size ÷ asset scale).
    public let imageSizes: [String: Size]

    public init(scene: Scene, imageSizes: [String: Size]) {
        self.scene = scene
        self.imageSizes = imageSizes
    }

    /// The display list at scroll `offset` (contentOffset.y; negative when pulled down).
    public func items(offset: Double) -> [DisplayItem] {
        scene.views.map { view in
            var frame = view.frame
            for case .stretchy(let header) in view.effects { frame = header.frame(frame, offset: offset) }
            // Content y = c shows at screen y = c − offset; fixed views are already on screen.
            let screen = view.fixed ? frame : frame.offsetBy(dx: 0, dy: -offset)
            return resolve(view, at: screen, clip: nil, offset: offset)
        }
    }

    private func resolve(_ view: View, at frame: Rect, clip: Rect?, offset: Double) -> DisplayItem {
        let ownClip = view.clipsToBounds ? (clip.map { $0.intersection(frame) } ?? frame) : clip
        var item = DisplayItem(id: view.id, frame: frame, clip: ownClip, alpha: view.alpha,
                               cornerRadius: view.cornerRadius, background: view.background, label: view.label,
                               clipsToBounds: view.clipsToBounds)
        if let name = view.image, let size = imageSizes[name] {
            item.image = ImageItem(asset: name, frame: imageFrame(view, frame: frame, imageSize: size))
        }
        item.children = view.children.map { child in
            resolve(child, at: child.frame.offsetBy(dx: frame.x, dy: frame.y), clip: ownClip, offset: offset)
        }
        for effect in view.effects {
            switch effect {
            case .blurByPull(let blur):
                item.blur = BlurItem(fraction: blur.fraction(offset: offset), effect: blur)
            case .textReveal(let reveal):
                item.children.append(band(reveal, container: item, labels: view.children.filter { $0.label != nil }, offset: offset))
            case .stretchy, .parallax:
                break   // applied to the frame above and to the image frame
            }
        }
        return item
    }

    private func imageFrame(_ view: View, frame: Rect, imageSize: Size) -> Rect {
        for case .parallax(let parallax) in view.effects {
            return parallax.imageFrame(container: frame, imageSize: imageSize, viewportHeight: scene.canvas.height,
                                       insets: scene.scroll.insets)
        }
        return view.contentMode.imageRect(in: frame, imageSize: imageSize)
    }

    /// E3's band: a clipping view of one row's height over the labels, holding copies of them in
    /// the reveal colour at their own screen positions (so they move opposite to the band).
    private func band(_ reveal: TextReveal, container: DisplayItem, labels: [View], offset: Double) -> DisplayItem {
        let h = container.frame.height / Double(labels.count)
        let top = reveal.bandTop(offset: offset, containerHeight: container.frame.height, rows: labels.count)
        let frame = Rect(x: container.frame.x, y: container.frame.y + top, width: container.frame.width, height: h)
        let clip = container.clip.map { $0.intersection(frame) } ?? frame
        let copies = labels.map { label -> DisplayItem in
            var copy = label.label!
            copy.color = reveal.revealColor
            return DisplayItem(id: label.id + ".reveal", frame: label.frame.offsetBy(dx: container.frame.x, dy: container.frame.y),
                               clip: clip, alpha: label.alpha, label: copy)
        }
        return DisplayItem(id: container.id + ".band", frame: frame, clip: clip, background: reveal.bandColor,
                           clipsToBounds: true, children: copies)
    }
}
