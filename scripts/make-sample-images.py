#!/usr/bin/env python3
"""Procedurally draw the sample photos used by ScrollReel's demo scenes.

Seven flat-shaded illustrations are written to samples/images/ as 8-bit RGB
PNGs (colour type 2, no alpha, non-interlaced):

    landscape.png  1170x900  mountains and a lake at golden hour
    ocean.png      1170x780  sea horizon, waves and a beach
    forest.png     1170x780  layered pine silhouettes in fog
    desert.png     1170x780  dunes with lit and shaded faces
    city.png       1170x780  skyline with lit windows at dusk
    aurora.png     1170x780  aurora curtains over snowy hills
    meadow.png     1170x780  green hills, flowers and clouds

Each image mixes smooth gradients with fine detail (trees, ripples, windows,
stars, flowers) so that effects such as blur have measurable high-frequency
content to remove.

Only the Python standard library is used. Every random choice comes from a
seeded random.Random and the PNG encoder is written here, so running the
script twice produces byte-identical files. The PNGs are committed to the
repository, so the renderer's tests never depend on running this script;
rerun it only to change the artwork:

    python3 scripts/make-sample-images.py [output-dir]
"""

import itertools
import math
import os
import random
import re
import struct
import sys
import time
import zlib

WIDTH = 1170
FEED_HEIGHT = 780
LANDSCAPE_HEIGHT = 900

TAU = 2.0 * math.pi


# ---------------------------------------------------------------------------
# Small numeric and colour helpers
# ---------------------------------------------------------------------------

def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def smoothstep(e0, e1, x):
    t = clamp((x - e0) / (e1 - e0))
    return t * t * (3.0 - 2.0 * t)


def mix(a, b, t):
    return (a[0] + (b[0] - a[0]) * t,
            a[1] + (b[1] - a[1]) * t,
            a[2] + (b[2] - a[2]) * t)


def to8(c):
    """Round a float colour to a tuple of bytes."""
    return tuple(0 if v < 0 else 255 if v > 255 else int(v + 0.5) for v in c)


def gradient(stops, t):
    """Piecewise-linear colour ramp; stops is a sorted list of (pos, colour)."""
    if t <= stops[0][0]:
        return stops[0][1]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            return mix(c0, c1, (t - p0) / (p1 - p0))
    return stops[-1][1]


def fractal_line(rng, n, roughness=0.5):
    """n + 1 samples of 1-D midpoint-displacement noise, scaled to [-1, 1]."""
    size = 1
    while size < n:
        size *= 2
    pts = [0.0] * (size + 1)
    pts[0] = rng.uniform(-1.0, 1.0)
    pts[size] = rng.uniform(-1.0, 1.0)
    step, scale = size, 1.0
    while step > 1:
        half = step // 2
        for i in range(half, size, step):
            pts[i] = 0.5 * (pts[i - half] + pts[i + half]) + rng.uniform(-scale, scale)
        scale *= roughness
        step = half
    pts = pts[:n + 1]
    lo, hi = min(pts), max(pts)
    return [2.0 * (p - lo) / (hi - lo) - 1.0 for p in pts]


def sine_line(rng, n, waves):
    """n + 1 samples of summed sines; waves is a list of (wavelength, amplitude)."""
    terms = [(TAU / wl, amp, rng.uniform(0.0, TAU)) for wl, amp in waves]
    return [sum(a * math.sin(k * x + ph) for k, a, ph in terms) for x in range(n + 1)]


def smooth(values, radius, passes=2):
    """Repeated box blur of a 1-D list (edges clamped)."""
    n = len(values)
    for _ in range(passes):
        prefix = [0.0]
        for v in values:
            prefix.append(prefix[-1] + v)
        out = []
        for i in range(n):
            a = max(0, i - radius)
            b = min(n, i + radius + 1)
            out.append((prefix[b] - prefix[a]) / (b - a))
        values = out
    return values


def shadow_faces(top, light_from_right, ridge_slope, valley_slope, jitter=None,
                 curve=0.0, guide_radius=6, min_drop=6.0):
    """Shadowed faces of a ridge seen from the front, as (top, bottom) pairs.

    Walking away from the light, every stretch where the (smoothed) ridge
    descends is a face turned away from the sun.  Its shadow is bounded
    below by a ridge line falling from the peak and, beyond the valley,
    above by a steeper line falling from the valley; where the two meet the
    facet closes.  This reads as faceted rock or sand instead of a stripe
    running down the whole image.  Each pair is a full-width top/bottom
    list for Canvas.fill_between.
    """
    n = len(top)
    guide = smooth(top, guide_radius)
    order = list(range(n - 1, -1, -1)) if light_from_right else list(range(n))
    # Split the walk into descending runs: (peak index, valley index).
    runs = []
    i = 1
    while i < n:
        if guide[order[i]] > guide[order[i - 1]]:
            j = i
            while j < n and guide[order[j]] >= guide[order[j - 1]]:
                j += 1
            peak, valley = order[i - 1], order[j - 1]
            if top[valley] - top[peak] >= min_drop:
                runs.append((i - 1, j - 1))
            i = j
        else:
            i += 1
    faces = []
    for pi, vi in runs:
        peak_x, peak_y = order[pi], top[order[pi]]
        valley_y = top[order[vi]]
        # Columns outside the face get zero thickness at the surface, so the
        # edge anti-aliasing never interpolates towards a far-away value.
        ftop = list(top)
        fbot = list(top)
        for k in range(pi, n):
            x = order[k]
            d = k - pi
            bottom = peak_y + ridge_slope * d + curve * d * d
            if jitter is not None:
                bottom += jitter[x]
            if k <= vi:
                upper = top[x]
            else:
                upper = max(top[x], valley_y + valley_slope * (k - vi))
                if upper >= bottom:
                    ftop[x] = fbot[x] = bottom
                    break
            ftop[x] = upper
            fbot[x] = max(upper, bottom)
        faces.append((ftop, fbot))
    return faces


# ---------------------------------------------------------------------------
# Canvas
# ---------------------------------------------------------------------------

_BLEND_TABLE_CACHE = {}


def _blend_tables(colour, alpha):
    """Per-channel 256-entry lookup tables for v -> v + (c - v) * alpha.

    Used with bytes.translate on a channel slice (row[c::3]) so whole spans
    are blended at C speed instead of one pixel at a time.
    """
    key = (to8(colour), int(alpha * 1024 + 0.5))
    tables = _BLEND_TABLE_CACHE.get(key)
    if tables is None:
        a = key[1] / 1024.0
        tables = tuple(bytes(int(v + (c - v) * a + 0.5) for v in range(256))
                       for c in key[0])
        if len(_BLEND_TABLE_CACHE) > 4096:
            _BLEND_TABLE_CACHE.clear()
        _BLEND_TABLE_CACHE[key] = tables
    return tables


