import CFreeType
import Glibc
import Raster

/// A FreeType library with one face opened in it, and the FreeType calls `Font` needs.
///
/// Not thread-safe: a FreeType face may be used by one thread at a time, so `Font` touches this
/// only behind its lock. Each face has a library of its own, so two fonts share no FreeType state
/// and need no lock between them.
///
/// Glyphs are loaded unhinted and without embedded bitmaps (`FT_LOAD_NO_HINTING |
/// FT_LOAD_NO_BITMAP`), for measuring and for rasterizing alike, so layout advances always match
/// the outlines drawn.
final class FreeTypeFace {
    let path: String
    private let library: FT_Library
    private let face: FT_Face
    /// The em size last given to FreeType, in 1/64 pixel; 0 before the first.
    private var currentSize64 = 0

    private static let loadFlags = SRFT_LOAD_NO_HINTING | SRFT_LOAD_NO_BITMAP

    init(path: String) throws {
        self.path = path
        var library: FT_Library?
        let started = FT_Init_FreeType(&library)
        guard started == 0, let library else {
            throw FontError.freeType(path: path, operation: "starting FreeType", reason: FreeTypeFailure(code: started))
        }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, 0, &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            if access(path, F_OK) != 0 { throw FontError.missingFile(path: path) }
            throw FontError.notAFont(path: path, reason: FreeTypeFailure(code: opened))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw FontError.notScalable(path: path)
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Design units per em: the denominator of every metric below (non-zero for a scalable face).
    var unitsPerEM: Int { Int(face.pointee.units_per_EM) }
    /// Vertical metrics in design units; FreeType's descender is negative below the baseline.
    var ascender: Int { Int(face.pointee.ascender) }
    var descender: Int { Int(face.pointee.descender) }
    var lineHeight: Int { Int(face.pointee.height) }
    /// Whether the font has a `kern` table. `FT_Get_Kerning` reads only that table: FreeType 2.12
    /// ignores kerning stored in GPOS, which many recent fonts use instead.
    var hasKerning: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }

    func setSize(_ size64: Int) throws {
        guard size64 != currentSize64 else { return }
        // At 72 dpi one point is one pixel, so the 26.6 char size is the em size in pixels. For
        // TrueType fonts asking for integer ppems, FreeType rounds the scale only for hinted loads;
        // unhinted glyphs keep the exact fractional size.
        try check(FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72), "setting the size to \(Double(size64) / 64) px")
        currentSize64 = size64
    }

    /// The glyph for a Unicode scalar in the face's Unicode charmap; 0 (`.notdef`) when missing.
    func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// Unhinted advance width at the current size, in 1/65536 pixel (16.16).
    func advance(of glyph: UInt32) throws -> Int {
        var advance: FT_Fixed = 0
        try check(FT_Get_Advance(face, glyph, FreeTypeFace.loadFlags, &advance), "measuring glyph \(glyph)")
        return Int(advance)
    }

    /// Kerning between two glyphs at the current size, in 1/64 pixel.
    ///
    /// `FT_KERNING_UNFITTED`: scaled but not rounded to whole pixels. `FT_KERNING_DEFAULT` would
    /// round it to whole pixels and shrink it below 25 ppem, which is for hinted, pixel-snapped
    /// text; here glyphs sit at quarter pixels.
    func kerning(_ left: UInt32, _ right: UInt32) throws -> Int {
        var kerning = FT_Vector()
        try check(FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNFITTED.rawValue), &kerning),
                  "kerning glyphs \(left) and \(right)")
        return Int(kerning.x)
    }

    /// Rasterizes a glyph at the key's size, its origin moved right and down by the key's phases.
    func render(_ key: GlyphCache.Key) throws -> GlyphCache.Entry {
        try setSize(Int(key.size64))
        try check(FT_Load_Glyph(face, key.glyph, FreeTypeFace.loadFlags), "loading glyph \(key.glyph)")
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            throw failure(FT_Error(FT_Err_Invalid_Glyph_Format), "loading glyph \(key.glyph)")
        }
        // 26.6 units: a quarter pixel is 16. FreeType's y axis points up, the bitmap's down.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(key.phaseX) * 16, -FT_Pos(key.phaseY) * 16)
        try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rasterizing glyph \(key.glyph)")
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), bitmap.num_grays == 256 else {
            throw failure(FT_Error(FT_Err_Invalid_Glyph_Format), "rasterizing glyph \(key.glyph)")
        }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0 {
            coverage.withUnsafeMutableBufferPointer { out in
                for row in 0..<rows {
                    // A negative pitch means the rows are stored bottom-up.
                    let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                    UnsafeMutableRawPointer(out.baseAddress! + row * width).copyMemory(from: source, byteCount: width)
                }
            }
        }
        return GlyphCache.Entry(mask: CoverageMask(width: width, height: rows, coverage: coverage),
                                left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top))
    }

    private func check(_ error: FT_Error, _ operation: @autoclosure () -> String) throws {
        guard error == 0 else { throw failure(error, operation()) }
    }

    private func failure(_ error: FT_Error, _ operation: String) -> FontError {
        .freeType(path: path, operation: operation, reason: FreeTypeFailure(code: error))
    }
}
