#ifndef SCROLLREEL_FFMPEG_LOADER_H
#define SCROLLREEL_FFMPEG_LOADER_H

/// Loads FFmpeg's libraries (avutil, swscale, avcodec, avformat) on first use, instead of with the
/// program: they and what they need take some 27 MB of memory, and only MP4 output and reference
/// videos use them (and APNG output).
/// Returns NULL once they are loaded, or why they could not be; every call after the first
/// returns the same. FFmpeg's functions may be called only after it returned NULL.
const char *scrollreel_ffmpeg_load(void);

/// This CPU's flags as x264 detects them, without AVX-512; 0 when that x264 does not tell.
///
/// x264's AVX-512 code reads heap memory it has not written (seen with MALLOC_PERTURB_: the
/// file changes with the filler byte; without AVX-512 it does not), so its output would depend
/// on what the heap held before. Given to x264 as its `asm` flags, this keeps every other
/// instruction set it would use.
unsigned long scrollreel_x264_flags_without_avx512(void);

#endif
