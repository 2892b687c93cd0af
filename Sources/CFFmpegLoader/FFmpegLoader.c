// The FFmpeg functions ScrollReel calls, defined here as calls through pointers that
// `scrollreel_ffmpeg_load` takes from the libraries it opens. The program is not linked with
// FFmpeg, so these definitions are what the Swift code's calls reach. Each one is checked against
// FFmpeg's own declaration of it, so a signature that differs does not compile.
//
// Hidden: the definitions serve this program only. A library opened later looks its FFmpeg
// functions up in its own dependencies, never here. The C library's headers come first, so that
// what they declare keeps its default visibility and is found in the C library.
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#pragma GCC visibility push(hidden)
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
#include <libavutil/crc.h>
#include "FFmpegLoader.h"

// Each function, with the library that has it.
#define FFMPEG_FUNCTIONS(X) \
    X(avutil, av_dict_free) X(avutil, av_dict_set) X(avutil, av_frame_alloc) X(avutil, av_frame_free) \
    X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable) X(avutil, av_frame_unref) X(avutil, av_log_set_level) \
    X(avutil, av_opt_set) X(avutil, av_strerror) X(avutil, av_malloc) X(avutil, av_freep) X(avutil, av_crc_get_table) \
    X(avutil, av_crc) \
    X(swscale, sws_freeContext) X(swscale, sws_getCoefficients) X(swscale, sws_getContext) \
    X(swscale, sws_scale) X(swscale, sws_setColorspaceDetails) \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_rescale_ts) \
    X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_free_context) \
    X(avcodec, avcodec_open2) X(avcodec, avcodec_parameters_from_context) X(avcodec, avcodec_receive_packet) \
    X(avcodec, avcodec_send_frame) X(avcodec, av_packet_unref) X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_receive_frame) X(avcodec, avcodec_send_packet) \
    X(avformat, av_interleaved_write_frame) X(avformat, av_write_trailer) X(avformat, avformat_alloc_output_context2) \
    X(avformat, avformat_free_context) X(avformat, avformat_new_stream) X(avformat, avformat_write_header) \
    X(avformat, avio_closep) X(avformat, avio_open) X(avformat, avio_alloc_context) X(avformat, avio_context_free) X(avformat, av_find_best_stream) X(avformat, av_read_frame) \
    X(avformat, avformat_close_input) X(avformat, avformat_find_stream_info) X(avformat, avformat_open_input)

#define POINTER(library, name) static __typeof__(&name) call_##name;
FFMPEG_FUNCTIONS(POINTER)

#define TEXT(x) #x
#define SONAME(library, major) "lib" #library ".so." TEXT(major)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static unsigned long x264_flags;

/// An entry of x264's table of CPU flag names (`x264_cpu_name_t` in x264.h).
typedef struct {
    const char *name;
    uint32_t flags;
} X264CPUName;

/// x264's flags for `name` in its table, which are cumulative (AVX2 includes AVX); 0 if absent.
static uint32_t x264_named(const X264CPUName *names, const char *name) {
    for (; names->name && names->name[0]; names++) {
        if (strcmp(names->name, name) == 0) return names->flags;
    }
    return 0;
}

/// This CPU's flags as x264 detects them, less AVX-512, when the x264 that libavcodec loaded
/// exports its detection and its table of names.
static void find_x264_flags(void *avcodec) {
    uint32_t (*detect)(void) = (uint32_t (*)(void))dlsym(avcodec, "x264_cpu_detect");
    const X264CPUName *names = (const X264CPUName *)dlsym(avcodec, "x264_cpu_names");
    if (!detect || !names) return;
    uint32_t avx512 = x264_named(names, "AVX512") & ~x264_named(names, "AVX2");
    if (avx512) x264_flags = detect() & ~avx512;
}

