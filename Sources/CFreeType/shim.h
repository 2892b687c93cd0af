#ifndef SCROLLREEL_CFREETYPE_SHIM_H
#define SCROLLREEL_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_OUTLINE_H

/* Load flags are macros with casts and shifts that Swift imports with the wrong type or not at all. */
static const FT_Int32 SRFT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const FT_Int32 SRFT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const FT_Int32 SRFT_LOAD_COLOR = FT_LOAD_COLOR;
static const FT_Long SRFT_FACE_FLAG_COLOR = FT_FACE_FLAG_COLOR;

/*
 * FreeType's own message for an error code, or NULL for a code it does not define.
 *
 * FT_Error_String returns NULL unless FreeType was built with FT_CONFIG_OPTION_ERROR_STRINGS, and
 * Debian's libfreetype6 is not. fterrors.h documents this way to rebuild the table from
 * FreeType's error list: undefine its guard, define FT_ERRORDEF and include it again.
 */
static inline const char *SRFT_ErrorMessage(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST switch (FT_ERROR_BASE(error)) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return 0;
}
#endif
