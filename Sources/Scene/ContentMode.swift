/// UIKit's image content modes.
public enum ContentMode: String, CaseIterable, Equatable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom

    /// Where an image of `image` size (points) is drawn for a view with these `bounds`.
    ///
    /// Aspect modes keep the image's ratio and centre it; `center`, `top` and `bottom` keep its
    /// size. The result can extend past the bounds; clipping is the view's `clipsToBounds`.
    public func imageRect(in bounds: Rect, imageSize image: Size) -> Rect {
        guard image.width > 0, image.height > 0 else { return bounds }
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / image.width, sy = bounds.height / image.height
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = image.width * s, h = image.height * s
            return Rect(x: bounds.x + (bounds.width - w) / 2, y: bounds.y + (bounds.height - h) / 2, width: w, height: h)
        case .center:
            return Rect(x: bounds.x + (bounds.width - image.width) / 2, y: bounds.y + (bounds.height - image.height) / 2,
                        width: image.width, height: image.height)
        case .top:
            return Rect(x: bounds.x + (bounds.width - image.width) / 2, y: bounds.y, width: image.width, height: image.height)
        case .bottom:
            return Rect(x: bounds.x + (bounds.width - image.width) / 2, y: bounds.maxY - image.height,
                        width: image.width, height: image.height)
        }
    }
}
