#ifndef SCROLLREEL_CPNG_SHIM_H
#define SCROLLREEL_CPNG_SHIM_H
#include <png.h>

/* These are macros built from other macros, which Swift does not import. */
static const png_uint_32 SRPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const png_uint_32 SRPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
#endif