_RUNS = re.compile(b'\x01+')


class Canvas:
    """An RGB image stored as one bytearray per row (R, G, B interleaved)."""

    def __init__(self, width, height, colour=(0, 0, 0)):
        self.w = width
        self.h = height
        px = bytes(to8(colour))
        self.rows = [bytearray(px * width) for _ in range(height)]

    # -- single pixels -----------------------------------------------------

    def blend(self, x, y, colour, alpha):
        if alpha <= 0.0 or x < 0 or y < 0 or x >= self.w or y >= self.h:
            return
        if alpha > 1.0:
            alpha = 1.0
        row = self.rows[y]
        i = 3 * x
        r, g, b = colour
        row[i] = int(row[i] + (r - row[i]) * alpha + 0.5)
        row[i + 1] = int(row[i + 1] + (g - row[i + 1]) * alpha + 0.5)
        row[i + 2] = int(row[i + 2] + (b - row[i + 2]) * alpha + 0.5)

    def add(self, x, y, colour, alpha):
        """Additive (light-emitting) blend, saturating at 255."""
        if alpha <= 0.0 or x < 0 or y < 0 or x >= self.w or y >= self.h:
            return
        row = self.rows[y]
        i = 3 * x
        for c in range(3):
            v = row[i + c] + int(colour[c] * alpha + 0.5)
            row[i + c] = 255 if v > 255 else v

    # -- rows and spans ----------------------------------------------------

    def fill_rows(self, y0, y1, colour_at):
        """Fill whole rows with a per-row colour (vertical gradients)."""
        for y in range(max(0, y0), min(self.h, y1)):
            self.rows[y][:] = bytes(to8(colour_at(y))) * self.w

    def tint_rows(self, y0, y1, colour_at, alpha_at):
        """Blend whole rows towards a per-row colour (fog, haze, water tint)."""
        for y in range(max(0, y0), min(self.h, y1)):
            a = alpha_at(y)
            if a <= 0.0:
                continue
            row = self.rows[y]
            for c, table in enumerate(_blend_tables(colour_at(y), min(a, 1.0))):
                row[c::3] = row[c::3].translate(table)

    def blend_run(self, y, x0, x1, colour, alpha=1.0):
        """Blend integer pixels [x0, x1) of row y."""
        x0 = max(0, x0)
        x1 = min(self.w, x1)
        if x1 <= x0 or y < 0 or y >= self.h:
            return
        row = self.rows[y]
        if alpha >= 1.0:
            row[3 * x0:3 * x1] = bytes(to8(colour)) * (x1 - x0)
        elif x1 - x0 < 24:
            for x in range(x0, x1):
                self.blend(x, y, colour, alpha)
        else:
            seg = row[3 * x0:3 * x1]
            for c, table in enumerate(_blend_tables(colour, alpha)):
                seg[c::3] = seg[c::3].translate(table)
            row[3 * x0:3 * x1] = seg

    def hspan(self, y, x0, x1, colour, alpha=1.0):
        """Blend the horizontal interval [x0, x1) of row y, with fractional
        coverage on the end pixels so edges are anti-aliased."""
        if y < 0 or y >= self.h:
            return
        x0 = max(x0, 0.0)
        x1 = min(x1, float(self.w))
        if x1 <= x0:
            return
        i0 = int(x0)
        i1 = int(x1)
        if i0 == i1:
            self.blend(i0, y, colour, alpha * (x1 - x0))
            return
        self.blend(i0, y, colour, alpha * (i0 + 1 - x0))
        self.blend_run(y, i0 + 1, i1, colour, alpha)
        if i1 < self.w:
            self.blend(i1, y, colour, alpha * (x1 - i1))

    def rect(self, x0, y0, x1, y1, colour, alpha=1.0):
        for y in range(max(0, y0), min(self.h, y1)):
            self.blend_run(y, x0, x1, colour, alpha)

    # -- shapes ------------------------------------------------------------

    def disc(self, cx, cy, r, colour, alpha=1.0):
        """Anti-aliased filled circle."""
        ro2 = (r + 0.5) ** 2
        ri2 = (r - 0.5) ** 2
        for y in range(max(0, int(cy - r - 1)), min(self.h, int(cy + r + 2))):
            dy = y + 0.5 - cy
            if dy * dy >= ro2:
                continue
            xo = math.sqrt(ro2 - dy * dy)
            if dy * dy < ri2:
                xi = math.sqrt(ri2 - dy * dy)
                f0 = math.ceil(cx - xi - 0.5)
                f1 = math.floor(cx + xi - 0.5) + 1
            else:
                f0 = f1 = int(cx)
            if f1 > f0:
                self.blend_run(y, f0, f1, colour, alpha)
            lo = int(math.floor(cx - xo - 0.5))
            hi = int(math.ceil(cx + xo - 0.5))
            for x in list(range(lo, f0)) + list(range(f1, hi + 1)):
                d = math.hypot(x + 0.5 - cx, dy)
                cov = r + 0.5 - d
                if cov > 0:
                    self.blend(x, y, colour, alpha * min(cov, 1.0))

    def glow(self, cx, cy, radius, colour, strength, falloff=2.0, y_limit=None):
        """Soft radial light: alpha = strength * (1 - d / radius) ** falloff."""
        y_end = self.h if y_limit is None else min(self.h, y_limit)
        x0 = max(0, int(cx - radius))
        x1 = min(self.w, int(cx + radius) + 1)
        dx2 = [((x + 0.5 - cx) / radius) ** 2 for x in range(x0, x1)]
        r, g, b = colour
        for y in range(max(0, int(cy - radius)), min(y_end, int(cy + radius) + 1)):
            dy2 = ((y + 0.5 - cy) / radius) ** 2
            if dy2 >= 1.0:
                continue
            row = self.rows[y]
            i = 3 * x0
            for d2 in dx2:
                q = d2 + dy2
                if q < 1.0:
                    a = strength * (1.0 - math.sqrt(q)) ** falloff
                    row[i] = int(row[i] + (r - row[i]) * a + 0.5)
                    row[i + 1] = int(row[i + 1] + (g - row[i + 1]) * a + 0.5)
                    row[i + 2] = int(row[i + 2] + (b - row[i + 2]) * a + 0.5)
                i += 3

    def fill_between(self, top, bottom, colour_at, deep_at=None, depth=None,
                     alpha=1.0):
        """Fill the region top[x] <= y < bottom[x] column by column.

        top and bottom are float heights at the W + 1 column boundaries
        (bottom None means the image bottom).  Interior rows are filled as
        horizontal runs; edge pixels get fractional coverage from four
        sub-samples of the edge line, which anti-aliases steep edges too.

        colour_at(y) gives the fill colour per row.  With deep_at(y) and a
        depth in pixels, each pixel instead mixes from colour_at towards
        deep_at as it lies deeper below its column's top edge, so rolling
        hills are lighter along their crests whatever their height.
        alpha < 1 blends a flat colour_at fill over what is already drawn.
        """
        W, H = self.w, self.h
        n_levels = 64
        col_top = rel = None
        if deep_at is not None:
            # Store each column's top as one byte relative to the highest
            # top, so a row's depth levels come from a single translate().
            col_top = [0.5 * (top[x] + top[x + 1]) for x in range(W)]
            t_min = min(col_top)
            step = max(1.0, (max(col_top) - t_min) / 255.0)
            rel = bytes(int((t - t_min) / step) for t in col_top)

        def level_of(x, y):
            return int(clamp((y + 0.5 - col_top[x]) / depth) * (n_levels - 1) + 0.5)

        starts = [[] for _ in range(H + 1)]
        ends = [[] for _ in range(H + 1)]
        partial = []
        samples = (0.125, 0.375, 0.625, 0.875)
        for x in range(W):
            t0, t1 = top[x], top[x + 1]
            if bottom is None:
                b0 = b1 = float(H)
            else:
                b0, b1 = bottom[x], bottom[x + 1]
            tmin, tmax = (t0, t1) if t0 < t1 else (t1, t0)
            bmin, bmax = (b0, b1) if b0 < b1 else (b1, b0)
            if bmax <= tmin:
                continue
            full0 = max(0, math.ceil(tmax))
            full1 = min(H, math.floor(bmin))
            if full0 < full1:
                starts[full0].append(x)
                ends[full1].append(x)
            edge_rows = set(range(max(0, math.floor(tmin)), min(H, math.ceil(tmax))))
            edge_rows.update(range(max(0, math.floor(bmin)), min(H, math.ceil(bmax))))
            for y in edge_rows:
                if full0 <= y < full1:
                    continue
                cov = 0.0
                for u in samples:
                    c = min(y + 1.0, b0 + (b1 - b0) * u) - max(float(y), t0 + (t1 - t0) * u)
                    if c > 0.0:
                        cov += c
                if cov > 0.0:
                    partial.append((x, y, cov * 0.25))

        def colour_of(x, y):
            c = colour_at(y)
            if deep_at is not None:
                c = mix(c, deep_at(y), level_of(x, y) / (n_levels - 1))
            return c

        mask = bytearray(W)
        active = 0
        for y in range(H):
            for x in ends[y]:
                mask[x] = 0
                active -= 1
            for x in starts[y]:
                mask[x] = 1
                active += 1
            if active <= 0:
                continue
            row = self.rows[y]
            if alpha < 1.0:
                for m in _RUNS.finditer(mask):
                    self.blend_run(y, m.start(), m.end(), colour_at(y), alpha)
                continue
            if deep_at is None:
                line = bytes(to8(colour_at(y))) * W
            else:
                depth_table = bytes(
                    int(clamp((y + 0.5 - t_min - j * step) / depth) * (n_levels - 1) + 0.5)
                    for j in range(256))
                levels = rel.translate(depth_table)
                lit, deep = colour_at(y), deep_at(y)
                ramp = [to8(mix(lit, deep, i / (n_levels - 1))) for i in range(n_levels)]
                line = bytearray(3 * W)
                for c in range(3):
                    table = bytes(r[c] for r in ramp) + bytes(256 - n_levels)
                    line[c::3] = levels.translate(table)
            for m in _RUNS.finditer(mask):
                a, b = 3 * m.start(), 3 * m.end()
                row[a:b] = line[a:b]
        for x, y, cov in partial:
            self.blend(x, y, colour_of(x, y), cov * alpha)

    def reflect(self, y_water, y_end, shift_at):
        """Mirror the rows above y_water into [y_water, y_end), shifting each
        row sideways by shift_at(y) pixels to suggest ripples."""
        W = self.w
        for y in range(y_water, min(self.h, y_end)):
            src = self.rows[max(0, 2 * y_water - 1 - y)]
            s = shift_at(y)
            if s > 0:
                s = min(s, W - 1)
                line = src[3 * s:] + src[-3:] * s
            elif s < 0:
                s = min(-s, W - 1)
                line = src[:3] * s + src[:-3 * s]
            else:
                line = src[:]
            self.rows[y] = bytearray(line)

    def hblur_rows(self, y0, y1, radius_at):
        """Horizontal box blur of whole rows (smears water reflections)."""
        W = self.w
        for y in range(max(0, y0), min(self.h, y1)):
            r = radius_at(y)
            if r < 1:
                continue
            row = self.rows[y]
            lo = [max(0, x - r) for x in range(W)]
            hi = [min(W, x + r + 1) for x in range(W)]
            for c in range(3):
                pre = list(itertools.accumulate(row[c::3], initial=0))
                row[c::3] = bytes([(pre[b] - pre[a]) // (b - a) for a, b in zip(lo, hi)])

    def save_png(self, path):
        write_png(path, self.w, self.h, self.rows)


# ---------------------------------------------------------------------------
# Reusable scene elements
# ---------------------------------------------------------------------------

def pine(canvas, x, base_y, height, colour, rng, alpha=1.0, width_ratio=0.2):
    """A tiered pine silhouette drawn as anti-aliased horizontal spans."""
    tiers = rng.randint(4, 7)
    trunk = max(1.0, height * 0.07)
    crown = height - trunk
    apex = base_y - height
    hw_max = height * width_ratio
    for y in range(int(apex), int(base_y) + 1):
        t = (y + 0.5 - apex) / crown
        if t < 0.0:
            continue
        if t <= 1.0:
            # A sawtooth on top of a linear envelope makes stacked tiers.
            saw = (t * tiers) % 1.0
            hw = hw_max * t * (0.5 + 0.5 * saw) + 0.35
        else:
            hw = max(0.5, height * 0.025)
        canvas.hspan(y, x - hw, x + hw, colour, alpha)


def blade(canvas, x, base_y, height, lean, width, colour, alpha=1.0):
    """A tapering curved grass blade or reed."""
    for k in range(int(height) + 1):
        t = k / height
        cx = x + lean * t * t
        hw = width * (1.0 - t) * 0.5 + 0.2
        canvas.hspan(int(base_y - k), cx - hw, cx + hw, colour, alpha)


def cloud(canvas, rng, cx, cy, size, light, shadow, alpha=1.0):
    """A cumulus of overlapping puffs: a shadowed layer, then a lit layer
    nudged up and left so the shadow shows along the bottom edge."""
    puffs = []
    n = rng.randint(5, 8)
    for i in range(n):
        t = (i + 0.5) / n - 0.5
        r = size * (0.35 + 0.4 * (1.0 - abs(t) * 1.6) + rng.uniform(-0.06, 0.06))
        px = cx + t * size * 2.6 + rng.uniform(-0.1, 0.1) * size
        py = cy - r * 0.55 + rng.uniform(-0.05, 0.05) * size
        puffs.append((px, py, r))
    for px, py, r in puffs:
        canvas.disc(px, py + r * 0.18, r, shadow, alpha)
    for px, py, r in puffs:
        canvas.disc(px - r * 0.08, py - r * 0.06, r * 0.9, light, alpha)


def water_streaks(canvas, rng, count, y0, y1, colour, alpha_range, length_range,
                  centre_x=None, spread=None):
    """Short horizontal ripple strokes that lengthen nearer the viewer, spread
    evenly or clustered around centre_x (a glitter path under a light)."""
    for _ in range(count):
        y = rng.randint(y0, y1 - 1)
        depth = (y - y0) / max(1, y1 - y0)
        if centre_x is None:
            x = rng.uniform(0, canvas.w)
        else:
            x = rng.gauss(centre_x, spread * (0.3 + depth))
        length = rng.uniform(*length_range) * (0.3 + depth)
        a = rng.uniform(*alpha_range)
        canvas.hspan(y, x - length / 2, x + length / 2, colour, a)


# ---------------------------------------------------------------------------
# Scenes
# ---------------------------------------------------------------------------

def draw_landscape():
    W, H = WIDTH, LANDSCAPE_HEIGHT
    rng = random.Random(1170900)
    c = Canvas(W, H)
    shore = 600

    # Ridges, farthest first.  Far ridges are paler and bluer because more
    # air (haze) lies between them and the viewer.
    ridges = [
        # base, amplitude, lit colour, shadow colour, haze colour at the shore
        (420, 150, (184, 142, 178), (96, 88, 150), (226, 162, 150)),
        (495, 85, (128, 94, 134), (70, 62, 118), (184, 124, 128)),
        (548, 55, (64, 52, 76), (36, 34, 62), (92, 66, 82)),
    ]
    tops = []
    for base, amp, _, _, _ in ridges:
        noise = fractal_line(rng, W, 0.55)
        waves = sine_line(rng, W, [(900, 0.5), (380, 0.3), (170, 0.15)])
        tops.append([base - amp * (0.55 * n + 0.45 * w) for n, w in zip(noise, waves)])

    # Set the sun just above the widest low gap in the skyline.
    skyline = smooth([min(t[x] for t in tops) for x in range(W + 1)], 40)
    sun_x = float(max(range(200, W - 200), key=lambda x: skyline[x]))
    sun_y = skyline[int(sun_x)] - 16
    light_from_right = sun_x > W / 2

    sky = [(0.00, (24, 38, 96)), (0.30, (62, 66, 140)), (0.55, (168, 104, 138)),
           (0.78, (240, 150, 96)), (1.00, (255, 204, 138))]
    c.fill_rows(0, shore, lambda y: gradient(sky, y / shore))
    c.glow(sun_x, sun_y, 520, (255, 186, 112), 0.55, 1.6, y_limit=shore)
    c.glow(sun_x, sun_y, 130, (255, 232, 180), 0.7, 2.0, y_limit=shore)
    c.disc(sun_x, sun_y, 34, (255, 246, 214))

    # A few thin warm cloud streaks across the upper sky.
    for _ in range(14):
        y = rng.uniform(90, 330)
        x = rng.uniform(-100, W)
        length = rng.uniform(120, 420)
        warm = mix((250, 170, 150), (255, 214, 170), y / 330)
        for k in range(rng.randint(2, 5)):
            c.hspan(int(y) + k, x + k * 9, x + length - k * 13, warm, 0.18 + 0.05 * k)

    for i, ((base, amp, lit, dark, haze), top) in enumerate(zip(ridges, tops)):
        c.fill_between(top, None, lambda y, lit=lit, haze=haze, base=base:
                       mix(lit, haze, 0.85 * smoothstep(base - 120, shore + 10, y)))

        if i == 0:
            # Snow on the highest peaks, ragged where gullies cut into it.
            gullies = fractal_line(rng, W, 0.7)
            snow_line = min(top) + 60
            snow_bottom = [t + max(0.0, snow_line - t) * (0.55 + 0.45 * g)
                           for t, g in zip(top, gullies)]
            c.fill_between(top, snow_bottom, lambda y: (252, 222, 210))

        if i < 2:
            # Faces turned away from the low sun are in shadow.
            jitter = [12 * v for v in fractal_line(rng, W, 0.6)]
            for ftop, fbot in shadow_faces(top, light_from_right, 1.1 + 0.4 * i, 2.6, jitter,
                                           guide_radius=8, min_drop=10):
                c.fill_between(ftop, fbot, lambda y, dark=dark: dark, alpha=0.55)

    # Pines along the nearest ridge, thickest near the shore line.
    near = tops[-1]
    for _ in range(520):
        x = rng.uniform(0, W)
        ground = near[int(x)]
        y = rng.uniform(ground + 2, shore + 2)
        depth = (y - ground) / max(1.0, shore - ground)
        height = rng.uniform(10, 22) + 22 * depth
        colour = mix((44, 40, 64), (26, 26, 44), depth)
        pine(c, x, y, height, colour, rng)

    # The lake mirrors everything above the shore; ripples grow towards the
    # viewer and the water darkens with depth.
    phases = [rng.uniform(0, TAU) for _ in range(3)]

    def shift_at(y):
        d = (y - shore) / (H - shore)
        wobble = (math.sin(y * 0.9 + phases[0]) * 0.6
                  + math.sin(y * 0.23 + phases[1]) * 0.3
                  + math.sin(y * 2.3 + phases[2]) * 0.3)
        return int(round(wobble * (1.0 + 9.0 * d)))

    c.reflect(shore, H, shift_at)
    c.tint_rows(shore, H, lambda y: mix((52, 48, 92), (18, 24, 52), (y - shore) / (H - shore)),
                lambda y: 0.22 + 0.45 * (y - shore) / (H - shore))

    # Thin shoreline, ripple streaks and a glitter path under the sun.
    c.rect(0, shore, W, shore + 2, (30, 26, 44), 0.6)
    water_streaks(c, rng, 700, shore + 3, H, (255, 214, 160), (0.10, 0.35), (8, 120))
    water_streaks(c, rng, 500, shore + 3, H, (20, 22, 48), (0.15, 0.35), (10, 160))
    water_streaks(c, rng, 520, shore + 3, H, (255, 236, 186), (0.35, 0.9), (4, 40),
                  centre_x=sun_x, spread=40)

    # Reeds in the foreground corners.
    for _ in range(90):
        side = rng.random() < 0.6
        x = rng.gauss(70, 55) if side else rng.gauss(W - 60, 45)
        height = rng.uniform(50, 190)
        blade(c, x, H + 2, height, rng.uniform(-25, 25), rng.uniform(3, 6), (16, 16, 30))
    return c


def draw_ocean():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7801)
    c = Canvas(W, H)
    horizon = 300
    sun_x, sun_y = 300.0, 120.0

    sky = [(0.0, (46, 110, 196)), (0.6, (110, 170, 226)), (1.0, (196, 224, 240))]
    c.fill_rows(0, horizon, lambda y: gradient(sky, y / horizon))
    c.glow(sun_x, sun_y, 320, (255, 250, 230), 0.55, 2.2, y_limit=horizon)
    c.disc(sun_x, sun_y, 30, (255, 254, 240))
    for cx, cy, size in ((760, 140, 60), (1010, 90, 44), (560, 230, 34), (120, 250, 28),
                         (890, 250, 30)):
        cloud(c, rng, cx, cy, size, (255, 255, 255), (198, 214, 234))

    # Sea: hazy at the horizon, deep blue in the middle, turquoise in the
    # shallows by the beach.
    sea = [(0.0, (120, 176, 206)), (0.08, (40, 112, 168)), (0.55, (22, 86, 146)),
           (0.85, (30, 140, 170)), (1.0, (70, 190, 190))]
    sea_end = 640
    c.fill_rows(horizon, H, lambda y: gradient(sea, (y - horizon) / (sea_end - horizon)))
    c.glow(sun_x, horizon + 40, 260, (200, 230, 240), 0.35, 2.0)

    # A small island on the horizon.
    island = [horizon - max(0.0, 26 * (1 - ((x - 930) / 90.0) ** 2)) - 0.5
              for x in range(W + 1)]
    c.fill_between(island, [horizon + 0.5] * (W + 1), lambda y: (70, 110, 130))

    # Waves: dark troughs and bright crests whose size grows with nearness.
    for _ in range(2600):
        y = rng.randint(horizon + 2, sea_end)
        d = (y - horizon) / (sea_end - horizon)
        x = rng.uniform(-20, W + 20)
        length = rng.uniform(4, 18) + 110 * d ** 1.5 * rng.random()
        if rng.random() < 0.5:
            c.hspan(y, x - length / 2, x + length / 2, (12, 58, 104), 0.35)
            if d > 0.4:
                c.hspan(y + 1, x - length / 2.5, x + length / 2.5, (12, 58, 104), 0.25)
        else:
            c.hspan(y, x - length / 2, x + length / 2, (226, 244, 250), 0.15 + 0.45 * d)
    water_streaks(c, rng, 900, horizon + 2, sea_end, (255, 252, 230), (0.5, 1.0), (4, 34),
                  centre_x=sun_x, spread=30)

    # Beach with a foamy wave edge.
    edge = [618 + 14 * math.sin(x * 0.006 + 1.0) + 6 * math.sin(x * 0.021) + 3 * n
            for x, n in zip(range(W + 1), fractal_line(rng, W, 0.55))]
    sand = [(0.0, (196, 170, 134)), (0.25, (222, 198, 158)), (1.0, (238, 220, 184))]
    c.fill_between(edge, None, lambda y: gradient(sand, (y - 610) / (H - 610)))
    foam_bottom = [e + 5 + 3 * math.sin(x * 0.09) for x, e in enumerate(edge)]
    c.fill_between([e - 2 for e in edge], foam_bottom, lambda y: (250, 252, 250), alpha=0.9)
    for k, (dy, a) in enumerate(((-16, 0.55), (-38, 0.4), (-64, 0.3))):
        line = [e + dy + 4 * math.sin(x * 0.013 + k) for x, e in enumerate(edge)]
        c.fill_between(line, [v + 2.2 for v in line], lambda y: (240, 250, 250), alpha=a)
    for _ in range(700):
        x = rng.uniform(0, W)
        y = edge[int(x)] + rng.uniform(-70, 3)
        c.disc(x, y, rng.uniform(0.6, 1.8), (248, 252, 252), rng.uniform(0.4, 0.9))
    # Pebbles and shells on the sand.
    for _ in range(600):
        x = rng.uniform(0, W)
        y = rng.uniform(edge[int(x)] + 12, H)
        shade = rng.choice(((170, 150, 120), (150, 132, 110), (250, 240, 226)))
        c.disc(x, y, rng.uniform(0.7, 2.2), shade, 0.8)

    # Distant birds.
    for _ in range(7):
        bx, by, s = rng.uniform(500, 1100), rng.uniform(60, 220), rng.uniform(5, 9)
        for t in range(int(s * 4)):
            u = t / (s * 4)
            px = bx - s + 2 * s * u
            py = by - s * 0.5 * abs(math.sin(math.pi * 2 * u)) + s * 0.1
            c.blend(int(px), int(py), (40, 50, 70), 0.85)
    return c


def draw_forest():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7802)
    c = Canvas(W, H)
    sky = [(0.0, (150, 182, 186)), (0.5, (200, 214, 206)), (1.0, (226, 230, 214))]
    c.fill_rows(0, H, lambda y: gradient(sky, y / H))
    c.glow(860, 150, 460, (255, 246, 216), 0.6, 1.8)

    fog = (214, 224, 216)
    layers = [
        # ridge base, ridge amplitude, tree height range, colour, count
        (330, 40, (30, 60), (136, 162, 156), 170),
        (420, 50, (45, 85), (98, 130, 122), 150),
        (520, 45, (70, 120), (62, 96, 88), 110),
        (640, 40, (110, 190), (34, 62, 56), 70),
        (790, 30, (260, 420), (16, 34, 30), 14),
    ]
    for i, (base, amp, (hmin, hmax), colour, count) in enumerate(layers):
        ridge = [base - amp * (0.6 * n + 0.4 * s) for n, s in
                 zip(fractal_line(rng, W, 0.5), sine_line(rng, W, [(700, 0.6), (260, 0.4)]))]
        c.fill_between(ridge, None, lambda y, colour=colour: colour)
        for _ in range(count):
            x = rng.uniform(-30, W + 30)
            ground = ridge[int(clamp(x, 0, W))] + rng.uniform(2, 16)
            pine(c, x, ground, rng.uniform(hmin, hmax), colour, rng,
                 width_ratio=rng.uniform(0.16, 0.24))
        if i < len(layers) - 1:
            # Valley fog: thick at the foot of each layer, thinning upwards,
            # so the next layer stands out against it.
            foot = base + 20
            c.tint_rows(0, H, lambda y: fog,
                        lambda y, foot=foot: 0.12 + 0.5 * smoothstep(foot - 200, foot, y))

    # Shafts of light falling from the upper right.
    for k in range(6):
        x_top = 700 + k * 90 + rng.uniform(-30, 30)
        width = rng.uniform(20, 60)
        a = rng.uniform(0.06, 0.12)
        for y in range(0, H):
            x = x_top - y * 0.55
            fade = a * (1.0 - y / H)
            c.hspan(y, x - width / 2, x + width / 2, (255, 250, 220), fade)

    # Ferns and grass along the bottom edge.
    for _ in range(260):
        x = rng.uniform(0, W)
        blade(c, x, H + 2, rng.uniform(15, 60), rng.uniform(-20, 20), rng.uniform(2, 4),
              (10, 26, 22))
    return c


