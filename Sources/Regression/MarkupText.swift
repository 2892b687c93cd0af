/// Text made safe for XML and HTML, in content and in quoted attributes: the JUnit file, the HTML
/// report and merged JUnit files all escape through here.
public enum MarkupText {
    /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 cannot hold become U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
