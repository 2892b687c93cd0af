"""The performance goals of scripts/bench: five same-run ratios and one memory cap, each against
its goal.

Every ratio divides two figures measured in the same run, on the same machine, so that a busy
or slow machine moves both sides: absolute milliseconds are printed for reference only. Memory
does not depend on the machine's load, so its cap is absolute.

    render / memcpy      render time per frame of samples/stretchy-blur.json @3x (--jobs 1,
                         from --stats), over one memcpy of a frame that size (1170 x 2532 RGBA)
                         from memory, timed in this process with libc's memmove on prefaulted
                         buffers that the cache has let go (see memcpy_ms); the ratio against a
                         cache-hot copy is printed beside it
    GIF / ffmpeg         our GIF encode time per frame @2x (--jobs 1, from --stats) over ffmpeg's
                         palettegen + paletteuse wall time per frame on the same PNG frames
    --jobs 2 speed-up    wall time of the whole @2x GIF with --jobs 1 over --jobs 2
    radius 80 / 5        render time per frame @2x with blurByPull radius 80 over radius 5
    20 s / 2 s memory    peak memory rendering 20 s of frames to a GIF @2x over 2 s of them
    peak MiB @3x         peak memory rendering the same 20 s to a GIF @3x with --jobs 2, the
                         default on two cores: it must stay under the cap for any length

Runs repeat --runs times, interleaved so that load hits both sides of a ratio. A time is the
fastest of its runs: other load on the machine only ever adds time, so the fastest run is the
nearest to a quiet machine. A peak memory is the median of its runs.

The share of CPU time the hypervisor took from this machine during the measurement ("steal", from
/proc/stat) is printed after the table. Above 2%, two runs of the same code can differ by tens of
percent, and the ratios are not to be trusted.
"""

import ctypes
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SAMPLE = "stretchy-blur"
GOALS = [
    # name, goal, "at most" or "at least"
    ("render / memcpy", 10.0, "at most"),
    ("GIF / ffmpeg", 0.33, "at most"),
    ("--jobs 2 speed-up", 1.8, "at least"),
    ("radius 80 / 5", 1.15, "at most"),
    ("20 s / 2 s memory", 1.1, "at most"),
    ("peak MiB @3x", 150.0, "at most"),
]


def cpu_ticks():
    """(steal, total) CPU ticks since boot from /proc/stat, or None where there is none."""
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    if len(fields) < 8:
        return None
    # user nice system idle iowait irq softirq steal guest guest_nice; guests are in user already.
    return fields[7], sum(fields[:8])


def last_level_cache_bytes():
    """The size of this CPU's largest cache, from sysfs; 0 where it is not known."""
    sizes = []
    for entry in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*/size"):
        text = entry.read_text().strip()
        scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
        try:
            sizes.append(int(text.rstrip("KMG")) * scale)
        except ValueError:
            pass
    return max(sizes, default=0)


