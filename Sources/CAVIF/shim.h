#ifndef SCROLLREEL_CAVIF_SHIM_H
#define SCROLLREEL_CAVIF_SHIM_H
#include <avif/avif.h>
#endif
