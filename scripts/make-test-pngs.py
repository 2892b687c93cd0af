#!/usr/bin/env python3
"""Write the PNG test corpus: broken files, and unusual but valid ones with their expected pixels.

    Tests/CodecsTests/PNGs/bad/NAME.png     files the decoder must refuse with a clear error
                                            (their expected messages are kept by hand in
                                            bad/expected.txt: they are libpng's words)
    Tests/CodecsTests/PNGs/good/NAME.png    valid files in every colour type, bit depth and
                                            interlacing, each with NAME.rgba: the straight RGBA8
                                            bytes the decoder must return, computed here from
                                            the same source samples and never by a decoder
    Tests/CodecsTests/PNGs/good/expected.txt  NAME WIDTH HEIGHT TOLERANCE, one line per image
    Tests/CLITests/BadScenes/assets/        the few fake images the bad scenes point at

Only the standard library is used (zlib, struct, binascii.crc32). The files are committed, so the
tests never run this script; rerun it to change the corpus:

    python3 scripts/make-test-pngs.py
"""

import binascii
import math
import os
import struct
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PNGS = os.path.join(ROOT, "Tests", "CodecsTests", "PNGs")
SCENE_ASSETS = os.path.join(ROOT, "Tests", "CLITests", "BadScenes", "assets")

SIGNATURE = b"\x89PNG\r\n\x1a\n"
GREY, RGB, PALETTE, GREY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GREY: 1, RGB: 3, PALETTE: 1, GREY_ALPHA: 2, RGBA: 4}

# Adam7: (x start, y start, x step, y step) of each pass.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data, crc=None):
    crc = binascii.crc32(kind + data) if crc is None else crc
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(width, height, depth, colour, compression=0, filter_method=0, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour,
                                      compression, filter_method, interlace))


