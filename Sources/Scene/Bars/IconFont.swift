import Foundation

/// Icons by name, from Material Design Icons (Apache-2.0), which Debian packages as
/// `fonts-material-design-icons-iconfont`: an icon is one glyph of its TTF, drawn as text is.
///
/// Invariants:
/// - Names map to code points through the package's own list (its SCSS variables file, the only
///   list it ships), parsed once, on the first icon a scene names; scenes without icons never
///   read it, so they render without the package.
/// - A name resolves to a one-scalar string of the font's private-use area, which only this
///   font draws; a label carrying it names the font by its path, never through fallback.
enum IconFont {
    static let package = "fonts-material-design-icons-iconfont"
    static let fontPath = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
    static let codepointsPath = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

    /// The names and their code points, or why they could not be read. Swift runs a static's
    /// initializer once, lazily and thread-safely, which is the "parse once" this needs.
    private static let table: Result<[String: UInt32], IconTableError> = load(codepointsPath)

    struct IconTableError: Error { let message: String }

    /// The one-character text that draws the icon named at `node`.
    /// - Throws: `SceneError` at `node` for an unknown name (with the closest known one) or when
    ///   the package is not installed.
    static func glyph(_ node: JSONNode) throws -> String {
        let scalar = try codepoint(try node.string(), node)
        return String(Character(Unicode.Scalar(scalar)!))
    }

    /// The label that draws `glyph` (from `glyph(_:)`) at `size` points in `color`, centred.
    static func label(_ glyph: String, size: Double, color: Color) -> Label {
        Label(text: glyph, fontSize: size, font: .file(fontPath), color: color, alignment: .center, lineBreak: .clip)
    }

    private static func codepoint(_ name: String, _ node: JSONNode) throws -> UInt32 {
        let names: [String: UInt32]
        switch table {
        case .success(let table): names = table
        case .failure(let error): throw node.fail(error.message)
        }
        if let scalar = names[name] { return scalar }
        let hint = closest(to: name, in: names.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
        throw node.fail("no icon is named \"\(name)\"\(hint) (the names are Material Design Icons')")
    }

    /// Reads lines of the form `"arrow_back_ios": e5e0,`; a name whose code point is outside
    /// Unicode's scalars is skipped.
    static func load(_ path: String) -> Result<[String: UInt32], IconTableError> {
        let missing = IconTableError(message: "icons need Debian's \(package) (apt-get install \(package)); \(path) is missing")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(missing)
        }
        return .success(parse(text))
    }

    static func parse(_ text: String) -> [String: UInt32] {
        var names: [String: UInt32] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            guard key.count > 2, key.hasPrefix("\""), key.hasSuffix("\""),
                  let scalar = UInt32(value, radix: 16), Unicode.Scalar(scalar) != nil else { continue }
            names[String(key.dropFirst().dropLast())] = scalar
        }
        return names
    }
}
