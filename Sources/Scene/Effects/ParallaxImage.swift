/// E2, seed 001: an image that moves inside its clipping container against the scroll.
///
/// The image is `travel` (T) points taller than the container (height C), keeps its aspect ratio
/// and is centred horizontally. With V the viewport height and the content insets:
///
///     ratio = (containerMaxY − topInset) / (V + C − topInset − bottomInset)
///     image top within the container = −T × clamp(ratio, 0, 1)
///
/// so the image sits at its lowest (top 0) when the container's bottom reaches the top inset, and
/// at its highest (−T) when the container leaves past the bottom inset.
public struct ParallaxImage: Equatable, Sendable {
    public var travel: Double

    public init(travel: Double = 20) { self.travel = travel }

    public func ratio(container: Rect, viewportHeight: Double, insets: Insets) -> Double {
        (container.maxY - insets.top) / (viewportHeight + container.height - insets.top - insets.bottom)
    }

    /// Where the image is drawn, on screen, for a container at `container` (screen coordinates).
    public func imageFrame(container: Rect, imageSize: Size, viewportHeight: Double, insets: Insets) -> Rect {
        let ratio = self.ratio(container: container, viewportHeight: viewportHeight, insets: insets)
        let height = container.height + travel
        let width = imageSize.height > 0 ? height * imageSize.width / imageSize.height : container.width
        return Rect(x: container.x + (container.width - width) / 2,
                    y: container.y - travel * min(1, max(0, ratio)), width: width, height: height)
    }
}
