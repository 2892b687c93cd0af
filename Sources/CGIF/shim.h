#ifndef SCROLLREEL_CGIF_SHIM_H
#define SCROLLREEL_CGIF_SHIM_H
#include <stdbool.h>
#include <gif_lib.h>
#endif
