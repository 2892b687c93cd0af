#ifndef SCROLLREEL_CFONTCONFIG_SHIM_H
#define SCROLLREEL_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>

/* Property names are string macros, which Swift imports as nothing usable with FcPattern's API. */
static const char *const SRFC_FAMILY = FC_FAMILY;
static const char *const SRFC_FILE = FC_FILE;
static const char *const SRFC_INDEX = FC_INDEX;
static const char *const SRFC_CHARSET = FC_CHARSET;
static const char *const SRFC_WEIGHT = FC_WEIGHT;
static const char *const SRFC_LANG = FC_LANG;
#endif
