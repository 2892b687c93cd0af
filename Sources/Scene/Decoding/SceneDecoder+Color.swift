/// Decoding of colours: hex, system colours by name, and light/dark pairs.
extension SceneDecoder {
    /// `"#RRGGBB"`, `"#RRGGBBAA"`, a system colour's name (`"label"`, `"systemBlue"`; see
    /// `SystemColor`), or `{"light": …, "dark": …}` of those, taken for the appearance being decoded.
    static func decodeColor(_ node: JSONNode) throws -> Color {
        switch node.value {
        case .object:
            let o = try node.object(allowed: ["light", "dark"])
            let light = try plainColor(o.required("light")), dark = try plainColor(o.required("dark"))
            return inAppearance((light, dark))
        case .string:
            return try plainColor(node)
        default:
            throw node.fail("expected a colour \"#RRGGBB\", \"#RRGGBBAA\", a system colour such as \"label\" or {\"light\": …, \"dark\": …}, found \(node.value.typeName)")
        }
    }

    /// A hex colour, or a system colour in the appearance being decoded.
    private static func plainColor(_ node: JSONNode) throws -> Color {
        guard case .string(let s) = node.value else {
            throw node.fail("expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or a system colour such as \"label\", found \(node.value.typeName)")
        }
        if s.hasPrefix("#") {
            guard let color = Color(hex: s) else {
                throw node.fail("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(s)\"")
            }
            return color
        }
        guard let pair = SystemColor.table[s] else {
            if Color(hex: "#" + s) != nil { throw node.fail("unknown colour \"\(s)\"; did you mean \"#\(s)\"?") }
            let hint = closest(to: s, in: SystemColor.table.keys.sorted()).map { "; did you mean \"\($0)\"?" }
                ?? "; expected \"#RRGGBB\", \"#RRGGBBAA\" or a system colour such as \"label\" or \"systemBlue\""
            throw node.fail("unknown colour \"\(s)\"\(hint)")
        }
        return inAppearance(pair)
    }

    /// The member of a light/dark pair for the appearance being decoded.
    static func inAppearance(_ pair: (light: Color, dark: Color)) -> Color {
        Appearance.decoding == .dark ? pair.dark : pair.light
    }
}
