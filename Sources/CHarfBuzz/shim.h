#ifndef SCROLLREEL_CHARFBUZZ_SHIM_H
#define SCROLLREEL_CHARFBUZZ_SHIM_H
/* Only HarfBuzz's own OpenType implementation: fonts are read from their files' tables, not
 * through FreeType, so shaping gives what hb-shape gives for the same file. */
#include <hb.h>
#include <hb-ot.h>
#endif
