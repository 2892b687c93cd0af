import Scene

extension Layout {
    /// The display item of the `--touches` disc (see `TouchIndicator`): a circle, a filled
    /// rounded rect whose radius is half its size, with a darker ring as its border. It is the
    /// last item of a frame, over everything including the system bars, as the Simulator draws
    /// touches over the whole screen.
    public static func touchItem(_ touch: TouchIndicator.Touch) -> DisplayItem {
        var item = DisplayItem(id: TouchIndicator.id, frame: touch.frame, alpha: touch.alpha,
                               cornerRadius: TouchIndicator.diameter / 2, background: TouchIndicator.fillColor)
        item.border = Border(width: TouchIndicator.ringWidth, color: TouchIndicator.ringColor)
        return item
    }
}