def draw_desert():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7803)
    c = Canvas(W, H)
    horizon = 380
    sky = [(0.0, (38, 104, 186)), (0.55, (104, 162, 214)), (1.0, (240, 218, 184))]
    c.fill_rows(0, H, lambda y: gradient(sky, y / horizon))
    c.glow(250, 110, 360, (255, 246, 220), 0.6, 2.0)
    c.disc(250, 110, 26, (255, 252, 236))

    # Distant mesas with flat tops, faded by haze.
    mesa = [horizon + 4.0] * (W + 1)
    for cx, half, height in ((760, 130, 70), (960, 60, 46), (180, 80, 40)):
        for x in range(W + 1):
            d = abs(x - cx)
            if d < half + 30:
                h = height * clamp((half + 30 - d) / 30)
                mesa[x] = min(mesa[x], horizon - h - 0.5)
    c.fill_between(mesa, None, lambda y: mix((196, 150, 140), (222, 176, 150), (y - 300) / 90))

    dunes = [
        # base, height, crest spacing, lit colour, shadow colour
        (405, 34, 330, (240, 188, 128), (200, 134, 104)),
        (480, 62, 430, (238, 170, 102), (184, 108, 80)),
        (590, 88, 560, (232, 152, 82), (166, 88, 62)),
        (720, 110, 700, (224, 138, 68), (146, 70, 48)),
    ]
    for i, (base, height, spacing, lit, dark) in enumerate(dunes):
        # Each dune has a long convex windward slope facing the sun on the
        # left, a sharp brink, and a short steep slip face on the right.
        # Neighbouring dunes are merged with a smooth minimum so the troughs
        # are rounded while the brinks stay crisp.
        profiles = []
        x = rng.uniform(-0.6, -0.1) * spacing
        while x < W + spacing:
            yc = base - height * rng.uniform(0.55, 1.0)
            windward = spacing * rng.uniform(0.7, 1.0)
            lee = spacing * rng.uniform(0.25, 0.4)
            profiles.append((x, yc, height * 1.6, windward, lee))
            x += spacing * rng.uniform(0.65, 1.15)
        k = 6.0
        top = []
        for px in range(W + 1):
            ys = []
            for xc, yc, drop, windward, lee in profiles:
                d = px - xc
                if d < 0:
                    ys.append(yc + drop * (-d / windward) ** 1.7)
                else:
                    ys.append(yc + drop * (d / lee) ** 1.1)
            m = min(ys)
            top.append(m - k * math.log(sum(math.exp((m - y) / k) for y in ys)))
        c.fill_between(top, None, lambda y, lit=lit: lit,
                       lambda y, lit=lit: mix(lit, (170, 96, 60), 0.25), 160)
        # Soft sunlit rim just below the crest line.
        c.fill_between(top, [t + 3 for t in top], lambda y: (255, 226, 176), alpha=0.4)

        if i >= 1:
            # Wind ripples: short wavy strokes that follow the dune's contour
            # and fade out at both ends.
            for _ in range(60 + 70 * i):
                x0 = rng.uniform(-50, W)
                length = rng.uniform(40, 160) * (0.6 + 0.3 * i)
                off = rng.uniform(8, 40 + 50 * i)
                phase = rng.uniform(0, TAU)
                for px in range(max(0, int(x0)), min(W, int(x0 + length))):
                    u = (px - x0) / length
                    a = 0.22 * math.sin(math.pi * u)
                    y = top[px] + off + 2.5 * math.sin(px * 0.05 + phase)
                    yi = int(y)
                    f = y - yi
                    c.blend(px, yi, (150, 80, 46), a * (1 - f))
                    c.blend(px, yi + 1, (150, 80, 46), a * f)

        # Slip faces turned away from the sun fall into shadow.  The shadow's
        # lower edge falls more steeply than the slip face itself.
        slip = 1.6 * height / (0.32 * spacing)
        jitter = smooth([6 * v for v in fractal_line(rng, W, 0.5)], 3)
        for ftop, fbot in shadow_faces(top, False, 1.8 * slip, 3.0 * slip, jitter,
                                       curve=0.001, guide_radius=2, min_drop=4):
            c.fill_between(ftop, fbot, lambda y, dark=dark: dark, alpha=0.85)

    # Scattered dry shrubs on the nearest dune.
    for _ in range(40):
        x = rng.uniform(0, W)
        y = rng.uniform(700, H)
        for _ in range(9):
            blade(c, x + rng.uniform(-3, 3), y, rng.uniform(5, 14), rng.uniform(-8, 8), 1.6,
                  (110, 74, 46))
    return c


