/// Classes of characters that line breaking and error messages treat alike.
enum ScalarClass {
    /// Han ideographs, kana and hangul syllables: written without spaces, drawn by CJK fonts.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
    }
}
