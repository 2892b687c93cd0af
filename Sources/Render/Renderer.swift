import Foundation
import Pipeline
import Raster
import Scene
import Text

/// Renders the frames of a scene: loads its assets once, then turns each frame's offset into a
/// premultiplied bitmap of canvas × scale pixels.
///
/// Thread-safe after init: `frame(_:)` only reads shared state, so frames may be rendered in any
/// order or in parallel with identical results.
public final class Renderer: Sendable {
    public let scene: Scene
    public let timeline: Timeline
    public let offsets: [Double]
    public let layout: Layout
    let painter: Painter
    /// Painting is a pure function of the display list: a frame whose list repeats the last one
    /// painted is those pixels.
    private let painted = LastMade<[DisplayItem], Bitmap>()

    /// The same scene in another variant (its other appearance, another content size or layout
    /// direction), drawn to the right of this one in every frame, with the variants after it to
    /// its own right.
    public let beside: Renderer?
    /// The phone's display corners, and maybe its body, around every frame.
    public let deviceFrame: DeviceFrame?
    /// With `--touches`, the finger's disc drawn last in every frame; nil draws none.
    public let touches: TouchIndicator?

    public var frameCount: Int { offsets.count }
    /// One canvas wide, or one per variant side by side, each with its device frame.
    public var pixelWidth: Int { canvasPixelWidth + (beside?.pixelWidth ?? 0) }
    public var pixelHeight: Int { screenPixelHeight + 2 * frameMargin }
    /// The bytes of one frame's pixels.
    public var frameBytes: Int { pixelWidth * pixelHeight * 4 }
    /// Where each copy of the screen starts in a frame, in pixels: inside the device frame's
    /// margin, and one copy to the right for each other variant.
    public var screenOrigins: [(x: Int, y: Int)] {
        [(frameMargin, frameMargin)] + (beside?.screenOrigins.map { (canvasPixelWidth + $0.x, $0.y) } ?? [])
    }
    /// The pixels of each copy of the screen.
    public var screenPixelSize: (width: Int, height: Int) { (screenPixelWidth, screenPixelHeight) }
    private var canvasPixelWidth: Int { screenPixelWidth + 2 * frameMargin }
    private var screenPixelWidth: Int { Int((scene.canvas.width * Double(scene.canvas.scale)).rounded()) }
    private var screenPixelHeight: Int { Int((scene.canvas.height * Double(scene.canvas.scale)).rounded()) }
    private var frameMargin: Int { deviceFrame?.margin(scale: Double(scene.canvas.scale)) ?? 0 }

    /// Loads the assets and fonts, measures what the scene leaves to measure (see `StackLayout`),
    /// solves its constraints (see `ConstraintLayout`) and works out the frame offsets; `scene` is
    /// the measured scene, with the constrained views at rest.
    ///
    /// With `beside` (the same scene decoded for other variants, of the same canvas), every frame is
    /// the renders side by side, this one on the left; the display list and the offsets are this
    /// one's. A variant whose timeline is shorter (text that changes the content's height can
    /// change where a scroll ends) holds its last frame.
    ///
    /// `typesetter` finds fonts for characters a label's font lacks; one shared between renders
    /// keeps the fonts it opens.
    ///
    /// `deviceFrame` puts every frame in the display's rounded corners (those of the scene's
    /// device; square without one), and maybe a body around them.
    ///
    /// `touches` draws the script's finger (`TouchIndicator`) over every frame; the frames' times
    /// and offsets are the same either way.
    public init(scene: Scene, images decoder: any ImageDecoder, limits: RenderLimits = RenderLimits(), beside others: [Scene] = [],
                typesetter: Typesetter = .shared, deviceFrame: DeviceFrame? = nil, touches: Bool = false) throws {
        try limits.check(scene)
        var images: [String: Bitmap] = [:]
        var sizes: [String: Size] = [:]
        for (name, asset) in scene.assets.sorted(by: { $0.key < $1.key }) {
            let bitmap = try Renderer.loadImage(asset, sceneFile: scene.file, maxPixels: limits.imagePixels, decoder: decoder)
            images[name] = bitmap
            sizes[name] = Size(width: Double(bitmap.width) / asset.scale, height: Double(bitmap.height) / asset.scale)
        }
        let texts = try LabelTexts(scene: scene, typesetter: typesetter)
        let measure = ContentMeasure(scale: Double(scene.canvas.scale), texts: texts, imageSizes: sizes, sceneFile: scene.file)
        let stacked = try StackLayout.resolve(scene, content: measure.content)
        // Constraints size a label by its text on one line per paragraph, as UIKit does without a
        // preferred maximum width.
        let constraints = try ConstraintLayout.build(stacked) { try measure.content(of: $0, width: nil) }
        self.scene = try constraints?.resolve(stacked) ?? stacked
        timeline = Timeline(scene: self.scene)
        try limits.check(self.scene, timeline: timeline)
        offsets = timeline.offsets(fps: scene.fps)
        // Every offset the script reaches is solved once here, so that a constraint that stops
        // the scroll is an error before the first frame rather than a wrong frame.
        for offset in Set(offsets) { _ = try constraints?.frames(offset: offset) }
        layout = Layout(scene: self.scene, imageSizes: sizes, constraints: constraints)
        var painter = Painter(scale: Double(scene.canvas.scale), images: images, texts: texts, sceneFile: scene.file)
        painter.adaptiveStatusBar = scene.adaptiveStatusBar
        self.painter = painter
        self.deviceFrame = deviceFrame
        self.touches = touches ? TouchIndicator(scene: self.scene, timeline: timeline) : nil
        beside = try others.first.map {
            try Renderer(scene: $0, images: decoder, limits: limits, beside: Array(others.dropFirst()), typesetter: typesetter, deviceFrame: deviceFrame,
                         touches: touches)
        }
    }

