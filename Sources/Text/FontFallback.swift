import CFontconfig
import Synchronization

/// Fonts found through fontconfig: the installed font that has a character the label's own font
/// lacks (CJK, emoji, other scripts), and fonts named by family. Safe to share between threads.
///
/// Invariants: every query asks in English (`lang` en) whatever the machine's locale, so the same
/// installed fonts give the same choice everywhere; answers and opened fonts are kept, so one
/// character costs one query and one file is opened once.
public final class FontFallback: Sendable {
    /// A face in a font file.
    public struct FontFile: Hashable, Sendable {
        public let path: String
        public let index: Int

        public init(path: String, index: Int) { self.path = path; self.index = index }
    }

    private struct Query: Hashable { let scalar: UInt32, weight: Int, emoji: Bool }

    private struct State {
        let config: OpaquePointer?
        var answers: [Query: FontFile?] = [:]
        var fonts: [FontFile: Font] = [:]
    }

    private let state: Mutex<State>

    /// Reads the machine's fontconfig configuration. Without one, no fallback is found.
    public init() {
        state = Mutex(State(config: FcInitLoadConfigAndFonts()))
    }

    deinit {
        state.withLock { if let config = $0.config { FcConfigDestroy(config) } }
    }

    /// A font with a glyph for `scalar`, in about `weight` (fontconfig's scale: 80 regular, 100
    /// medium, 180 semibold, 200 bold); with `emoji`, a colour emoji font is preferred. nil when
    /// no installed font has the character.
    /// - Throws: `FontError` when the font fontconfig names cannot be opened.
    public func font(for scalar: Unicode.Scalar, weight: Int, emoji: Bool) throws -> Font? {
        let query = Query(scalar: scalar.value, weight: weight, emoji: emoji)
        let file = state.withLock { state -> FontFile? in
            if let known = state.answers[query] { return known }
            let found = state.config.flatMap { match(query, in: $0) }
            state.answers[query] = found
            return found
        }
        return try file.map(open)
    }

    /// The installed font fontconfig picks for a family name and weight, when its family is that
    /// name (fontconfig otherwise answers with its closest substitute).
    public func file(family: String, weight: Int) -> FontFile? {
        state.withLock { state in
            guard let config = state.config, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, SRFC_FAMILY, family)
            FcPatternAddInteger(pattern, SRFC_WEIGHT, Int32(weight))
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let font = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(font) }
            var name: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, SRFC_FAMILY, 0, &name) == FcResultMatch, let name,
                  String(cString: name).lowercased() == family.lowercased() else { return nil }
            return fontFile(font)
        }
    }

    /// The font in a file, opened once.
    public func open(_ file: FontFile) throws -> Font {
        if let font = state.withLock({ $0.fonts[file] }) { return font }
        let font = try Font(path: file.path, index: file.index)
        return state.withLock { state in
            if let other = state.fonts[file] { return other }
            state.fonts[file] = font
            return font
        }
    }

    /// fontconfig's best-ordered fonts for the query; the first whose character set has the character.
    private func match(_ query: Query, in config: OpaquePointer) -> FontFile? {
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(wanted) }
        FcCharSetAddChar(wanted, query.scalar)
        FcPatternAddString(pattern, SRFC_FAMILY, query.emoji ? "emoji" : "sans-serif")
        FcPatternAddCharSet(pattern, SRFC_CHARSET, wanted)
        FcPatternAddInteger(pattern, SRFC_WEIGHT, Int32(query.weight))
        FcPatternAddString(pattern, SRFC_LANG, "en")
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(font, SRFC_CHARSET, 0, &charset) == FcResultMatch, let charset,
               FcCharSetHasChar(charset, query.scalar) != 0 {
                return fontFile(font)
            }
        }
        return nil
    }

    private func fontFile(_ font: OpaquePointer) -> FontFile? {
        var path: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(font, SRFC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        _ = FcPatternGetInteger(font, SRFC_INDEX, 0, &index)
        return FontFile(path: String(cString: path), index: Int(index))
    }
}
