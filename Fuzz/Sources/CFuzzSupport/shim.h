#ifndef SCROLLREEL_CFUZZSUPPORT_SHIM_H
#define SCROLLREEL_CFUZZSUPPORT_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

/* libFuzzer's built-in mutator, which a custom mutator calls before its own fix-ups. It has no
   header of its own; the fuzzer runtime defines it. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
#endif
