import Raster

/// What items drawn onto the screen cover with opaque pixels, so that what lies under them is not
/// drawn (see `Occluders`). Only drawing straight onto the screen counts: inside a layer, what is
/// under an item still shows wherever the layer is translucent.
extension Painter {
    /// For each `k`, what `items[k...]` cover; one more, empty, at the end.
    func covers(from items: [DisplayItem], width: Int, height: Int) -> [Occluders] {
        var suffixes = [Occluders()]
        for item in items.reversed() { suffixes.append(opaque(item, width: width, height: height) + suffixes.last!) }
        return suffixes.reversed()
    }

    /// What `item` and its children cover:
    /// - its background where the colour is opaque, and its image where the asset is opaque;
    /// - nothing for a translucent view, which is drawn with its opacity or in a layer, and
    ///   nothing for its children, which are drawn in that layer;
    /// - for a view that is blurred, its own bounds where it clips to them and its background or
    ///   its image (covering the bounds) is opaque: then the sharp pixels, the blurred ones and
    ///   their mix are all opaque there. Its children are drawn in its layer.
    func opaque(_ item: DisplayItem, width: Int, height: Int) -> Occluders {
        guard opacity(of: item) == 255 else { return Occluders() }
        let clip = clip(item.clips, width: width, height: height, .screen)
        let bounds = RoundedRect(rect: device(item.frame, .screen), radius: fixedLength(item.cornerRadius))
        let opaqueImage = item.image.map { opaqueImages.contains($0.asset) } ?? false
        if isBlurred(item) {
            let imageFills = opaqueImage && contains(device(item.image!.frame, .screen), bounds.rect)
            return item.clipsToBounds && (item.background?.a == 255 || imageFills) ? Occluders.interior(of: bounds, clip: clip) : Occluders()
        }
        var covered = Occluders()
        if item.background?.a == 255 { covered = Occluders.interior(of: bounds, clip: clip) }
        if opaqueImage, let image = item.image {
            covered = covered + Occluders.interior(of: RoundedRect(rect: device(image.frame, .screen), radius: 0), clip: clip)
        }
        return item.children.reduce(covered) { $0 + opaque($1, width: width, height: height) }
    }

    private func contains(_ outer: FixedRect, _ inner: FixedRect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }
}
