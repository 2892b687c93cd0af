/// Sizes the views whose frames are measured and places the children of stacks, as UIKit's
/// intrinsic content sizes and `UIStackView` do.
///
/// It runs once per scene, before the first frame: bindings and effects then move the placed
/// views like any others. A view's own `width` or `height` wins over what its stack would give it.
/// An image whose content mode keeps its aspect ratio (fit or fill) and that is given one
/// dimension takes the other from its ratio; otherwise a view measures its image, its text or its
/// stack.
public final class StackLayout {
    /// What a view's own content measures, in points; only the renderer can tell.
    public struct Content: Equatable, Sendable {
        public var text: Size?
        public var image: Size?
        public init(text: Size? = nil, image: Size? = nil) { self.text = text; self.image = image }
    }

    /// A view's content measured in a proposed width (nil: free), which wraps its text.
    private let content: (View, Double?) throws -> Content
    private let file: String
    /// Sizes worked out so far, by view id and the dimensions proposed: stacks ask their children
    /// twice (across, then along the axis), so a nested tree would otherwise cost 2^depth.
    private var measured: [Proposal: Size] = [:]
    /// Each view's own content, by id and proposed width, measured once (text is laid out by the
    /// font to measure it).
    private var contents: [Proposal: Content] = [:]

    private struct Proposal: Hashable { let id: String, width: Double?, height: Double? }

    private init(file: String, content: @escaping (View, Double?) throws -> Content) { self.file = file; self.content = content }

    /// `scene` with every frame known: measured dimensions filled in, stack children placed, an
    /// "auto" content height measured again, and frames mirrored for a right-to-left layout.
    public static func resolve(_ scene: Scene, content: @escaping (View, Double?) throws -> Content) throws -> Scene {
        let layout = StackLayout(file: scene.file, content: content)
        var scene = scene
        scene.views = try scene.views.map(layout.resolved)
        if scene.scroll.autoContentHeight { scene.scroll.contentHeight = try contentHeight(of: scene.views, file: scene.file) }
        // The navigation bar's inline title is narrowed by its items, which are measured above;
        // then every frame is known, and can be measured from the leading edge.
        return NavigationItems.centringTitle(scene).mirrored(.framed)
    }

    /// `"contentHeight": "auto"`: down to the bottom of the lowest top-level view that scrolls, as
    /// a SwiftUI scroll view sizes itself to its content.
    static func contentHeight(of views: [View], file: String) throws -> Double {
        func fail(_ message: String) -> SceneError { .invalid(file: file, path: "scroll.contentHeight", message: message) }
        guard let bottom = views.filter({ !$0.fixed }).map(\.frame.maxY).max() else {
            throw fail("\"auto\" measures the views that scroll, and every view is fixed")
        }
        guard bottom <= 1_000_000 else { throw fail("\"auto\" gives \(format(bottom)), above the limit of 1000000") }
        return max(0, bottom)
    }

    /// A view placed by a frame, sized, with its subtree resolved.
    private func resolved(_ view: View) throws -> View {
        var view = view
        // A view placed by constraints gets its size there; a stack among them measures here,
        // and that is its intrinsic size there.
        if !view.fit.isEmpty, !view.constrained || view.stack != nil {
            let size = try measure(view, width: nil, height: nil)
            view.frame.width = size.width; view.frame.height = size.height; view.fit = []
        }
        if let stack = view.stack {
            let frames = try arrange(stack, view.children, size: (view.frame.width, view.frame.height), minHeight: view.minHeight ?? 0).frames
            for (i, frame) in frames.enumerated() { view.children[i].frame = frame; view.children[i].fit = [] }
        }
        view.children = try view.children.map(resolved)
        return view
    }

    /// The size `view` takes when `width` and/or `height` are proposed (nil: free). Its own given
    /// dimensions win over the proposal.
    private func measure(_ view: View, width: Double?, height: Double?) throws -> Size {
        let w = view.fit.contains(.width) ? width : view.frame.width
        let h = view.fit.contains(.height) ? height : view.frame.height
        if let w, let h { return Size(width: w, height: h) }
        let key = Proposal(id: view.id, width: w, height: h)
        if let size = measured[key] { return size }
        let size: Size
        if let stack = view.stack {
            size = try arrange(stack, view.children, size: (w, h), minHeight: view.minHeight ?? 0).size
        } else {
            let own = try contentOf(view, width: w)
            if let image = own.image, image.width > 0, image.height > 0,
               view.contentMode == .scaleAspectFit || view.contentMode == .scaleAspectFill, w != nil || h != nil {
                size = w.map { Size(width: $0, height: $0 * image.height / image.width) }
                    ?? Size(width: h! * image.width / image.height, height: h!)
            } else {
                guard let natural = StackLayout.union(own.text, own.image) else {
                    throw missing(view, w == nil ? "width" : "height")
                }
                size = Size(width: w ?? natural.width, height: h ?? max(natural.height, view.minHeight ?? 0))
            }
        }
        measured[key] = size
        return size
    }

    /// Whether `view` measures anything by itself.
    private func measurable(_ view: View) throws -> Bool {
        if view.stack != nil { return true }
        let own = try contentOf(view, width: nil)
        return own.text != nil || own.image != nil
    }

    private func contentOf(_ view: View, width: Double?) throws -> Content {
        let key = Proposal(id: view.id, width: width, height: nil)
        if let known = contents[key] { return known }
        let own = try content(view, width)
        contents[key] = own
        return own
    }

    private func missing(_ view: View, _ dimension: String) -> SceneError {
        .invalid(file: file, path: view.jsonPath,
                 message: "needs a \(dimension): give it \"\(dimension)\", or text, an image or a stack to measure")
    }

