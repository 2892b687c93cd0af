import CFreeType
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// A FreeType library with one face opened in it, and the FreeType calls `Font` needs.
///
/// Not thread-safe: a FreeType face may be used by one thread at a time, so `Font` touches this
/// only behind its lock. Each face has a library of its own, so two fonts share no FreeType state
/// and need no lock between them.
///
/// Outline glyphs are loaded unhinted and without embedded bitmaps (`FT_LOAD_NO_HINTING |
/// FT_LOAD_NO_BITMAP`), so what is drawn matches the advances HarfBuzz reads from the same file.
///
/// A colour bitmap font (Noto Color Emoji's CBDT table) has no outlines, only strikes of fixed
/// size: its glyphs are read from its largest strike in colour, and scaled when drawn.
final class FreeTypeFace {
    let path: String
    private let library: FT_Library
    private let face: FT_Face
    /// The em size last given to FreeType, in 1/64 pixel; 0 before the first.
    private var currentSize64 = 0
    /// The strike's em size in pixels for a colour bitmap font; nil for an outline font.
    let strikePixels: Int?

    private static let loadFlags = SRFT_LOAD_NO_HINTING | SRFT_LOAD_NO_BITMAP

    /// Opens face `index` of the file (a collection such as a `.ttc` holds several).
    init(path: String, index: Int = 0) throws {
        self.path = path
        var library: FT_Library?
        let started = FT_Init_FreeType(&library)
        guard started == 0, let library else {
            throw FontError.freeType(path: path, operation: "starting FreeType", reason: FreeTypeFailure(code: started))
        }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, FT_Long(index), &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            if access(path, F_OK) != 0 { throw FontError.missingFile(path: path) }
            throw FontError.notAFont(path: path, reason: FreeTypeFailure(code: opened))
        }
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            strikePixels = nil
        } else if face.pointee.face_flags & SRFT_FACE_FLAG_COLOR != 0, face.pointee.num_fixed_sizes > 0,
                  let sizes = face.pointee.available_sizes {
            // The largest strike: scaled down, it loses the least.
            let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { Int(sizes[$0].y_ppem) }
            let largest = strikes.indices.max { strikes[$0] < strikes[$1] }!
            let selected = FT_Select_Size(face, FT_Int(largest))
            guard selected == 0, strikes[largest] > 0 else {
                FT_Done_Face(face)
                FT_Done_FreeType(library)
                throw FontError.notAFont(path: path, reason: FreeTypeFailure(code: selected))
            }
            strikePixels = (strikes[largest] + 32) >> 6
        } else {
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

    /// Vertical metrics in design units; FreeType's descender is negative below the baseline.
    var ascender: Int { Int(face.pointee.ascender) }
    var descender: Int { Int(face.pointee.descender) }
    var lineHeight: Int { Int(face.pointee.height) }

    /// Sets the em size of an outline font (a colour bitmap font keeps its strike).
    func setSize(_ size64: Int) throws {
        guard size64 != currentSize64 else { return }
        // At 72 dpi one point is one pixel, so the 26.6 char size is the em size in pixels. For
        // TrueType fonts asking for integer ppems, FreeType rounds the scale only for hinted loads;
        // unhinted glyphs keep the exact fractional size.
        try check(FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72), "setting the size to \(Double(size64) / 64) px")
        currentSize64 = size64
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

    /// A colour glyph of the strike, premultiplied, with the strike-pixel offset of its top-left
    /// corner from the glyph origin (x right, y down); nil when the glyph has no bitmap (a space).
    func renderColor(_ glyph: UInt32) throws -> GlyphCache.ColorEntry? {
        try check(FT_Load_Glyph(face, glyph, SRFT_LOAD_COLOR), "loading colour glyph \(glyph)")
        let bitmap = face.pointee.glyph.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return nil }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else {
            throw failure(FT_Error(FT_Err_Invalid_Glyph_Format), "loading colour glyph \(glyph)")
        }
        // FreeType's BGRA is premultiplied, as the bitmap's RGBA is; a channel above its alpha (a
        // damaged font) is clamped rather than refused.
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        for row in 0..<rows {
            let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
            for x in 0..<width {
                let s = source + x * 4, d = (row * width + x) * 4
                let a = s[3]
                rgba[d] = min(s[2], a); rgba[d + 1] = min(s[1], a); rgba[d + 2] = min(s[0], a); rgba[d + 3] = a
            }
        }
        guard let image = Bitmap(width: width, height: rows, premultiplied: rgba) else {
            throw failure(FT_Error(FT_Err_Invalid_Glyph_Format), "loading colour glyph \(glyph)")
        }
        let slot = face.pointee.glyph!
        return GlyphCache.ColorEntry(bitmap: image, left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top))
    }

    private func check(_ error: FT_Error, _ operation: @autoclosure () -> String) throws {
        guard error == 0 else { throw failure(error, operation()) }
    }

    private func failure(_ error: FT_Error, _ operation: String) -> FontError {
        .freeType(path: path, operation: operation, reason: FreeTypeFailure(code: error))
    }
}