def draw_city():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7804)
    c = Canvas(W, H)
    street = 660
    sky = [(0.0, (20, 22, 64)), (0.35, (58, 48, 118)), (0.7, (200, 104, 124)),
           (1.0, (255, 176, 116))]
    c.fill_rows(0, street, lambda y: gradient(sky, y / street))
    c.glow(350, street, 420, (255, 196, 130), 0.45, 1.6, y_limit=street)
    for _ in range(160):
        x, y = rng.randrange(W), int(rng.random() ** 2 * 260)
        c.blend(x, y, (255, 250, 230), rng.uniform(0.3, 0.9))
    c.disc(960, 110, 20, (250, 240, 214))
    c.disc(970, 104, 18, gradient(sky, 104 / street))

    def building_row(y_base, h_range, w_range, body, window_colours, lit_ratio, alpha,
                     window_alpha, detail):
        x = rng.uniform(-40, 0)
        while x < W:
            bw = int(rng.uniform(*w_range))
            bh = int(rng.uniform(*h_range))
            top = y_base - bh
            x0 = int(x)
            shade = rng.uniform(-8, 8)
            colour = (body[0] + shade, body[1] + shade, body[2] + shade * 1.3)
            c.rect(x0, top, x0 + bw, y_base, colour, alpha)
            # Setback on top of tall towers, and sometimes a spire or antenna.
            if detail and bh > (h_range[0] + h_range[1]) / 2 and rng.random() < 0.7:
                inset = int(bw * rng.uniform(0.15, 0.3))
                step = int(rng.uniform(14, 40))
                c.rect(x0 + inset, top - step, x0 + bw - inset, top, colour, alpha)
                cx = x0 + bw / 2
                if rng.random() < 0.6:
                    mast = rng.uniform(20, 60)
                    for k in range(int(mast)):
                        c.hspan(top - step - k, cx - 1, cx + 1, colour)
                    c.disc(cx, top - step - mast, 2.2, (255, 60, 60))
                    c.glow(cx, top - step - mast, 9, (255, 80, 80), 0.5)
            # Window grid.
            ww, wh = rng.choice(((4, 6), (5, 7), (6, 8), (3, 5)))
            gx, gy = ww + rng.randint(3, 6), wh + rng.randint(4, 7)
            ratio = lit_ratio * rng.uniform(0.5, 1.4)
            palette = rng.choice(window_colours)
            for wy in range(top + 8, y_base - 6, gy):
                for wx in range(x0 + 5, x0 + bw - 5 - ww, gx):
                    if rng.random() < ratio:
                        col = mix(palette, (255, 255, 255), rng.uniform(0, 0.3))
                        c.rect(wx, wy, wx + ww, wy + wh, col, window_alpha)
            x += bw + rng.randint(-6, 10)

    warm = (255, 208, 120)
    cool = (196, 222, 255)
    pale = (255, 236, 180)
    building_row(street - 40, (150, 360), (50, 110), (104, 72, 120), [warm, pale], 0.25,
                 1.0, 0.35, False)
    c.tint_rows(0, street, lambda y: (190, 120, 150), lambda y: 0.18)
    building_row(street, (90, 420), (60, 140), (34, 32, 56), [warm, cool, pale], 0.42,
                 1.0, 1.0, True)

    # River in the foreground mirroring the skyline.  Random sideways shifts
    # per row plus a horizontal smear break the reflection into streaks.
    c.reflect(street + 4, H, lambda y: int(round(
        rng.gauss(0, 1.0 + 6.0 * (y - street) / (H - street)))))
    c.hblur_rows(street + 4, H, lambda y: 1 + int(4 * (y - street) / (H - street)))
    c.tint_rows(street + 4, H, lambda y: (14, 18, 44),
                lambda y: 0.3 + 0.3 * (y - street) / (H - street))
    c.rect(0, street, W, street + 4, (20, 20, 34))
    for k in range(24):
        lx = 20 + k * 49
        c.glow(lx, street - 6, 18, (255, 214, 150), 0.6)
        c.disc(lx, street - 6, 2.5, (255, 240, 200))
        c.rect(lx, street - 4, lx + 1, street, (20, 20, 34))
        water_streaks(c, rng, 12, street + 8, H, (255, 220, 160), (0.3, 0.7), (6, 26),
                      centre_x=lx, spread=3)
    water_streaks(c, rng, 500, street + 6, H, (140, 130, 200), (0.1, 0.3), (8, 60))
    return c