    static func union(_ a: Size?, _ b: Size?) -> Size? {
        guard let a else { return b }
        guard let b else { return a }
        return Size(width: max(a.width, b.width), height: max(a.height, b.height))
    }

    /// Lays out a stack's children in a stack of `size` (either dimension nil when the stack takes
    /// its content's, but a height never less than `minHeight`): the stack's size and each
    /// child's frame in the stack's coordinates.
    private func arrange(_ stack: Stack, _ children: [View], size: (width: Double?, height: Double?), minHeight: Double)
        throws -> (size: Size, frames: [Rect]) {
        let vertical = stack.axis == .vertical
        let p = stack.padding
        let padMain = vertical ? p.top + p.bottom : p.left + p.right
        let padCross = vertical ? p.left + p.right : p.top + p.bottom
        let mainWord = vertical ? "height" : "width", crossWord = vertical ? "width" : "height"
        // Measures a child with `main` and `cross` proposed, in the stack's terms.
        func measure(_ child: View, main: Double?, cross: Double?) throws -> (main: Double, cross: Double) {
            let s = try self.measure(child, width: vertical ? cross : main, height: vertical ? main : cross)
            return vertical ? (s.height, s.width) : (s.width, s.height)
        }
        func given(_ child: View) -> (main: Double?, cross: Double?) {
            let w = child.fit.contains(.width) ? nil : child.frame.width
            let h = child.fit.contains(.height) ? nil : child.frame.height
            return vertical ? (h, w) : (w, h)
        }
        let n = children.count
        let measures = try children.map(measurable)
        let gaps = stack.spacing * Double(max(0, n - 1))
        let fills = stack.alignment == .fill

        // Across the axis: the stack's own, or its widest child's.
        let crossInner: Double
        if let cross = vertical ? size.width : size.height {
            crossInner = max(0, cross - padCross)
        } else {
            var widest = 0.0
            for (i, child) in children.enumerated() {
                if let own = given(child).cross {
                    widest = max(widest, own)
                } else if measures[i] {
                    widest = max(widest, try measure(child, main: nil, cross: nil).cross)
                }
            }
            if !fills, let i = children.indices.first(where: { given(children[$0]).cross == nil && !measures[$0] }) {
                throw missing(children[i], crossWord)
            }
            // A horizontal stack's height is its tallest child's, or its least height.
            crossInner = vertical ? widest : max(widest, minHeight - padCross)
        }
        // What a child is proposed across the axis: the stack's width when it fills. Otherwise a
        // child keeps its own size across, but never more than the stack's, as UIStackView's
        // alignment constraints hold it: text wider than the stack wraps or truncates in it.
        func crossProposal(_ child: View) throws -> Double? {
            if fills { return crossInner }
            guard given(child).cross == nil, try measure(child, main: nil, cross: nil).cross > crossInner else { return nil }
            return crossInner
        }

        // Along the axis.
        let mainSize = vertical ? size.height : size.width
        var lengths: [Double] = []
        var gap = stack.spacing
        switch stack.distribution {
        case .fillEqually:
            if let mainSize {
                lengths = Array(repeating: max(0, (mainSize - padMain - gaps) / Double(max(1, n))), count: n)
            } else {
                var longest = 0.0
                for (i, child) in children.enumerated() {
                    guard given(child).main != nil || measures[i] else { throw missing(child, mainWord) }
                    longest = max(longest, try measure(child, main: nil, cross: try crossProposal(child)).main)
                }
                lengths = Array(repeating: longest, count: n)
            }
        case .fill, .equalSpacing:
            var flexible: [Int] = []
            for (i, child) in children.enumerated() {
                if given(child).main == nil && !measures[i] {
                    guard stack.distribution == .fill, mainSize != nil else { throw missing(child, mainWord) }
                    flexible.append(i)
                    lengths.append(0)
                } else {
                    lengths.append(try measure(child, main: nil, cross: try crossProposal(child)).main)
                }
            }
            if let mainSize {
                let spare = mainSize - padMain - gaps - lengths.reduce(0, +)
                if !flexible.isEmpty {
                    for i in flexible { lengths[i] = max(0, spare) / Double(flexible.count) }
                } else if stack.distribution == .equalSpacing, n > 1 {
                    gap = max(stack.spacing, stack.spacing + spare / Double(n - 1))
                }
            }
        }

        var frames: [Rect] = []
        var position = vertical ? p.top : p.left
        let crossStart = vertical ? p.left : p.top
        for (i, child) in children.enumerated() {
            let main = lengths[i]
            let across: Double
            if let own = given(child).cross {
                across = own
            } else if fills {
                across = crossInner
            } else {
                across = min(crossInner, try measure(child, main: main, cross: try crossProposal(child)).cross)
            }
            let offset: Double
            switch stack.alignment {
            case .fill, .leading: offset = 0
            case .center: offset = (crossInner - across) / 2
            case .trailing: offset = crossInner - across
            }
            frames.append(vertical ? Rect(x: crossStart + offset, y: position, width: across, height: main)
                                   : Rect(x: position, y: crossStart + offset, width: main, height: across))
            position += main + gap
        }
        let content = padMain + lengths.reduce(0, +) + gaps
        let mainLength = mainSize ?? (vertical ? max(content, minHeight) : content)
        let crossLength = (vertical ? size.width : size.height) ?? (padCross + crossInner)
        return (vertical ? Size(width: crossLength, height: mainLength) : Size(width: mainLength, height: crossLength), frames)
    }
}
