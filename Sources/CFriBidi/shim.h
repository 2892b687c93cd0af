#ifndef SCROLLREEL_CFRIBIDI_SHIM_H
#define SCROLLREEL_CFRIBIDI_SHIM_H
#include <fribidi.h>
#endif
