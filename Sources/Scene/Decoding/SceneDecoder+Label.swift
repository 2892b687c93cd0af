import Paths
/// Decoding of a view's text: its style, font and paragraph keys.
extension SceneDecoder {
    private static let textKeys = ["textStyle", "fontSize", "fontWeight", "font", "textColor", "textAlignment", "letterSpacing",
                                   "numberOfLines", "lineBreakMode", "lineHeight"]

    /// The label fields of a view; nil when it has no `text`. Text styling without text is an error.
    static func decodeLabel(_ o: JSONObject, sceneFile: String) throws -> Label? {
        guard let textNode = o["text"] else {
            if let stray = textKeys.compactMap({ o[$0] }).first { throw stray.fail("only applies to a view with \"text\"") }
            return nil
        }
        let text = try textNode.string()
        guard !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }) else {
            throw textNode.fail("expected text with line feeds (\\n) between paragraphs and no other control characters")
        }
        var label = Label(text: text)
        // A text style is the system font at the style's size and weight for the content size
        // category, and its leading between the lines of text that may wrap; each of those that
        // the view states itself wins.
        let style = try o["textStyle"]?.choice(FontTextStyle.allCases.map { ($0.rawValue, $0) })
        let metrics = style?.metrics(at: ContentSizeCategory.decoding)
        label.fontSize = try o["fontSize"]?.number(in: 1...1000) ?? metrics?.size ?? 17
        label.weight = try o["fontWeight"]?.choice(Label.Weight.allCases.map { ($0.rawValue, $0) }) ?? style?.weight ?? .regular
        if let fontNode = o["font"] {
            label.font = try decodeFont(fontNode, sceneFile: sceneFile)
        } else if style != nil {
            label.font = .system
        }
        // UILabel's own default: black in light, white in dark.
        label.color = try o["textColor"].map(decodeColor) ?? defaultTextColor
        label.alignment = try o["textAlignment"]?.choice(Label.Alignment.allCases.map { ($0.rawValue, $0) }) ?? .natural
        label.letterSpacing = try o["letterSpacing"]?.number(in: -100...100) ?? 0
        label.numberOfLines = try o["numberOfLines"]?.integer(in: 0...1000) ?? 1
        label.lineBreak = try o["lineBreakMode"]?.choice(Label.LineBreak.allCases.map { ($0.rawValue, $0) }) ?? .truncateTail
        // One line keeps the font's own line box, as a UILabel's does; the published leading spaces
        // the lines of a paragraph, as Apple's design kits set it.
        label.lineHeight = try o["lineHeight"]?.number(in: 1...1000) ?? (label.numberOfLines == 1 ? nil : metrics?.leading)
        return label
    }

    /// UILabel's default `textColor`, the system colour `label`, in the appearance being decoded.
    private static var defaultTextColor: Color { inAppearance(SystemColor.table["label"]!) }

    /// `"system"`, a font file (a path, or a name ending in .ttf, .otf or .ttc) or an installed
    /// family name.
    private static func decodeFont(_ node: JSONNode, sceneFile: String) throws -> Label.FontChoice {
        let name = try node.string()
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw node.fail("expected \"system\", a font file or a family name, found a blank string")
        }
        if name == "system" { return .system }
        let lower = name.lowercased()
        if name.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: lower.hasSuffix) {
            return .file(resolve(name, against: sceneFile))
        }
        return .family(name)
    }

    /// A path from the scene, made relative to the scene file's folder unless absolute.
    static func resolve(_ path: String, against sceneFile: String) -> String {
        path.hasPrefix("/") ? path : PathText.joining(PathText.folder(of: sceneFile), path)
    }
}
