import CHarfBuzz

/// A font file opened by HarfBuzz, shaping at its design units.
///
/// The scale is left at units per em, so HarfBuzz's positions are the font's own integers, exactly
/// what `hb-shape` prints for the file; `Font` scales them to pixels the way FreeType scales its
/// advances. HarfBuzz reads the OpenType tables itself (`hb_ot_font_set_funcs`), not through
/// FreeType. Not thread-safe on its own: `Font` shapes behind its lock.
final class HarfBuzzFont {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    let unitsPerEM: Int

    init(path: String, index: Int) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw FontError.missingFile(path: path) }
        self.blob = blob
        face = hb_face_create(blob, UInt32(index))
        font = hb_font_create(face)
        hb_ot_font_set_funcs(font)
        unitsPerEM = Int(hb_face_get_upem(face))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Whether the font's character map has a glyph for `scalar`.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// Shapes `range` of `text` (the whole paragraph is context, for joining scripts) in one
    /// direction and script. Glyphs come in visual order, left to right; clusters are offsets
    /// into `text`.
    func shape(_ text: [UInt32], _ range: Range<Int>, rightToLeft: Bool, script: UInt32, ligatures: Bool)
        -> [ShapedGlyph] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(script))
        // Tracked text drops optional ligatures, as Core Text does when a kern attribute is set.
        let features = ligatures ? [] : ["liga", "clig", "dlig"].map { tag -> hb_feature_t in
            var feature = hb_feature_t()
            _ = tag.withCString { hb_feature_from_string($0, -1, &feature) }
            feature.value = 0
            return feature
        }
        hb_shape(font, buffer, features, UInt32(features.count))
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        guard let infos, let positions else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(index: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        advance: Int(positions[i].x_advance), xOffset: Int(positions[i].x_offset),
                        yOffset: Int(positions[i].y_offset))
        }
    }

    /// HarfBuzz's script of a character (Common and Inherited for those shared between scripts).
    static func script(of scalar: Unicode.Scalar) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }

    /// The first script of its own in a sequence of characters' scripts; Latin when there is none.
    static func leadingScript<S: Sequence>(_ scripts: S) -> UInt32 where S.Element == UInt32 {
        scripts.first { !commonScripts.contains($0) } ?? latin
    }

    /// Whether a character belongs to no script of its own (Common or Inherited).
    static func isCommon(_ scalar: Unicode.Scalar) -> Bool { commonScripts.contains(script(of: scalar)) }

    static let latin = HB_SCRIPT_LATIN.rawValue
    static let commonScripts: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue,
                                              HB_SCRIPT_UNKNOWN.rawValue]
}

/// One glyph out of HarfBuzz, in design units (y up, as in the font).
struct ShapedGlyph {
    var index: UInt32
    /// Offset of the first character of the glyph's cluster in the shaped text.
    var cluster: Int
    var advance: Int
    var xOffset: Int
    var yOffset: Int
}
