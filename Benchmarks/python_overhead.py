#!/usr/bin/env python3
"""The cost of hosting from Python: `make bench` runs this after the C benchmarks and adds its
rows to the table. Usage: python_overhead.py LV2RENDER

60 s of stereo noise go through eg-amp (a mono plugin: one instance per channel) in 512-frame
calls with reset=False, as a stream is processed; lv2render renders the same two channels from
a file (--map 1:in, then 2:in) in blocks of 512. The figures are the CPU time of the render
loops alone: the thread's CPU time around the Python calls, and the `cpuSeconds` lv2render's
`--json` summary reports for its loop (which also reads and writes the files' blocks); starting
either process and loading the LV2 world is left out. The median of five runs, min–max beside
it. Also the rate adapter, whose own work hides the calls, and the wall time of one call.
lilv's own Python bindings would be the other baseline, but Debian 12 has no python3-lilv.
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import swiftlv2

EG_AMP = "http://lv2plug.in/plugins/eg-amp"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
SECONDS, RATE, CALL = 60, 48000, 512
RUNS = 5


def python_loop(uri, audio, per_channel):
    """CPU seconds of streaming `audio` through `uri` in CALL-frame calls."""
    if per_channel:
        streams = [(swiftlv2.load(uri), channel) for channel in audio]
    else:
        streams = [(swiftlv2.load(uri), audio)]
    start = time.thread_time()
    for plugin, samples in streams:
        for offset in range(0, samples.shape[-1], CALL):
            plugin(samples[..., offset:offset + CALL], reset=offset == 0)
    return time.thread_time() - start


def lv2render_loop(lv2render, uri, source, target, per_channel):
    """CPU seconds lv2render reports for its render loops over the same work."""
    seconds = 0.0
    for extra in ([["--map", "1:in"], ["--map", "2:in"]] if per_channel else [[]]):
        finished = subprocess.run([lv2render, "render", uri, "--input", source, "--tail", "0", "--json", "-o", target, *extra],
                                  check=True, capture_output=True, text=True)
        seconds += json.loads(finished.stdout)["cpuSeconds"]
    return seconds


def call_microseconds():
    """Wall time of one 512-frame call through eg-amp, median of many."""
    amp = swiftlv2.load(EG_AMP)
    block = np.zeros(CALL, dtype=np.float32)
    amp(block)
    times = []
    for _ in range(20):
        start = time.perf_counter()
        for _ in range(500):
            amp(block, reset=False)
        times.append((time.perf_counter() - start) / 500 * 1e6)
    return float(np.median(times))


def figure(values):
    values = sorted(values)
    return float(np.median(values)), values[0], values[-1]


def number(value):
    return f"{value:.3g}"


def row(benchmark, case, unit, value, baseline, target=""):
    median, low, high = value
    base, base_low, base_high = baseline
    cells = [benchmark, case, unit, f"{number(median)} ({number(low)}–{number(high)})",
             f"{number(base)} ({number(base_low)}–{number(base_high)})", f"{median / base:.2f}×", "", "", target]
    return "| " + " | ".join(cells) + " |"


def main():
    lv2render = sys.argv[1]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "noise.wav", Path(folder) / "out.wav"
        noise = np.random.default_rng(1).uniform(-0.5, 0.5, (2, SECONDS * RATE)).astype(np.float32)
        swiftlv2.write(source, noise, RATE)
        for uri, name, per_channel, target_ratio in [(EG_AMP, "eg-amp", True, "≤ 1.2×"),
                                                     (RATE_ADAPTER, "rate adapter (default settings)", False, "")]:
            python = figure([python_loop(uri, noise, per_channel) for _ in range(RUNS)])
            native = figure([lv2render_loop(lv2render, uri, source, target, per_channel) for _ in range(RUNS)])
            rows.append(row("" if rows else "Python (swiftlv2) vs lv2render", f"{name}: 60 s stereo, {CALL}-frame calls",
                            "s CPU, render loop", python, native, target_ratio))
    microseconds = call_microseconds()
    rows.append(f"| | one {CALL}-frame call through eg-amp, from Python | µs wall | {microseconds:.1f} | | | | | |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
