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
            for effect in view.effects {
                switch effect {
                case .stretchy: frame = StretchyHeader.frame(frame, offset: offset)
                }
            }
            // Content y = c shows at screen y = c − offset; fixed views are already on screen.
            let screen = view.fixed ? frame : frame.offsetBy(dx: 0, dy: -offset)
            return resolve(view, at: screen, clip: nil)
        }
    }

    private func resolve(_ view: View, at frame: Rect, clip: Rect?) -> DisplayItem {
        let ownClip = view.clipsToBounds ? (clip.map { $0.intersection(frame) } ?? frame) : clip
        let image = view.image.flatMap { name in
            imageSizes[name].map { (name, view.contentMode.imageRect(in: frame, imageSize: $0)) }
        }
        let children = view.children.map { child in
            resolve(child, at: child.frame.offsetBy(dx: frame.x, dy: frame.y), clip: ownClip)
        }
        return DisplayItem(id: view.id, frame: frame, clip: ownClip, alpha: view.alpha,
                           cornerRadius: view.cornerRadius, background: view.background, image: image,
                           clipsToBounds: view.clipsToBounds, children: children)
    }
}
