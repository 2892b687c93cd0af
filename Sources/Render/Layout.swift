import Scene

/// Resolves a scene at one scroll offset into display items: effects applied, content
/// coordinates turned into screen coordinates, clips intersected. Pure: no pixels.
public struct Layout: Sendable {
    public let scene: Scene
    /// Each asset's size in points (pixel size ÷ asset scale).
    public let imageSizes: [String: Size]

    /// Every view's frame from the scene, in content coordinates (screen coordinates under a fixed
    /// view), before effects and bindings: what view-progress drivers measure.
    private let placements: [String: (frame: Rect, fixed: Bool)]

    /// The views placed by constraints, solved again at each offset.
    public let constraints: ConstraintLayout?
    /// Each sticky header's next one's top at rest, the one that pushes it up; nil for the last.
    private let nextSticky: [String: Double?]
    /// The top-level collapsing headers, by id, for the bindings that follow them.
    private let collapsingHeaders: [String: CollapsingHeader]
    /// The largest offset the content rests at, from which `offsetToEnd` counts.
    private let endOffset: Double

    public init(scene: Scene, imageSizes: [String: Size], constraints: ConstraintLayout? = nil) {
        self.scene = scene
        self.imageSizes = imageSizes
        self.constraints = constraints
        endOffset = Timeline.Bounds(scene: scene).range.upperBound
        let sticky = scene.views.filter { $0.stickyHeader != nil }.sorted { $0.frame.y < $1.frame.y }
        nextSticky = Dictionary(uniqueKeysWithValues: sticky.enumerated().map { i, view in
            (view.id, i + 1 < sticky.count ? sticky[i + 1].frame.y : nil)
        })
        collapsingHeaders = Dictionary(uniqueKeysWithValues: scene.views.compactMap { view in
            view.collapsingHeader.map { (view.id, $0) }
        })
        var placements: [String: (frame: Rect, fixed: Bool)] = [:]
        func place(_ view: View, in origin: (Double, Double), fixed: Bool) {
            let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
            placements[view.id] = (frame, fixed)
            for child in view.children { place(child, in: (frame.x, frame.y), fixed: fixed) }
        }
        for view in scene.views { place(view, in: (0, 0), fixed: view.fixed) }
        self.placements = placements
    }

    /// The display list at scroll `offset` (contentOffset.y; negative when pulled down).
    ///
    /// Effects driven by the pull (stretchy, blur, text reveal, offset bindings) read the offset
    /// from rest, so that a screen resting under a navigation bar is not pulled; headers that pin
    /// (sticky, collapsing) pin at the visible top, under the bars' current bottom edge.
    public func items(offset: Double) -> [DisplayItem] {
        // Offsets the script reaches were all solved when the renderer was made; any other that
        // the constraints cannot reach keeps the frames at rest.
        let solved = (try? constraints?.frames(offset: offset)) ?? [:]
        let pushed = scene.scroll.offsetFromRest(offset), visibleTop = scene.scroll.visibleTop(offset: offset)
        return scene.views.map { view in
            var frame = solved[view.id] ?? view.frame
            for case .stretchy(let header) in view.effects { frame = header.frame(frame, offset: pushed) }
            for case .collapsing(let header) in view.effects { frame = header.frame(frame, top: offset + visibleTop) }
            for case .sticky(let sticky) in view.effects {
                frame = sticky.frame(frame, offset: offset, visibleTop: visibleTop, next: nextSticky[view.id] ?? nil)
            }
            frame = boundFrame(view, frame, offset: offset)
            // Content y = c shows at screen y = c − offset; fixed views are already on screen.
            let screen = view.fixed ? frame : frame.offsetBy(dx: 0, dy: -offset)
            return resolve(view, at: screen, clips: [], offset: offset, solved: solved)
        }
    }

