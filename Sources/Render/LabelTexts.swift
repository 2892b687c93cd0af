import Scene
import Synchronization
import Text

/// The text of every label in a scene, in the font it names, itemized once before the first frame
/// (see `Typesetter.prepare`): a missing font or character is an error before anything is drawn.
///
/// Fonts: no `font` is DejaVu Sans, regular for regular and medium, bold for semibold and bold (the
/// two weights it has). `"system"` is Inter in its four weights, its Display cut from 20 points
/// up, as San Francisco switches from Text to Display at 20 points. A family name goes through
/// fontconfig; a file is opened as given.
struct LabelTexts: Sendable {
    /// What a label's text is itemized by.
    struct Key: Hashable, Sendable {
        let text: String
        let font: Label.FontChoice
        let weight: Label.Weight
        /// Only the system font's cut depends on the size.
        let display: Bool

        init(_ label: Label) {
            text = label.text; font = label.font; weight = label.weight
            display = label.font == .system && label.fontSize >= 20
        }
    }

    /// What a label is laid out by; its colour and alignment do not change its lines.
    struct LayoutKey: Hashable, Sendable {
        let text: Key
        let fontSize: Double, letterSpacing: Double, lineHeight: Double?
        let numberOfLines: Int, lineBreak: Label.LineBreak
        let width: Double?, scale: Double

        init(label: Label, width: Double?, scale: Double) {
            text = Key(label); fontSize = label.fontSize; letterSpacing = label.letterSpacing; lineHeight = label.lineHeight
            numberOfLines = label.numberOfLines; lineBreak = label.lineBreak; self.width = width; self.scale = scale
        }
    }

    static let keptLayouts = 1024

    let typesetter: Typesetter
    private let texts: [Key: PreparedText]
    private let laidOut = LaidOut()

    /// Blocks already laid out, shared by the threads rendering frames.
    private final class LaidOut: Sendable {
        let blocks = Mutex<[LayoutKey: TextBlock]>([:])
    }

    init(scene: Scene, typesetter: Typesetter) throws {
        self.typesetter = typesetter
        var texts: [Key: PreparedText] = [:]
        func visit(_ view: View) throws {
            if let label = view.label, texts[Key(label)] == nil {
                let file = try LabelTexts.file(label, typesetter.fallback, scene.file, view.jsonPath)
                let font: Font
                // The fallback opens each file once, for every label and every scene.
                do { font = try typesetter.fallback.open(file) } catch let error as FontError {
                    // The default font is chosen by the weight.
                    let key = label.font == .standard ? ".fontWeight" : ".font"
                    throw RenderError.font(sceneFile: scene.file, jsonPath: view.jsonPath + key,
                                           reason: error.description + LabelTexts.hint(label.font, error))
                }
                do {
                    texts[Key(label)] = try typesetter.prepare(label.text, font: font, weight: LabelTexts.weight(label.weight))
                } catch let error as FontError {
                    throw RenderError.font(sceneFile: scene.file, jsonPath: view.jsonPath + ".text", reason: error.description)
                }
            }
            for child in view.children { try visit(child) }
        }
        for view in scene.views { try visit(view) }
        self.texts = texts
    }

    /// The label's text, itemized; every label of the scene has one.
    func text(_ label: Label) -> PreparedText {
        guard let text = texts[Key(label)] else { preconditionFailure("a label outside the scene the texts were made for") }
        return text
    }

    /// fontconfig's weight for a label weight.
    static func weight(_ weight: Label.Weight) -> Int {
        switch weight {
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        }
    }

    /// The font file a label names.
    private static func file(_ label: Label, _ fallback: FontFallback, _ sceneFile: String, _ jsonPath: String) throws
        -> FontFallback.FontFile {
        func fail(_ reason: String) -> RenderError { .font(sceneFile: sceneFile, jsonPath: jsonPath + ".font", reason: reason) }
        switch label.font {
        case .standard:
            // Found through fontconfig; Debian's path when fontconfig does not know it, so that a
            // missing font is reported with the package that has it.
            let bold = label.weight == .semibold || label.weight == .bold
            return fallback.file(family: "DejaVu Sans", weight: bold ? 200 : 80)
                ?? FontFallback.FontFile(path: bold ? Font.defaultBoldPath : Font.defaultRegularPath, index: 0)
        case .system:
            let family = Key(label).display ? "Inter Display" : "Inter"
            guard let file = fallback.file(family: family, weight: weight(label.weight)) else {
                throw fail("\"system\" is \(family), which is not installed (Debian's fonts-inter has it)")
            }
            return file
        case .family(let name):
            guard let file = fallback.file(family: name, weight: weight(label.weight)) else {
                throw fail("no installed font family is named \"\(name)\" (fc-list : family lists them)")
            }
            return file
        case .file(let path):
            return FontFallback.FontFile(path: path, index: 0)
        }
    }

    private static func hint(_ font: Label.FontChoice, _ error: FontError) -> String {
        guard font == .standard, case .missingFile = error else { return "" }
        return " (the default font comes with Debian's fonts-dejavu-core)"
    }
}

extension LabelTexts {
    /// A label's lines in `width` device pixels (nil: unbounded) at `scale` pixels per point.
    /// Kept: a label that does not change width between frames is laid out once.
    func layout(_ label: Label, width: Double?, scale: Double) throws -> TextBlock {
        let key = LayoutKey(label: label, width: width, scale: scale)
        if let known = laidOut.blocks.withLock({ $0[key] }) { return known }
        let style = TextStyle(pixelSize: label.fontSize * scale, tracking: label.letterSpacing * scale,
                              lineHeight: label.lineHeight.map { $0 * scale })
        let block = try typesetter.layout(text(label), style: style, width: width, maxLines: label.numberOfLines,
                                          lineBreak: LineBreakMode(rawValue: label.lineBreak.rawValue)!)
        laidOut.blocks.withLock { cache in
            // Widths that change every frame (a label in a stretching header) would grow it without end.
            if cache.count >= LabelTexts.keptLayouts { cache.removeAll(keepingCapacity: true) }
            cache[key] = block
        }
        return block
    }
}