    /// The display list of frame `index`.
    public func items(frame index: Int) throws -> [DisplayItem] {
        guard offsets.indices.contains(index) else { throw RenderError.frameOutOfRange(sceneFile: scene.file, index: index, count: frameCount) }
        let time = Timeline.time(ofFrame: index, fps: scene.fps)
        var items = layout.items(offset: offsets[index], secondsStill: timeline.secondsStill(at: time),
                                 refreshInset: timeline.refreshInset(at: time))
        if scene.scroll.refreshControl != nil,
           let spinner = RefreshControl.spinner(at: time, pull: -scene.scroll.offsetFromRest(offsets[index]), refreshes: timeline.refreshes),
           let item = layout.refreshItem(offset: offsets[index], spinner: spinner) {
            items.insert(item, at: 0)
        }
        // From the time alone, like the indicator, so that frames stay independent.
        if let touch = touches?.touch(at: time) { items.append(Layout.touchItem(touch)) }
        return items
    }

    /// The lines the label of view `id` draws in frame `index`, where it draws them; empty when the
    /// view is not on screen or has no text. For checking text layout without pixels.
    public func textLines(ofView id: String, frame index: Int) throws -> [PlacedLine] {
        guard let item = try items(frame: index).lazy.flatMap(\.flattened).first(where: { $0.id == id }),
              let label = item.label else { return [] }
        return try painter.place(label, item) ?? []
    }

    /// The pixels of frame `index`.
    public func frame(_ index: Int) throws -> Bitmap {
        // Framed inside, so that a frame repeating the last display list is not framed again.
        let own = try painted.value(for: try items(frame: index)) { items in
            let screen = try painter.paint(items, width: screenPixelWidth, height: screenPixelHeight, background: scene.canvas.background)
            return deviceFrame.map {
                $0.apply(screen, cornerRadius: scene.canvas.device?.displayCornerRadius ?? 0, scale: Double(scene.canvas.scale))
            } ?? screen
        }
        guard let beside else { return own }
        var both = Bitmap(width: pixelWidth, height: pixelHeight)
        let everywhere = Clip(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        both.composite(own, x: 0, y: 0, opacity: 255, clip: everywhere)
        both.composite(try beside.frame(min(index, beside.frameCount - 1)), x: canvasPixelWidth, y: 0, opacity: 255, clip: everywhere)
        return both
    }

    private static func loadImage(_ asset: Asset, sceneFile: String, maxPixels: Int, decoder: any ImageDecoder) throws -> Bitmap {
        func fail(_ reason: String) -> RenderError {
            .asset(sceneFile: sceneFile, jsonPath: asset.jsonPath, imageFile: asset.path, reason: reason)
        }
        guard let data = FileManager.default.contents(atPath: asset.path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: asset.path, isDirectory: &isDirectory)
            throw fail(!exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a PNG file" : "cannot read the file")
        }
        do { return try decoder.decode(Array(data), maxPixels: maxPixels) } catch {
            throw fail("\(error)")
        }
    }
}