def draw_aurora():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7805)
    c = Canvas(W, H)
    sky = [(0.0, (4, 6, 18)), (0.6, (8, 20, 40)), (1.0, (18, 44, 58))]
    c.fill_rows(0, H, lambda y: gradient(sky, y / 600))

    # Stars: many faint ones and a few bright ones with a soft halo.
    for _ in range(1600):
        x, y = rng.uniform(0, W), rng.uniform(0, 600)
        b = rng.random() ** 3
        c.add(int(x), int(y), (255, 250, 240), 0.25 + 0.75 * b)
        if b > 0.6:
            c.disc(x, y, 1.1, (255, 255, 255), 0.5)

    # Aurora curtains: a wavy lower edge, vertical rays that brighten near the
    # edge and fade upwards, green low down turning purple higher up, and a
    # faint glow spilling below the edge.
    curtains = [
        # lower edge, fold amplitude, ray length, strength
        (330, 70, 250, 1.0),
        (190, 40, 150, 0.55),
    ]
    green, purple = (70, 255, 150), (170, 70, 230)
    colour_lut = [mix(green, purple, smoothstep(0.3, 0.9, i / 63.0)) for i in range(64)]
    spill = 40.0
    for base_y, wave, length, strength in curtains:
        base = [base_y + wave * s + 20 * n for s, n in
                zip(sine_line(rng, W, [(900, 0.7), (330, 0.3)]), fractal_line(rng, W, 0.5))]
        # The envelope dips to zero in places so the curtain breaks into
        # separate folds rather than one continuous band.
        envelope = smooth([clamp(0.3 + 0.9 * v) for v in
                           sine_line(rng, W, [(700, 0.6), (240, 0.4)])], 45)
        rays = smooth([rng.random() for _ in range(W + 1)], 1, 1)
        tall = [length * (0.5 + 0.5 * e) * (0.75 + 0.5 * r) for e, r in
                zip(envelope, smooth([rng.random() for _ in range(W + 1)], 8))]
        inten = [strength * e * (0.45 + 0.9 * r) for e, r in zip(envelope, rays)]
        y0 = max(0, int(min(b - t for b, t in zip(base, tall))))
        y1 = min(H, int(max(base) + spill) + 1)
        for y in range(y0, y1):
            row = c.rows[y]
            for x in range(W):
                e = inten[x]
                if e < 0.01:
                    continue
                d = base[x] - y
                L = tall[x]
                if d < 0.0:
                    if d <= -spill:
                        continue
                    # Below the edge: a soft green haze.
                    a = e * 0.3 * (1.0 + d / spill) ** 2
                    u = 0.0
                elif d > L:
                    continue
                else:
                    u = d / L
                    p = 0.3 + 0.7 * d / 6.0 if d < 6.0 else 1.0
                    a = e * p * ((1.0 - u) ** 1.4 * (0.5 + 0.5 * u) + 0.5 * (1.0 - u) ** 6)
                if a < 0.01:
                    continue
                col = colour_lut[int(u * 63)]
                i = 3 * x
                v = row[i] + int(col[0] * a)
                row[i] = v if v < 255 else 255
                v = row[i + 1] + int(col[1] * a)
                row[i + 1] = v if v < 255 else 255
                v = row[i + 2] + int(col[2] * a)
                row[i + 2] = v if v < 255 else 255

    # Dark far hills, then a snowy slope catching the aurora's green light.
    far = [560 - 50 * (0.6 * n + 0.4 * s) for n, s in
           zip(fractal_line(rng, W, 0.55), sine_line(rng, W, [(800, 0.7), (300, 0.3)]))]
    c.fill_between(far, None, lambda y: (12, 20, 32))
    for _ in range(260):
        x = rng.uniform(0, W)
        pine(c, x, far[int(x)] + rng.uniform(4, 30), rng.uniform(12, 30), (6, 10, 18), rng)
    snow = [650 - 60 * s - 8 * n for s, n in
            zip(sine_line(rng, W, [(1400, 0.8), (400, 0.2)]), fractal_line(rng, W, 0.45))]
    c.fill_between(snow, None,
                   lambda y: gradient([(0.0, (92, 140, 136)), (1.0, (40, 60, 76))],
                                      (y - 580) / (H - 580)))
    for _ in range(1200):
        # Glints in the snow.
        x = rng.uniform(0, W)
        y = rng.uniform(snow[int(x)] + 3, H)
        c.blend(int(x), int(y), (200, 240, 230), rng.uniform(0.2, 0.7))
    for _ in range(36):
        x = rng.uniform(0, W)
        if 380 < x < 760:
            continue
        y = snow[int(x)] + rng.uniform(10, 110)
        pine(c, x, y, rng.uniform(50, 140), (4, 8, 14), rng)
    return c