/// Opens the libraries whose major versions the headers name, and finds every function.
static void load(void) {
    void *avutil = dlopen(SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *swscale = avutil ? dlopen(SONAME(swscale, LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *avcodec = swscale ? dlopen(SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *avformat = avcodec ? dlopen(SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!avformat) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : "FFmpeg's libraries could not be opened");
        return;
    }
#define FIND(library, name) \
    if (!(call_##name = (__typeof__(&name))dlsym(library, #name))) { \
        snprintf(failure, sizeof failure, "FFmpeg's lib%s has no %s", #library, #name); \
        return; \
    }
    FFMPEG_FUNCTIONS(FIND)
    find_x264_flags(avcodec);
}

const char *scrollreel_ffmpeg_load(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

unsigned long scrollreel_x264_flags_without_avx512(void) {
    pthread_once(&once, load);
    return x264_flags;
}

void av_dict_free(AVDictionary **m) { call_av_dict_free(m); }
int av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) { return call_av_dict_set(pm, key, value, flags); }
AVFrame *av_frame_alloc(void) { return call_av_frame_alloc(); }
void av_frame_free(AVFrame **frame) { call_av_frame_free(frame); }
int av_frame_get_buffer(AVFrame *frame, int align) { return call_av_frame_get_buffer(frame, align); }
int av_frame_make_writable(AVFrame *frame) { return call_av_frame_make_writable(frame); }
void av_frame_unref(AVFrame *frame) { call_av_frame_unref(frame); }
void av_log_set_level(int level) { call_av_log_set_level(level); }
int av_opt_set(void *obj, const char *name, const char *val, int search_flags) { return call_av_opt_set(obj, name, val, search_flags); }
int av_strerror(int errnum, char *errbuf, size_t errbuf_size) { return call_av_strerror(errnum, errbuf, errbuf_size); }
void *av_malloc(size_t size) { return call_av_malloc(size); }
void av_freep(void *ptr) { call_av_freep(ptr); }
const AVCRC *av_crc_get_table(AVCRCId crc_id) { return call_av_crc_get_table(crc_id); }
uint32_t av_crc(const AVCRC *ctx, uint32_t crc, const uint8_t *buffer, size_t length) { return call_av_crc(ctx, crc, buffer, length); }

void sws_freeContext(struct SwsContext *c) { call_sws_freeContext(c); }
const int *sws_getCoefficients(int colorspace) { return call_sws_getCoefficients(colorspace); }
struct SwsContext *sws_getContext(int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH,
                                  enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter,
                                  SwsFilter *dstFilter, const double *param) {
    return call_sws_getContext(srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param);
}
int sws_scale(struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY,
              int srcSliceH, uint8_t *const dst[], const int dstStride[]) {
    return call_sws_scale(c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride);
}
int sws_setColorspaceDetails(struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4],
                             int dstRange, int brightness, int contrast, int saturation) {
    return call_sws_setColorspaceDetails(c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation);
}

AVPacket *av_packet_alloc(void) { return call_av_packet_alloc(); }
void av_packet_free(AVPacket **pkt) { call_av_packet_free(pkt); }
void av_packet_rescale_ts(AVPacket *pkt, AVRational tb_src, AVRational tb_dst) { call_av_packet_rescale_ts(pkt, tb_src, tb_dst); }
AVCodecContext *avcodec_alloc_context3(const AVCodec *codec) { return call_avcodec_alloc_context3(codec); }
const AVCodec *avcodec_find_encoder_by_name(const char *name) { return call_avcodec_find_encoder_by_name(name); }
void avcodec_free_context(AVCodecContext **avctx) { call_avcodec_free_context(avctx); }
int avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) { return call_avcodec_open2(avctx, codec, options); }
int avcodec_parameters_from_context(AVCodecParameters *par, const AVCodecContext *codec) {
    return call_avcodec_parameters_from_context(par, codec);
}
int avcodec_receive_packet(AVCodecContext *avctx, AVPacket *avpkt) { return call_avcodec_receive_packet(avctx, avpkt); }
int avcodec_send_frame(AVCodecContext *avctx, const AVFrame *frame) { return call_avcodec_send_frame(avctx, frame); }
void av_packet_unref(AVPacket *pkt) { call_av_packet_unref(pkt); }
int avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) {
    return call_avcodec_parameters_to_context(codec, par);
}
int avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) { return call_avcodec_receive_frame(avctx, frame); }
int avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) { return call_avcodec_send_packet(avctx, avpkt); }

int av_interleaved_write_frame(AVFormatContext *s, AVPacket *pkt) { return call_av_interleaved_write_frame(s, pkt); }
int av_write_trailer(AVFormatContext *s) { return call_av_write_trailer(s); }
int avformat_alloc_output_context2(AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name,
                                   const char *filename) {
    return call_avformat_alloc_output_context2(ctx, oformat, format_name, filename);
}
void avformat_free_context(AVFormatContext *s) { call_avformat_free_context(s); }
AVStream *avformat_new_stream(AVFormatContext *s, const AVCodec *c) { return call_avformat_new_stream(s, c); }
int avformat_write_header(AVFormatContext *s, AVDictionary **options) { return call_avformat_write_header(s, options); }
int avio_closep(AVIOContext **s) { return call_avio_closep(s); }
int avio_open(AVIOContext **s, const char *url, int flags) { return call_avio_open(s, url, flags); }
AVIOContext *avio_alloc_context(unsigned char *buffer, int buffer_size, int write_flag, void *opaque,
                                int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
                                int (*write_packet)(void *opaque, uint8_t *buf, int buf_size),
                                int64_t (*seek)(void *opaque, int64_t offset, int whence)) {
    return call_avio_alloc_context(buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek);
}
void avio_context_free(AVIOContext **s) { call_avio_context_free(s); }
int av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                        const AVCodec **decoder_ret, int flags) {
    return call_av_find_best_stream(ic, type, wanted_stream_nb, related_stream, decoder_ret, flags);
}
int av_read_frame(AVFormatContext *s, AVPacket *pkt) { return call_av_read_frame(s, pkt); }
void avformat_close_input(AVFormatContext **s) { call_avformat_close_input(s); }
int avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) { return call_avformat_find_stream_info(ic, options); }
int avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options) {
    return call_avformat_open_input(ps, url, fmt, options);
}

#pragma GCC visibility pop
