import Scene

extension Layout {
    /// The display list at scroll `offset` with the vertical scroll indicator, after the scroll
    /// has been still `secondsStill` seconds (`Timeline.secondsStill`; nil before it first moves),
    /// with the range's top `refreshInset` higher while a refresh control refreshes.
    ///
    /// The indicator is a subview of the scroll view, so it is drawn over the content that
    /// scrolls and under the views fixed over the scroll view after it (the system bars, which
    /// it never reaches anyway: its track stays inside what they cover). It is left out while
    /// its alpha is 0 or `showsVerticalScrollIndicator` is false, so a still frame's list is
    /// exactly what it was without it.
    public func items(offset: Double, secondsStill: Double?, refreshInset: Double = 0) -> [DisplayItem] {
        var items = items(offset: offset)
        guard let indicator = indicatorItem(offset: offset, secondsStill: secondsStill, refreshInset: refreshInset) else { return items }
        let above = scene.views.lastIndex { !$0.fixed }.map { $0 + 1 } ?? 0
        items.insert(indicator, at: above)
        return items
    }

    /// The indicator's item, or nil when it is hidden.
    func indicatorItem(offset: Double, secondsStill: Double?, refreshInset: Double = 0) -> DisplayItem? {
        guard scene.scroll.showsVerticalScrollIndicator else { return nil }
        let alpha = ScrollIndicator.alpha(secondsStill: secondsStill)
        guard alpha > 0 else { return nil }
        let frame = ScrollIndicator(scene: scene).frame(offset: offset, refreshInset: refreshInset)
        return DisplayItem(id: ScrollIndicator.id, frame: frame, alpha: alpha, cornerRadius: frame.width / 2,
                           background: scene.scroll.indicatorColor)
    }
}
