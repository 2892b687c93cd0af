/// A decoded, validated scene: everything needed to render, in points, with no pixels.
///
/// Invariants (checked by `SceneDecoder`): sizes are positive, `scale` is 1…3, `fps` is 1…120,
/// view ids are unique, and every image names an entry of `assets`.
public struct Scene: Equatable, Sendable {
    public var canvas: Canvas
    public var fps: Int
    /// Asset name → where its PNG is.
    public var assets: [String: Asset]
    public var scroll: ScrollSpec
    public var views: [View]
    /// The Auto Layout constraints of the scene and of its views, in order.
    public var constraints: [LayoutConstraint]
    /// The scene file as given on the command line; errors name it.
    public var file: String
    /// `"statusBar": {"style": "auto"}`: the renderer picks the status bar's content colour in
    /// each frame for the pixels under it, which only it sees.
    public var adaptiveStatusBar = false
    /// Which way leading and trailing run; see `mirrored()`.
    public var layoutDirection = LayoutDirection.leftToRight

    public init(canvas: Canvas, fps: Int = 30, assets: [String: Asset] = [:], scroll: ScrollSpec,
                views: [View], constraints: [LayoutConstraint] = [], file: String = "<scene>") {
        self.canvas = canvas; self.fps = fps; self.assets = assets; self.scroll = scroll
        self.views = views; self.constraints = constraints; self.file = file
    }
}

/// The screen: its size in points, the output scale and the colour under everything.
public struct Canvas: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public var background: Color
    /// The iPhone the canvas is, when the scene names one: its size and scale are the defaults,
    /// and it gives the safe area and the display's corner radius.
    public var device: Device?

    public init(width: Double, height: Double, scale: Int = 2, background: Color = .white, device: Device? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.device = device
    }

    /// The device's safe area; none without a device.
    public var safeArea: Insets { device?.safeArea ?? Insets() }
}

/// An image file used by views.
public struct Asset: Equatable, Sendable {
    /// The path resolved against the scene file's folder.
    public var path: String
    /// Pixels per point of the image, like UIImage.scale: a 600 px wide image at scale 2 is 300 pt.
    public var scale: Double
    /// Where the asset is declared in the scene, for error messages.
    public var jsonPath: String

    public init(path: String, scale: Double = 1, jsonPath: String) {
        self.path = path; self.scale = scale; self.jsonPath = jsonPath
    }
}

/// The scroll view, which fills the canvas.
public struct ScrollSpec: Equatable, Sendable {
    public var contentHeight: Double
    /// `"contentHeight": "auto"`: `contentHeight` is measured from the views that scroll, again
    /// once `StackLayout` has sized them.
    public var autoContentHeight = false
    /// Where flings and releases may come to rest; nil lets them stop anywhere.
    public var snapping: Snapping?
    /// The content insets as the scene writes them (UIScrollView's `contentInset`).
    public var insets: Insets
    /// Whether the bars add to `insets`; see `adjustedInsets`, which the scroll uses.
    public var insetAdjustment = InsetAdjustment.automatic
    /// What the scene's system bars cover; zero without bars.
    public var bars = BarInsets()
    /// `showsVerticalScrollIndicator`: whether `ScrollIndicator` is drawn while scrolling.
    public var showsVerticalScrollIndicator = true
    /// The indicator's colour in the appearance the scene was decoded for.
    public var indicatorColor = ScrollIndicator.lightAppearanceColor
    /// The pull-to-refresh control above the content; nil without one.
    public var refreshControl: RefreshControl?
    public var script: [ScriptStep]

    public init(contentHeight: Double, insets: Insets = Insets(), script: [ScriptStep] = []) {
        self.contentHeight = contentHeight; self.insets = insets; self.script = script
    }
}

/// Offsets a fling ends on, as `isPagingEnabled` or `scrollViewWillEndDragging(_:withVelocity:
/// targetContentOffset:)` make it.
public enum Snapping: Equatable, Sendable {
    /// Pages the viewport's height apart from the top of the range, and the bottom of the range.
    case paging
    /// These offsets (within the range; the range's ends are always allowed too).
    case points([Double])
}

public struct Insets: Equatable, Sendable {
    public var top: Double, bottom: Double
    public init(top: Double = 0, bottom: Double = 0) { self.top = top; self.bottom = bottom }
}