    /// Resolves a view whose frame is already on screen, under the clips of its ancestors.
    private func resolve(_ view: View, at frame: Rect, clips inherited: [ClipShape], offset: Double,
                         solved: [String: Rect]) -> DisplayItem {
        var item = DisplayItem(id: view.id, frame: frame, alpha: view.alpha, cornerRadius: view.cornerRadius,
                               background: view.background, label: view.label, clipsToBounds: view.clipsToBounds)
        if view.borderWidth > 0 { item.border = Border(width: view.borderWidth, color: view.borderColor) }
        item.shadow = view.shadow
        item.material = view.material
        item.gradient = view.gradient
        item.maskedCorners = view.maskedCorners
        item.cornerCurve = view.cornerCurve
        if let name = view.image, let size = imageSizes[name] {
            item.image = ImageItem(asset: name, frame: imageFrame(view, frame: frame, imageSize: size))
        }
        for case .blurByPull(let blur) in view.effects {
            item.blur = BlurItem(fraction: blur.fraction(offset: scene.scroll.offsetFromRest(offset)), effect: blur)
        }
        // Bindings come before the clip, which takes the bound corner radius.
        applyBindings(view, to: &item, offset: offset)
        item.clips = view.clipsToBounds ? inherited + [ClipShape(rect: frame, cornerRadius: item.cornerRadius, corners: item.maskedCorners,
                                                                     curve: item.cornerCurve)] : inherited
        item.children = view.children.map { child in
            resolve(child, at: boundFrame(child, solved[child.id] ?? child.frame, offset: offset).offsetBy(dx: frame.x, dy: frame.y),
                    clips: item.clips, offset: offset, solved: solved)
        }
        for case .textReveal(let reveal) in view.effects {
            item.children.append(band(reveal, container: item, labels: view.children.filter { $0.label != nil }, offset: offset))
        }
        return item
    }

    /// The driver's value at `offset`.
    private func input(_ driver: Driver, offset: Double) -> Double {
        switch driver {
        case .offset:
            return scene.scroll.offsetFromRest(offset)
        case .offsetToEnd:
            return endOffset - offset
        case .collapse(let id):
            guard let placement = placements[id], let header = collapsingHeaders[id] else { return 0 }
            return header.progress(placement.frame, top: offset + scene.scroll.visibleTop(offset: offset))
        case .viewProgress(let progress):
            guard let placement = placements[progress.view] else { return 0 }
            let top = placement.fixed ? placement.frame.y : placement.frame.y - offset
            return progress.progress(top: top, height: placement.frame.height, viewportHeight: scene.canvas.height)
        }
    }

    /// `frame` (in the parent's coordinates) with any bound frame components replaced.
    private func boundFrame(_ view: View, _ frame: Rect, offset: Double) -> Rect {
        var frame = frame
        for binding in view.bindings {
            let value = binding.value(at: input(binding.driver, offset: offset))
            switch binding.property {
            case .x: frame.x = value
            case .y: frame.y = value
            case .width: frame.width = max(0, value)
            case .height: frame.height = max(0, value)
            default: break
            }
        }
        return frame
    }

    /// The bound properties that are not part of the frame.
    private func applyBindings(_ view: View, to item: inout DisplayItem, offset: Double) {
        for binding in view.bindings {
            let value = binding.value(at: input(binding.driver, offset: offset))
            switch binding.property {
            case .alpha: item.alpha = min(1, max(0, value))
            case .cornerRadius: item.cornerRadius = max(0, value)
            case .imageOffsetX: item.image?.frame.x += value
            case .imageOffsetY: item.image?.frame.y += value
            case .blur:
                let fraction = min(1, max(0, value))
                item.blur = BlurItem(fraction: fraction, effect: item.blur?.effect ?? BlurByPull())
            case .x, .y, .width, .height: break   // in boundFrame
            }
        }
    }

    private func imageFrame(_ view: View, frame: Rect, imageSize: Size) -> Rect {
        for case .parallax(let parallax) in view.effects {
            return parallax.imageFrame(container: frame, imageSize: imageSize, viewportHeight: scene.canvas.height,
                                       insets: scene.scroll.adjustedInsets)
        }
        return view.contentMode.imageRect(in: frame, imageSize: imageSize)
    }

    /// E3's band: a clipping view of one row's height over the labels, holding copies of them in
    /// the reveal colour at their own screen positions (so they move opposite to the band).
    private func band(_ reveal: TextReveal, container: DisplayItem, labels: [View], offset: Double) -> DisplayItem {
        let h = container.frame.height / Double(labels.count)
        let top = reveal.bandTop(offset: scene.scroll.offsetFromRest(offset), containerHeight: container.frame.height, rows: labels.count)
        let frame = Rect(x: container.frame.x, y: container.frame.y + top, width: container.frame.width, height: h)
        let clips = container.clips + [ClipShape(rect: frame)]
        let copies = labels.map { label -> DisplayItem in
            var copy = label.label!
            copy.color = reveal.revealColor
            return DisplayItem(id: label.id + ".reveal", frame: label.frame.offsetBy(dx: container.frame.x, dy: container.frame.y),
                               clips: clips, alpha: label.alpha, label: copy)
        }
        return DisplayItem(id: container.id + ".band", frame: frame, clips: clips, background: reveal.bandColor,
                           clipsToBounds: true, children: copies)
    }
}