def pack_row(samples, depth):
    """One scanline's samples as bytes: big-endian for 16 bits, most significant bits first below 8."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    per_byte = 8 // depth
    out = bytearray()
    for i in range(0, len(samples), per_byte):
        group = samples[i:i + per_byte]
        byte = 0
        for j, s in enumerate(group):
            byte |= s << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(rows, bytes_per_pixel, filters):
    """Scanlines with a filter-type byte each; row i uses filters[i % len(filters)]."""
    out, previous = bytearray(), bytes(len(rows[0])) if rows else b""
    for i, row in enumerate(rows):
        kind = filters[i % len(filters)]
        line = bytearray()
        for x, value in enumerate(row):
            left = row[x - bytes_per_pixel] if x >= bytes_per_pixel else 0
            up = previous[x]
            upper_left = previous[x - bytes_per_pixel] if x >= bytes_per_pixel else 0
            predictor = [0, left, up, (left + up) // 2, paeth(left, up, upper_left)][kind]
            line.append((value - predictor) & 0xFF)
        out += bytes([kind]) + line
        previous = row
    return bytes(out)


def image_data(pixels, width, height, depth, colour, interlace=False, filters=(0,)):
    """The uncompressed IDAT stream of `pixels` (rows of per-pixel sample tuples)."""
    channels = CHANNELS[colour]
    bytes_per_pixel = max(1, channels * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    out = b""
    for x0, y0, dx, dy in passes:
        rows = []
        for y in range(y0, height, dy):
            samples = [s for x in range(x0, width, dx) for s in pixels[y][x]]
            if samples:
                rows.append(pack_row(samples, depth))
        if rows:
            out += filtered(rows, bytes_per_pixel, filters)
    return out


def png(width, height, depth, colour, pixels, interlace=False, before_idat=(), filters=(0,)):
    raw = image_data(pixels, width, height, depth, colour, interlace, filters)
    return (SIGNATURE + ihdr(width, height, depth, colour, interlace=int(interlace))
            + b"".join(before_idat) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def srgb_chunk():
    return chunk(b"sRGB", b"\x00")


def to8(v16):
    """A 16-bit sample scaled to 8 bits, rounded to nearest (libpng's png_set_scale_16)."""
    return (v16 * 255 + 32767) // 65535


# ---------------------------------------------------------------------------------------------
# Valid files. Each entry: name -> (png bytes, width, height, straight RGBA8 bytes, tolerance).
# The tolerance is 0 wherever the conversion is exact integer maths fixed by the PNG format.

def grid(width, height, sample):
    return [[sample(x, y) for x in range(width)] for y in range(height)]


def rgba_bytes(rows):
    return bytes(c for row in rows for px in row for c in px)


def good_files():
    files = {}
    w, h = 5, 3

    rgb = grid(w, h, lambda x, y: (x * 60, y * 120, 255 - x * 50))
    files["rgb8"] = (png(w, h, 8, RGB, rgb), w, h, rgba_bytes(grid(w, h, lambda x, y: rgb[y][x] + (255,))), 0)

    rgba = grid(w, h, lambda x, y: (200, x * 50, y * 100, [0, 1, 128, 254, 255][x]))
    files["rgba8"] = (png(w, h, 8, RGBA, rgba), w, h, rgba_bytes(rgba), 0)

    grey = grid(w, h, lambda x, y: (x * 50 + y,))
    files["grey8"] = (png(w, h, 8, GREY, grey), w, h, rgba_bytes(grid(w, h, lambda x, y: grey[y][x] * 3 + (255,))), 0)

    grey_alpha = grid(w, h, lambda x, y: (x * 60, 255 - y * 100))
    files["grey-alpha8"] = (png(w, h, 8, GREY_ALPHA, grey_alpha), w, h,
                            rgba_bytes(grid(w, h, lambda x, y: (grey_alpha[y][x][0],) * 3 + (grey_alpha[y][x][1],))), 0)

    # Low bit depths: a sample v of depth d expands to v * 255 / (2^d - 1), always a whole number.
    for depth in (1, 2, 4):
        top = (1 << depth) - 1
        lw = 11  # not a multiple of the samples per byte, so the last byte of each row is padded
        low = grid(lw, h, lambda x, y: ((x + y) % (top + 1),))
        files[f"grey{depth}"] = (png(lw, h, depth, GREY, low), lw, h,
                                 rgba_bytes(grid(lw, h, lambda x, y: (low[y][x][0] * 255 // top,) * 3 + (255,))), 0)

    palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 200, 10), (20, 20, 20)]
    plte = chunk(b"PLTE", bytes(c for entry in palette for c in entry))
    indices = grid(w, h, lambda x, y: ((x + 2 * y) % len(palette),))
    files["palette8"] = (png(w, h, 8, PALETTE, indices, before_idat=[plte]), w, h,
                         rgba_bytes(grid(w, h, lambda x, y: palette[indices[y][x][0]] + (255,))), 0)
    # tRNS shorter than the palette: entries past its end are opaque.
    alphas = [0, 128, 255, 64]
    trns = chunk(b"tRNS", bytes(alphas))
    files["palette8-trns"] = (png(w, h, 8, PALETTE, indices, before_idat=[plte, trns]), w, h,
                              rgba_bytes(grid(w, h, lambda x, y: palette[indices[y][x][0]]
                                              + ((alphas + [255])[min(indices[y][x][0], len(alphas))],))), 0)
    # Indices past the end of PLTE are an error in the PNG specification; libpng, like most
    # decoders, draws them opaque black.
    short = chunk(b"PLTE", bytes(c for entry in palette[:2] for c in entry))
    files["palette8-index-past-plte"] = (png(w, h, 8, PALETTE, indices, before_idat=[short]), w, h,
                                         rgba_bytes(grid(w, h, lambda x, y: (palette[indices[y][x][0]] if indices[y][x][0] < 2
                                                                             else (0, 0, 0)) + (255,))), 0)
    small = grid(w, h, lambda x, y: ((x + y) % 4,))
    files["palette2"] = (png(w, h, 2, PALETTE, small, before_idat=[plte]), w, h,
                         rgba_bytes(grid(w, h, lambda x, y: palette[small[y][x][0]] + (255,))), 0)

    # Colour-key transparency: exactly the pixels equal to the tRNS colour become transparent.
    key = (0, 120, 255)
    keyed = grid(w, h, lambda x, y: key if x == y else (x * 60, 120, 255))
    files["rgb8-trns"] = (png(w, h, 8, RGB, keyed, before_idat=[chunk(b"tRNS", struct.pack(">HHH", *key))]), w, h,
                          rgba_bytes(grid(w, h, lambda x, y: keyed[y][x] + (0 if keyed[y][x] == key else 255,))), 0)

    # 16 bits with an sRGB chunk: the samples are sRGB already, so they are only scaled to 8 bits.
    # Values that are not multiples of 257 check the rounding.
    deep = grid(w, h, lambda x, y: (x * 16383, y * 30000 + 128, 65535 - x * 257 * 3, [0, 257, 32896, 65280, 65535][x]))
    files["rgba16-srgb"] = (png(w, h, 16, RGBA, deep, before_idat=[srgb_chunk()]), w, h,
                            rgba_bytes(grid(w, h, lambda x, y: tuple(to8(s) for s in deep[y][x]))), 0)
    deep_rgb = grid(w, h, lambda x, y: deep[y][x][:3])
    files["rgb16-srgb"] = (png(w, h, 16, RGB, deep_rgb, before_idat=[srgb_chunk()]), w, h,
                           rgba_bytes(grid(w, h, lambda x, y: tuple(to8(s) for s in deep_rgb[y][x]) + (255,))), 0)
    # 16 bits without gAMA or sRGB: libpng takes such samples as linear light unless told otherwise
    # (png.h, PNG_IMAGE_FLAG_16BIT_sRGB); the decoder tells it they are sRGB, as 8-bit samples are,
    # so they are only scaled, like the tagged ones above, and mid grey 32768 stays 128.
    steps = [0, 16384, 32768, 49152, 65535]
    ramp = grid(w, h, lambda x, y: (steps[x], 32768, y * 21845))
    files["rgb16-untagged"] = (png(w, h, 16, RGB, ramp), w, h,
                               rgba_bytes(grid(w, h, lambda x, y: tuple(to8(s) for s in ramp[y][x]) + (255,))), 0)
    grey16 = grid(w, h, lambda x, y: (steps[x], 65535 - y * 30000))
    files["grey-alpha16-untagged"] = (png(w, h, 16, GREY_ALPHA, grey16), w, h,
                                      rgba_bytes(grid(w, h, lambda x, y: (to8(grey16[y][x][0]),) * 3
                                                      + (to8(grey16[y][x][1]),))), 0)

    # Adam7 with a size that leaves some passes empty in places and odd widths in others.
    iw, ih = 9, 7
    inter = grid(iw, ih, lambda x, y: (x * 28, y * 36, (x * y * 7) % 256, 255 - x - y))
    files["rgba8-adam7"] = (png(iw, ih, 8, RGBA, inter, interlace=True), iw, ih, rgba_bytes(inter), 0)
    inter_grey = grid(iw, ih, lambda x, y: ((x + 3 * y) % 4,))
    files["grey2-adam7"] = (png(iw, ih, 2, GREY, inter_grey, interlace=True), iw, ih,
                            rgba_bytes(grid(iw, ih, lambda x, y: (inter_grey[y][x][0] * 85,) * 3 + (255,))), 0)

    # Every filter type (None, Sub, Up, Average, Paeth), one per row.
    fw, fh = 7, 10
    pattern = grid(fw, fh, lambda x, y: ((x * 37 + y * 11) % 256, (x * x + y * 90) % 256, (250 - x * y) % 256, 255 - y * 9))
    files["rgba8-all-filters"] = (png(fw, fh, 8, RGBA, pattern, filters=(0, 1, 2, 3, 4)), fw, fh, rgba_bytes(pattern), 0)

    # The image data split over several IDAT chunks, one of them empty.
    one = png(w, h, 8, RGB, rgb)
    stream = zlib.compress(image_data(rgb, w, h, 8, RGB), 9)
    split = (SIGNATURE + ihdr(w, h, 8, RGB) + chunk(b"IDAT", stream[:5]) + chunk(b"IDAT", b"")
             + chunk(b"IDAT", stream[5:]) + chunk(b"IEND", b""))
    files["rgb8-split-idat"] = (split, w, h, files["rgb8"][3], 0)
    # libpng's simplified reader stops after the last row, so a file that lacks only IEND decodes.
    files["rgb8-missing-iend"] = (one[:-12], w, h, files["rgb8"][3], 0)
    files["rgb8-data-after-iend"] = (one + b"trailing bytes that are not a chunk", w, h, files["rgb8"][3], 0)
    # An unknown ancillary chunk (lower-case first letter) is skipped.
    after_ihdr = len(SIGNATURE) + len(ihdr(w, h, 8, RGB))
    files["rgb8-unknown-ancillary-chunk"] = (one[:after_ihdr] + chunk(b"teSt", b"anything") + one[after_ihdr:],
                                             w, h, files["rgb8"][3], 0)
    return files


# ---------------------------------------------------------------------------------------------
# Broken files. Each is built from a small valid image, so each one has exactly one defect.

def bad_files():
    w, h = 4, 4
    pixels = grid(w, h, lambda x, y: (x * 60, y * 60, 128, 255))
    good = png(w, h, 8, RGBA, pixels)
    header = SIGNATURE + ihdr(w, h, 8, RGBA)
    stream = zlib.compress(image_data(pixels, w, h, 8, RGBA), 9)
    idat = chunk(b"IDAT", stream)
    iend = chunk(b"IEND", b"")

    def with_ihdr(**fields):
        args = dict(width=w, height=h, depth=8, colour=RGBA)
        args.update(fields)
        return SIGNATURE + ihdr(**args) + idat + iend

    files = {
        "empty": b"",
        "text": b"this is not a PNG\n",
        "jpeg": bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffdb0043"),
        "gif": b"GIF89a\x04\x00\x04\x00\x80\x00\x00",
        # A PNG that went through a text-mode transfer: CR LF became LF.
        "signature-crlf-to-lf": good.replace(b"\r\n", b"\n", 1),
        "signature-only": SIGNATURE,
        "truncated-in-ihdr": header[:8 + 12],
        "truncated-after-ihdr": header,
        "truncated-in-idat": header + idat[:len(idat) // 2],
        "ihdr-too-long": SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, RGBA, 0, 0, 0) + b"\x00") + idat + iend,
        "ihdr-bad-crc": SIGNATURE + ihdr(w, h, 8, RGBA)[:-4] + b"\x00\x00\x00\x00" + idat + iend,
        "idat-bad-crc": header + chunk(b"IDAT", stream, crc=binascii.crc32(b"IDAT" + stream) ^ 1) + iend,
        "idat-not-zlib": header + chunk(b"IDAT", b"not a zlib stream at all") + iend,
        "idat-too-little-data": header + chunk(b"IDAT", zlib.compress(image_data(pixels, w, h, 8, RGBA)[:20])) + iend,
        "no-idat": header + iend,
        "idat-before-ihdr": SIGNATURE + idat + ihdr(w, h, 8, RGBA) + iend,
        "zero-width": with_ihdr(width=0),
        "zero-height": with_ihdr(height=0),
        "width-over-2-to-the-31": with_ihdr(width=1 << 31),
        "bit-depth-3": with_ihdr(depth=3),
        "rgb-bit-depth-4": with_ihdr(depth=4, colour=RGB),
        "palette-bit-depth-16": with_ihdr(depth=16, colour=PALETTE),
        "colour-type-5": with_ihdr(colour=5),
        "compression-method-1": with_ihdr(compression=1),
        "filter-method-1": with_ihdr(filter_method=1),
        "interlace-method-2": with_ihdr(interlace=2),
        "palette-without-plte": SIGNATURE + ihdr(w, h, 8, PALETTE)
        + chunk(b"IDAT", zlib.compress(image_data(grid(w, h, lambda x, y: (0,)), w, h, 8, PALETTE))) + iend,
        "unknown-critical-chunk": header + chunk(b"ABCD", b"must be understood") + idat + iend,
        "chunk-length-over-2-to-the-31": header + struct.pack(">I", 0x80000000) + b"IDAT" + stream + iend,
        # A decompression bomb: the header asks for 100000 x 100000 pixels (40 GB as RGBA) and the
        # data is a few bytes. The pixel limit must refuse it from the header alone.
        "bomb-100000x100000": SIGNATURE + ihdr(100_000, 100_000, 8, RGBA)
        + chunk(b"IDAT", zlib.compress(b"")) + iend,
    }
    return files


def clear(folder, extensions):
    """Removes generated files left from an earlier run, so a renamed case leaves nothing stale."""
    if os.path.isdir(folder):
        for name in os.listdir(folder):
            if name.endswith(extensions):
                os.remove(os.path.join(folder, name))


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    clear(os.path.join(PNGS, "good"), (".png", ".rgba"))
    clear(os.path.join(PNGS, "bad"), (".png",))
    good = good_files()
    lines = ["# NAME.png WIDTH HEIGHT TOLERANCE, written by scripts/make-test-pngs.py. NAME.rgba holds the",
             "# expected straight RGBA8 rows; TOLERANCE is the largest difference allowed per channel."]
    for name, (data, width, height, rgba, tolerance) in sorted(good.items(), key=lambda item: item[0] + ".png"):
        assert len(rgba) == width * height * 4, name
        write(os.path.join(PNGS, "good"), name + ".png", data)
        write(os.path.join(PNGS, "good"), name + ".rgba", rgba)
        lines.append(f"{name}.png {width} {height} {tolerance}")
    write(os.path.join(PNGS, "good"), "expected.txt", ("\n".join(lines) + "\n").encode())

    bad = bad_files()
    for name, data in sorted(bad.items()):
        write(os.path.join(PNGS, "bad"), name + ".png", data)

    # The bad scenes' assets: one real image and copies of broken ones.
    write(SCENE_ASSETS, "pic.png", good["rgb8"][0])
    for scene_name, source in [("text.png", "text"), ("jpeg.png", "jpeg"), ("empty.png", "empty"),
                               ("truncated.png", "truncated-in-ihdr"), ("bomb.png", "bomb-100000x100000")]:
        write(SCENE_ASSETS, scene_name, bad[source])
    print(f"{len(good)} valid and {len(bad)} broken PNGs in {os.path.relpath(PNGS)}")


if __name__ == "__main__":
    main()