/// A view in the tree. `frame` is in its parent's coordinates; for top-level views that is the
/// scroll content (or the screen, when `fixed`). Until `StackLayout` has run, the children of a
/// stack sit at the origin and the dimensions in `fit` are zero.
public struct View: Equatable, Sendable {
    public var id: String
    public var frame: Rect
    /// The frame's dimensions still to be measured.
    public var fit: Fit
    /// Lays out the children when set.
    public var stack: Stack?
    /// Placed by `constraints` rather than by a frame; its frame is the solved one once
    /// `ConstraintLayout` has run.
    public var constrained = false
    /// UIKit's content priorities, 1…999, for a view placed by constraints that has text, an image
    /// or a stack: how strongly it resists being smaller than its content, and larger.
    public var compressionResistance = 750.0
    /// The least height a measured height may take (`"minHeight"`), as a `>=` constraint on an
    /// auto-sized view: a row that grows with Dynamic Type but never shrinks below its design.
    public var minHeight: Double?
    public var contentHugging = 250.0
    /// A border drawn inside the bounds over everything the view draws, as `CALayer` draws one;
    /// none at width 0.
    public var borderWidth = 0.0
    public var borderColor = Color(r: 0, g: 0, b: 0)
    public var shadow: Shadow?
    public var gradient: LayerGradient?
    /// The corners `cornerRadius` rounds.
    public var maskedCorners = CornerMask.all
    /// CALayer's `cornerCurve`: quarter circles, or Apple's continuous corner.
    public var cornerCurve = CornerCurve.circular
    /// Whether the view and its subviews follow the scene's layout direction or force one.
    public var semanticContentAttribute = SemanticContentAttribute.unspecified
    public var background: Color?
    /// Blurs, saturates and tints what lies behind the view, under its background and content.
    public var material: Material?
    public var cornerRadius: Double
    public var image: String?
    public var contentMode: ContentMode
    public var clipsToBounds: Bool
    public var alpha: Double
    /// Stays put on screen instead of scrolling (navigation bars, toolbars). Top level only.
    public var fixed: Bool
    public var effects: [Effect]
    /// Properties driven by the scroll, applied in order after the effects.
    public var bindings: [Binding]
    public var label: Label?
    /// Where the view sits in the scene file, e.g. `views[0].children[2]`, for error messages.
    public var jsonPath: String
    public var children: [View]

    public init(id: String, frame: Rect, background: Color? = nil, cornerRadius: Double = 0,
                image: String? = nil, contentMode: ContentMode = .scaleToFill, clipsToBounds: Bool = false,
                alpha: Double = 1, fixed: Bool = false, effects: [Effect] = [], bindings: [Binding] = [], label: Label? = nil,
                jsonPath: String = "", fit: Fit = [], stack: Stack? = nil, children: [View] = []) {
        self.id = id; self.frame = frame; self.fit = fit; self.stack = stack; self.background = background; self.cornerRadius = cornerRadius
        self.image = image; self.contentMode = contentMode; self.clipsToBounds = clipsToBounds
        self.alpha = alpha; self.fixed = fixed; self.effects = effects; self.bindings = bindings; self.label = label
        self.jsonPath = jsonPath; self.children = children
    }
}

extension View {
    /// The collapsing-header effect, when the view has one.
    public var collapsingHeader: CollapsingHeader? {
        for case .collapsing(let header) in effects { return header }
        return nil
    }

    /// The sticky-header effect, when the view has one.
    public var stickyHeader: StickyHeader? {
        for case .sticky(let header) in effects { return header }
        return nil
    }
}

/// Scroll-driven effects a view can carry; each one's maths is a pure function of the offset.
public enum Effect: Equatable, Sendable {
    /// E1 / E1b: the header stretches when pulled (and, pinned, shrinks when pushed).
    case stretchy(StretchyHeader)
    /// E4: the view blurs as the content is pulled down.
    case blurByPull(BlurByPull)
    /// E2: the view's image moves against the scroll inside the view.
    case parallax(ParallaxImage)
    /// E3: a band over the view's label children reveals them in another colour.
    case textReveal(TextReveal)
    /// A section header that pins to the top until the next one pushes it up.
    case sticky(StickyHeader)
    /// A header that collapses to a pinned bar as the content scrolls up.
    case collapsing(CollapsingHeader)
}

/// Text drawn in a view as UILabel draws it: in lines broken to the view's width, the block of
/// lines centred vertically in the frame.
public struct Label: Equatable, Sendable {
    public enum Weight: String, CaseIterable, Equatable, Hashable, Sendable { case regular, medium, semibold, bold }
    /// `natural` follows each paragraph's direction: left for Latin, right for Arabic and Hebrew.
    public enum Alignment: String, CaseIterable, Equatable, Sendable { case natural, left, center, right }
    /// `NSLineBreakMode`'s cases.
    public enum LineBreak: String, CaseIterable, Equatable, Sendable {
        case wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle
    }
    /// Which font draws the text.
    public enum FontChoice: Equatable, Hashable, Sendable {
        /// DejaVu Sans, the font of scenes that name none.
        case standard
        /// Inter, the closest free match to San Francisco: `"font": "system"`.
        case system
        /// An installed family, found through fontconfig.
        case family(String)
        /// A TTF, OTF or TTC file (resolved against the scene's folder).
        case file(String)
    }

    /// Paragraphs are separated by line feeds.
    public var text: String
    /// Em size in points.
    public var fontSize: Double
    public var weight: Weight
    public var font: FontChoice
    public var color: Color
    public var alignment: Alignment
    /// Points added after every character, as UIKit's `kern` attribute adds them.
    public var letterSpacing: Double
    /// The most lines shown; 0 for no limit.
    public var numberOfLines: Int
    public var lineBreak: LineBreak
    /// Baseline-to-baseline distance in points; nil for the font's own.
    public var lineHeight: Double?

    public init(text: String, fontSize: Double = 17, weight: Weight = .regular, font: FontChoice = .standard,
                color: Color = Color(r: 0, g: 0, b: 0), alignment: Alignment = .natural, letterSpacing: Double = 0,
                numberOfLines: Int = 1, lineBreak: LineBreak = .truncateTail, lineHeight: Double? = nil) {
        self.text = text; self.fontSize = fontSize; self.weight = weight; self.font = font
        self.color = color; self.alignment = alignment; self.letterSpacing = letterSpacing
        self.numberOfLines = numberOfLines; self.lineBreak = lineBreak; self.lineHeight = lineHeight
    }
}