def draw_meadow():
    W, H = WIDTH, FEED_HEIGHT
    rng = random.Random(7806)
    c = Canvas(W, H)
    horizon = 400
    sky = [(0.0, (56, 126, 214)), (0.7, (130, 186, 236)), (1.0, (196, 226, 246))]
    c.fill_rows(0, H, lambda y: gradient(sky, y / horizon))
    for cx, cy, size in ((240, 150, 80), (700, 100, 64), (1000, 210, 70), (470, 270, 40),
                         (1120, 60, 36)):
        cloud(c, rng, cx, cy, size, (255, 255, 255), (206, 218, 236))

    hills = [
        # base, amplitude, crest colour, deep colour, haze
        (390, 40, (140, 184, 160), (110, 156, 144), (176, 210, 214)),
        (460, 60, (136, 196, 92), (82, 144, 66), (160, 204, 160)),
        (560, 70, (118, 190, 64), (64, 132, 42), (118, 190, 64)),
    ]
    tops = []
    for base, amp, crest, deep, haze in hills:
        top = [base - amp * (0.75 * s + 0.25 * n) for s, n in
               zip(sine_line(rng, W, [(1300, 0.7), (520, 0.3)]), fractal_line(rng, W, 0.4))]
        tops.append(top)
        # Lighter along each crest, darker in the folds below it; distant
        # hills are washed towards the sky colour.
        c.fill_between(top, None,
                       lambda y, crest=crest, haze=haze, base=base:
                       mix(crest, haze, 0.35 * (1 - smoothstep(base - 80, base + 80, y))),
                       lambda y, deep=deep: deep, 150)

    # A lone tree on the middle hill.
    tx = 860
    ty = tops[1][tx] + 6
    for k in range(70):
        hw = 6 - k * 0.03
        c.hspan(int(ty - k), tx - hw, tx + hw, (74, 52, 34))
    for dx, dy, r in ((0, -110, 46), (-38, -88, 36), (38, -86, 38), (-16, -140, 34),
                      (22, -132, 32), (0, -80, 34)):
        c.disc(tx + dx, ty + dy, r, (46, 100, 44))
    for dx, dy, r in ((-14, -124, 26), (-36, -96, 20), (10, -146, 18)):
        c.disc(tx + dx, ty + dy, r, (74, 136, 58))

    # Grass blades and flowers on the nearest hill, larger towards the viewer.
    near = tops[-1]
    for _ in range(2600):
        x = rng.uniform(0, W)
        y = rng.uniform(near[int(x)] + 4, H + 10)
        depth = (y - 560) / (H - 560)
        shade = rng.choice(((60, 130, 40), (130, 196, 80), (44, 110, 34)))
        blade(c, x, y, 3 + 16 * depth * rng.uniform(0.5, 1.2), rng.uniform(-6, 6),
              1 + 1.5 * depth, shade, 0.8)
    flower_colours = ((230, 56, 60), (252, 212, 60), (252, 252, 244), (168, 104, 214),
                      (250, 140, 40))
    for _ in range(2400):
        x = rng.uniform(0, W)
        y = rng.uniform(near[int(x)] + 6, H)
        depth = clamp((y - 520) / (H - 520))
        r = 0.8 + 3.4 * depth ** 1.4
        col = rng.choice(flower_colours)
        c.disc(x, y, r, col)
        if r > 2.2:
            c.disc(x, y, r * 0.35, (250, 220, 90) if col != (252, 212, 60) else (200, 120, 30))
    return c