def copy_times(width=1170, height=2532, repeats=25):
    """The median time of one memmove of a width x height RGBA frame, in milliseconds: from
    memory, and cache-hot.

    From memory, the copies take turns among pairs of buffers that together hold at least four
    times the last-level cache and 256 MiB, so each copy reads and writes buffers the cache has let
    go; with less, copies still got faster on a machine that reports a 32 MiB cache. That is the
    floor the goal means. Repeating one copy of the same pair measures the cache instead wherever
    it holds both buffers (a 32 MiB L3 does, at 24 MB): there it ran twice as fast, a floor of
    cache speed that moves with the cache's size from machine to machine. Both are returned; the
    goal uses the first.

    Run it in a process of its own (`memcpy_ms`): the buffers would stay in this one's peak memory,
    and a child started with vfork reports its parent's peak as part of its own.
    """
    size = width * height * 4
    pairs = min(48, -(-max(4 * last_level_cache_bytes(), 256 << 20) // (2 * size)))
    buffers = [(ctypes.create_string_buffer(size), ctypes.create_string_buffer(size)) for _ in range(pairs)]
    for source, destination in buffers:
        ctypes.memset(source, 1, size)
        ctypes.memset(destination, 2, size)   # prefaulted: no page faults in the timing

    def timed(pair):
        source, destination = buffers[pair]
        start = time.perf_counter()
        ctypes.memmove(destination, source, size)
        return time.perf_counter() - start

    cold = statistics.median(timed(k % pairs) for k in range(repeats * 2))
    hot = statistics.median(timed(0) for _ in range(repeats))
    return cold * 1000, hot * 1000


def memcpy_ms():
    """`copy_times`, measured in a child process; (from memory, cache-hot) in milliseconds."""
    done = subprocess.run([sys.executable, __file__, "--copy-times"], capture_output=True, text=True, check=True)
    cold, hot = (float(v) for v in done.stdout.split())
    return cold, hot


def variant(scene_path, workdir, name, change):
    """A copy of the scene with `change` applied to its JSON, its assets made absolute."""
    document = json.loads(Path(scene_path).read_text())
    folder = Path(scene_path).parent
    for key, value in document.get("assets", {}).items():
        if isinstance(value, str):
            document["assets"][key] = str(folder / value)
        else:
            value["path"] = str(folder / value["path"])
    change(document)
    path = Path(workdir) / f"{name}.json"
    path.write_text(json.dumps(document))
    return path


def set_radius(radius):
    def change(document):
        for view in document["views"]:
            for effect in view.get("effects", []):
                if "blurByPull" in effect:
                    effect["blurByPull"]["radius"] = radius
    return change


def lasting(seconds_of_wait):
    def change(document):
        document["scroll"]["script"].append({"wait": seconds_of_wait})
    return change


def measure(render, scene, args, run_measured, parse_stats):
    """One run of render; its --stats numbers, wall time and peak memory."""
    measured = run_measured([str(render), "--scene", str(scene), *args, "--stats", "--quiet"])
    if measured.returncode != 0:
        raise RuntimeError(measured.stderr.strip().splitlines()[-1] if measured.stderr.strip() else "render failed")
    stats = parse_stats(measured.stderr)
    return {"render_ms": stats["render_ms_per_frame"], "encode_ms": stats["encode_ms_per_frame"],
            "frames": stats["frames"], "wall_s": measured.wall_s, "rss_mib": measured.rss_kib / 1024}


def run_goals(render, repo, runs, run_measured, parse_stats):
    """Measures the five ratios and the memory cap; returns rows of (name, value, goal, kind, met,
    detail), and the share of CPU time stolen by the hypervisor meanwhile (None where unknown)."""
    sample = Path(repo) / "samples" / f"{SAMPLE}.json"
    ffmpeg = shutil.which("ffmpeg")
    figures = {key: [] for key in ["memcpy", "memcpyHot", "render3", "encode2", "ffmpeg2", "jobs1", "jobs2",
                                   "radius80", "radius5", "short", "long", "rss3", "long3"]}
    before = cpu_ticks()
    with tempfile.TemporaryDirectory(prefix="scrollreel-goals-") as tmp:
        radius80 = variant(sample, tmp, "radius80", set_radius(80))
        radius5 = variant(sample, tmp, "radius5", set_radius(5))
        # The sample lasts 5.8 s; a wait after it makes 20 s, of which --frames 0-59 is 2 s.
        long = variant(sample, tmp, "long", lasting(14.2))
        for run in range(runs):
            out = Path(tmp) / f"run{run}"
            out.mkdir()
            cold, hot = memcpy_ms()
            figures["memcpy"].append(cold)
            figures["memcpyHot"].append(hot)
            at3 = measure(render, sample, ["--scale", "3", "--jobs", "1", "--hashes", str(out / "h3")], run_measured, parse_stats)
            figures["render3"].append(at3["render_ms"])
            figures["rss3"].append(at3["rss_mib"])
            one = measure(render, sample, ["--scale", "2", "--jobs", "1", "--out", str(out / "j1.gif")], run_measured, parse_stats)
            figures["encode2"].append(one["encode_ms"])
            figures["jobs1"].append(one["wall_s"])
            figures["jobs2"].append(measure(render, sample, ["--scale", "2", "--jobs", "2", "--out", str(out / "j2.gif")],
                                            run_measured, parse_stats)["wall_s"])
            if ffmpeg:
                frames = out / "frames"
                measure(render, sample, ["--scale", "2", "--out", str(frames) + "/"], run_measured, parse_stats)
                count = len(list(frames.glob("frame_*.png")))
                peer = run_measured([ffmpeg, "-v", "error", "-y", "-framerate", "30", "-i", str(frames / "frame_%04d.png"),
                                     "-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", str(out / "ff.gif")])
                figures["ffmpeg2"].append(peer.wall_s * 1000 / count)
            for key, scene in [("radius80", radius80), ("radius5", radius5)]:
                figures[key].append(measure(render, scene, ["--scale", "2", "--jobs", "1", "--hashes", str(out / key)],
                                            run_measured, parse_stats)["render_ms"])
            figures["short"].append(measure(render, long, ["--scale", "2", "--jobs", "2", "--frames", "0-59",
                                                           "--out", str(out / "short.gif")], run_measured, parse_stats)["rss_mib"])
            figures["long"].append(measure(render, long, ["--scale", "2", "--jobs", "2", "--out", str(out / "long.gif")],
                                           run_measured, parse_stats)["rss_mib"])
            figures["long3"].append(measure(render, long, ["--scale", "3", "--jobs", "2", "--out", str(out / "long3.gif")],
                                            run_measured, parse_stats)["rss_mib"])
    after = cpu_ticks()
    stolen = None
    if before and after and after[1] > before[1]:
        stolen = (after[0] - before[0]) / (after[1] - before[1])
    memory = {"rss3", "short", "long", "long3"}
    m = {key: (statistics.median(values) if key in memory else min(values)) for key, values in figures.items() if values}
    rows = [
        ("render / memcpy", m["render3"] / m["memcpy"],
         f"{m['render3']:.1f} ms a frame @3x; memcpy {m['memcpy']:.2f} ms from memory; "
         f"{m['render3'] / m['memcpyHot']:.1f}x a cache-hot one ({m['memcpyHot']:.2f} ms); peak {m['rss3']:.0f} MiB"),
        ("GIF / ffmpeg", m["encode2"] / m["ffmpeg2"] if "ffmpeg2" in m else None,
         f"{m['encode2']:.1f} ms a frame @2x; ffmpeg {m['ffmpeg2']:.1f} ms" if "ffmpeg2" in m else "ffmpeg not installed"),
        ("--jobs 2 speed-up", m["jobs1"] / m["jobs2"], f"{m['jobs1']:.1f} s with --jobs 1, {m['jobs2']:.1f} s with --jobs 2"),
        ("radius 80 / 5", m["radius80"] / m["radius5"], f"{m['radius80']:.1f} ms and {m['radius5']:.1f} ms a frame @2x"),
        ("20 s / 2 s memory", m["long"] / m["short"], f"{m['long']:.0f} MiB and {m['short']:.0f} MiB @2x"),
        ("peak MiB @3x", m["long3"], "20 s to a GIF @3x, --jobs 2"),
    ]
    result = []
    for (name, ratio, detail), (_, goal, kind) in zip(rows, GOALS):
        met = None if ratio is None else (ratio <= goal if kind == "at most" else ratio >= goal)
        result.append((name, ratio, goal, kind, met, detail))
    return result, stolen


def print_goals(rows, stolen, runs):
    print(f"\nGoals (samples/{SAMPLE}.json; times: the fastest of {runs} runs, memory: the median):")
    print(f"  {'figure':<20} {'value':>7}  {'goal':<12} {'met':<4} detail")
    for name, ratio, goal, kind, met, detail in rows:
        shown = "-" if ratio is None else f"{ratio:.2f}"
        verdict = "-" if met is None else ("yes" if met else "no")
        print(f"  {name:<20} {shown:>7}  {kind} {goal:<5} {verdict:<4} {detail}")
    if stolen is not None:
        verdict = "too much to trust the ratios: run again on a quieter machine" if stolen > 0.02 else "quiet enough"
        print(f"  steal time during the measurement: {stolen * 100:.1f}% of CPU time ({verdict})")


if __name__ == "__main__" and sys.argv[1:] == ["--copy-times"]:
    print(*copy_times())
