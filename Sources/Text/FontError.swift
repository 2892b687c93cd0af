import CFreeType

/// Failures of fonts and text. FreeType's failures carry its error code and its own message.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// There is no file at the path.
    case missingFile(path: String)
    /// FreeType could not open the file as a font: not a font, empty, truncated, unreadable.
    case notAFont(path: String, reason: FreeTypeFailure)
    /// The file is a font, but one without outlines or colour strikes (a bitmap-only font), which
    /// cannot be scaled.
    case notScalable(path: String)
    /// FreeType failed later, while sizing, measuring or rasterizing glyphs of a font it opened.
    case freeType(path: String, operation: String, reason: FreeTypeFailure)
    /// Neither the text's font nor any installed font has a glyph for the character.
    case noFont(scalar: Unicode.Scalar)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "\(path): no such file"
        case .notAFont(let path, let reason):
            return "\(path): not a usable font (\(reason))"
        case .notScalable(let path):
            return "\(path): the font has no outlines and cannot be scaled"
        case .freeType(let path, let operation, let reason):
            return "\(path): \(operation) failed (\(reason))"
        case .noFont(let scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "no installed font has \(code) \"\(Character(scalar))\"" + FontError.package(for: scalar)
        }
    }

    /// The Debian package with fonts for a character, for the ones most often missing.
    private static func package(for scalar: Unicode.Scalar) -> String {
        if scalar.properties.isEmojiPresentation { return " (install fonts-noto-color-emoji)" }
        if ScalarClass.isCJK(scalar) {
            return " (install fonts-noto-cjk)"
        }
        return ""
    }
}

/// A FreeType error code with FreeType's message for it.
public struct FreeTypeFailure: Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    /// FreeType's text for the code, or "error 0xNN" for a code FreeType does not describe.
    public let message: String

    init(code: FT_Error) {
        self.code = code
        if let text = SRFT_ErrorMessage(code) {
            message = String(cString: text)
        } else {
            message = "error 0x" + String(code, radix: 16, uppercase: true)
        }
    }

    public var description: String { "FreeType: \(message)" }
}