SCENES = [
    ('landscape.png', draw_landscape),
    ('ocean.png', draw_ocean),
    ('forest.png', draw_forest),
    ('desert.png', draw_desert),
    ('city.png', draw_city),
    ('aurora.png', draw_aurora),
    ('meadow.png', draw_meadow),
]


# ---------------------------------------------------------------------------
# PNG encoder
# ---------------------------------------------------------------------------

# |signed byte| for the usual minimum-sum-of-absolute-differences heuristic.
_ABS = bytes(min(v, 256 - v) for v in range(256))


def _lanes(data, high=0):
    """Spread bytes into 16-bit little-endian lanes of one big integer."""
    buf = bytearray(2 * len(data))
    buf[0::2] = data
    if high:
        buf[1::2] = bytes([high]) * len(data)
    return int.from_bytes(buf, 'little')


def _low_bytes(value, n):
    return value.to_bytes(2 * n, 'little')[0::2]


def _sub(a, b):
    """Bytewise (a - b) mod 256.  Each lane holds a + 256 - b >= 0, so the
    big-integer subtraction never borrows across lanes."""
    return _low_bytes(_lanes(a, 1) - _lanes(b), len(a))


def _avg(a, b):
    """Bytewise floor((a + b) / 2).  Lanes hold at most 510, so the sum never
    carries and the shift only moves a bit into the discarded high byte."""
    return _low_bytes((_lanes(a) + _lanes(b)) >> 1, len(a))


