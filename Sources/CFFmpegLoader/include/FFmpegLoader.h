#ifndef SCROLLREEL_FFMPEG_LOADER_H
#define SCROLLREEL_FFMPEG_LOADER_H

/// Loads FFmpeg's libraries (avutil, swscale, avcodec, avformat) on first use, instead of with the
/// program: they and what they need take some 27 MB of memory, and only MP4 output uses them.
/// Returns NULL once they are loaded, or why they could not be; every call after the first
/// returns the same. FFmpeg's functions may be called only after it returned NULL.
const char *scrollreel_ffmpeg_load(void);

#endif
