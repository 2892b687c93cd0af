import Raster

/// What items cover with opaque pixels in the bitmap they are drawn into, so that what lies under
/// them there is not drawn (see `Occluders`). A layer is a bitmap of its own: what its items cover
/// is known inside it, and what it covers when composited only where it is opaque.
extension Painter {
    /// For each `k`, what `items[k...]` cover in a bitmap of this size seen through `scope`; one
    /// more, empty, at the end. An item with a material reads what is drawn before it, so nothing
    /// before it is left out for what it or anything after it covers.
    func covers(from items: [DisplayItem], width: Int, height: Int, _ scope: PaintScope) -> [Occluders] {
        var suffixes = [Occluders()]
        for item in items.reversed() {
            suffixes.append(item.hasMaterial ? Occluders() : opaque(item, width: width, height: height, scope) + suffixes.last!)
        }
        return suffixes.reversed()
    }

    /// A clear bitmap for `items` to be drawn into through `scope`: what they cover is left unset.
    func blank(width: Int, height: Int, for items: [DisplayItem], _ scope: PaintScope) -> Bitmap {
        guard scope.covered != nil else { return Bitmap(width: width, height: height) }
        return Bitmap(width: width, height: height, fill: .clear, hidden: covers(from: items, width: width, height: height, scope)[0])
    }

    /// What `item` and its children cover:
    /// - its background where the colour is opaque, and its image where the asset is opaque;
    /// - nothing for a translucent view, which is drawn with its opacity or in a layer, and
    ///   nothing for its children, which are drawn in that layer;
    /// - for a view that is blurred, its own bounds where it clips to them and its background or
    ///   its image (covering the bounds) is opaque: then the sharp pixels, the blurred ones and
    ///   their mix are all opaque there. Its children are drawn in its layer. Only outside the
    ///   content pass of another blurred view, whose edges are widened.
    func opaque(_ item: DisplayItem, width: Int, height: Int, _ scope: PaintScope) -> Occluders {
        guard opacity(of: item) == 255 else { return Occluders() }
        let clip = clip(item.clips, width: width, height: height, scope)
        let bounds = shape(of: item, scope)
        let opaqueImage = item.image.map { opaqueImages.contains($0.asset) } ?? false
        if isBlurred(item) {
            let imageFills = opaqueImage && contains(device(item.image!.frame, scope), bounds.rect)
            let filled = item.clipsToBounds && (item.background?.a == 255 || imageFills)
            return scope.contentSpaces.isEmpty && filled ? Occluders.interior(of: bounds, clip: clip) : Occluders()
        }
        var covered = Occluders()
        if item.background?.a == 255 { covered = Occluders.interior(of: bounds, clip: clip) }
        if opaqueImage, let image = item.image {
            covered = covered + Occluders.interior(of: RoundedRect(rect: device(image.frame, scope), radius: 0), clip: clip)
        }
        return item.children.reduce(covered) { $0 + opaque($1, width: width, height: height, scope) }
    }

    private func contains(_ outer: FixedRect, _ inner: FixedRect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }
}