def write_png(path, width, height, rows):
    """Write 8-bit RGB rows as a PNG, choosing a filter per row (None, Sub,
    Up or Average) by the minimum sum of absolute values heuristic."""
    stride = 3 * width
    raw = bytearray()
    prev = bytes(stride)
    for row in rows:
        row = bytes(row)
        left = bytes(3) + row[:-3]
        candidates = (
            (0, row),
            (1, _sub(row, left)),
            (2, _sub(row, prev)),
            (3, _sub(row, _avg(left, prev))),
        )
        ftype, data = min(candidates, key=lambda c: sum(c[1].translate(_ABS)))
        raw.append(ftype)
        raw += data
        prev = row

    def chunk(tag, payload):
        return (struct.pack('>I', len(payload)) + tag + payload
                + struct.pack('>I', zlib.crc32(tag + payload) & 0xFFFFFFFF))

    ihdr = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr)
           + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))
    with open(path, 'wb') as f:
        f.write(png)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[1] if len(argv) > 1 else os.path.join(here, '..', 'samples', 'images')
    os.makedirs(out_dir, exist_ok=True)
    total = time.perf_counter()
    for name, draw in SCENES:
        start = time.perf_counter()
        path = os.path.join(out_dir, name)
        draw().save_png(path)
        print('%-14s %8d bytes  %5.1fs' % (name, os.path.getsize(path),
                                            time.perf_counter() - start))
    print('total %.1fs' % (time.perf_counter() - total))


if __name__ == '__main__':
    main(sys.argv)
