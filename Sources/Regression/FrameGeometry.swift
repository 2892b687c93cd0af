import Foundation
import Render
import Scene

/// Where the views of one frame are, as `--inspect` reports them, kept beside a reference frame so
/// that a failing frame can say what moved rather than only how many pixels changed.
///
/// Only the views on screen are kept (their frame, within their clip, overlaps the canvas), and
/// their ancestors, in drawing order, each with the index of its parent among them: a mask or a
/// move of a container reaches its subviews on screen even when its own frame is not. Lengths are screen points rounded
/// to `FrameGeometry.precision`, so that a frame read back from its file equals the one written.
public struct FrameGeometry: Equatable, Sendable {
    /// One view on screen.
    public struct View: Equatable, Sendable {
        public var id: String
        /// The index of the nearest ancestor kept in the frame; nil for a top-level view, or one
        /// whose ancestors are all off screen.
        public var parent: Int?
        public var frame: Rect
        /// The intersection of every clip that applies; nil when none does.
        public var clip: Rect?
        public var alpha: Double
        /// The radius its corners are drawn with; 0 for square corners.
        public var cornerRadius: Double
        /// The blur-by-pull fraction, where a blur is attached.
        public var blur: Double?
        /// Where its image is drawn, for a view with one.
        public var imageFrame: Rect?
        /// Its label's text.
        public var text: String?

        public init(id: String, parent: Int? = nil, frame: Rect, clip: Rect? = nil, alpha: Double = 1, cornerRadius: Double = 0,
                    blur: Double? = nil, imageFrame: Rect? = nil, text: String? = nil) {
            self.id = id; self.parent = parent; self.frame = frame; self.clip = clip; self.alpha = alpha
            self.cornerRadius = cornerRadius; self.blur = blur; self.imageFrame = imageFrame; self.text = text
        }

        /// What it covers: its frame within its clip.
        public var visible: Rect { clip.map { frame.intersection($0) } ?? frame }

        /// Every length and fraction it holds.
        var numbers: [Double] {
            [frame, clip, imageFrame].compactMap { $0 }.flatMap { [$0.x, $0.y, $0.width, $0.height] }
                + [alpha, cornerRadius] + (blur.map { [$0] } ?? [])
        }
    }

    /// Lengths and fractions are kept to a thousandth: far below what a frame at @3x can show, and
    /// short to write.
    public static let precision = 1000.0

    public var views: [View]

    public init(views: [View]) { self.views = views }

    /// The display list of a frame, on a canvas of `canvas` points.
    public init(items: [DisplayItem], canvas: Size) {
        let screen = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var views: [View] = []
        func visit(_ item: DisplayItem, parent: Int?) {
            let clip = item.clip.map(FrameGeometry.rounded)
            let frame = FrameGeometry.rounded(item.frame)
            let covered = clip.map { frame.intersection($0) } ?? frame
            let onScreen = covered.intersection(screen)
            let own = views.count
            views.append(View(id: item.id, parent: parent, frame: frame, clip: clip, alpha: FrameGeometry.rounded(item.alpha),
                              cornerRadius: FrameGeometry.rounded(ClipShape(rect: item.frame, cornerRadius: item.cornerRadius).drawnRadius),
                              blur: item.blur.map { FrameGeometry.rounded($0.fraction) },
                              imageFrame: item.image.map { FrameGeometry.rounded($0.frame) }, text: item.label?.text))
            for child in item.children { visit(child, parent: own) }
            // Off screen, and none of its subviews on it: the view is not kept. Nothing was added
            // after it, so the indices kept stay as they are.
            if onScreen.width <= 0 || onScreen.height <= 0, views.count == own + 1 { views.removeLast() }
        }
        for item in items { visit(item, parent: nil) }
        self.views = views
    }

    /// The geometry of frame `index` of `renderer`'s scene.
    public init(renderer: Renderer, frame index: Int) throws {
        self.init(items: try renderer.items(frame: index), canvas: Size(width: renderer.scene.canvas.width, height: renderer.scene.canvas.height))
    }

    static func rounded(_ value: Double) -> Double { (value * precision).rounded() / precision }

    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height))
    }
}
