#ifndef SCROLLREEL_CMALLOC_SHIM_H
#define SCROLLREEL_CMALLOC_SHIM_H

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Keeps blocks up to `bytes` in the heap, and the heap untrimmed, where the C library allows it
/// (glibc); elsewhere it does nothing. Returns whether it applied.
static inline int scrollreel_keep_large_blocks(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes) == 1 && mallopt(M_TRIM_THRESHOLD, 4 * bytes) == 1;
#else
    (void)bytes;
    return 0;
#endif
}

/// Serves every thread from one heap, where the C library allows it (glibc); elsewhere it does
/// nothing. Returns whether it applied.
static inline int scrollreel_share_one_heap(void) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, 1) == 1;
#else
    return 0;
#endif
}

#endif
