#ifndef SCROLLREEL_CFFMPEG_SHIM_H
#define SCROLLREEL_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
#include <libavutil/crc.h>

// FFmpeg's error codes are function-like macros, which Swift does not import.
static inline int scrollreel_averror_eof(void) { return AVERROR_EOF; }
static inline int scrollreel_averror_eagain(void) { return AVERROR(EAGAIN); }
#endif
