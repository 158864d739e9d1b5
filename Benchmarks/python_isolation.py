#!/usr/bin/env python3
"""The cost of `swiftlv2.load(uri, isolate=True)` against the same plugin in process, in one
run (BENCHMARKS.md records the figures; not a test). Usage: python_isolation.py [RUNS]

At 512-frame blocks: 60 s of stereo through the rate adapter ("AM radio") and 60 s of mono
through eg-amp, each as one whole call, and 10 s of the rate adapter as a stream of 512-frame
calls (reset=False). Wall time (the isolated plugin works in another process), the best of
RUNS (default 7) for each, in process and isolated alternating; the ratio of the bests.
Starting the plugin's process (about 0.3 s, once per load) is left out.
"""

import sys
import time

import numpy as np

import swiftlv2

EG_AMP = "http://lv2plug.in/plugins/eg-amp"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
RATE, BLOCK = 48000, 512


def whole_call(plugin, audio):
    start = time.perf_counter()
    plugin(audio)
    return time.perf_counter() - start


def stream_of_blocks(plugin, audio):
    start = time.perf_counter()
    for offset in range(0, audio.shape[-1], BLOCK):
        plugin(audio[..., offset:offset + BLOCK], reset=offset == 0)
    return time.perf_counter() - start


def compare(label, uri, setup, audio, measure, runs):
    plugins = {}
    for isolate in (False, True):
        plugins[isolate] = swiftlv2.load(uri, block_size=BLOCK, isolate=isolate)
        setup(plugins[isolate])
        measure(plugins[isolate], audio)  # warm up
    best = {False: float("inf"), True: float("inf")}
    for _ in range(runs):
        for isolate in (False, True):
            best[isolate] = min(best[isolate], measure(plugins[isolate], audio))
    for plugin in plugins.values():
        plugin.close()
    print(f"| {label} | {best[False] * 1000:.1f} ms | {best[True] * 1000:.1f} ms | {best[True] / best[False]:.3f} × |")


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    noise = np.random.default_rng(1).uniform(-0.5, 0.5, (2, 60 * RATE)).astype(np.float32)
    print(f"Best of {runs}, blocks of {BLOCK} frames, wall time.\n")
    print("| Work | In process | Isolated | Ratio |")
    print("|------|-----------:|---------:|------:|")
    compare("rate adapter, 60 s stereo, one call", RATE_ADAPTER, lambda p: p.load_preset("AM radio"), noise,
            whole_call, runs)
    compare("eg-amp, 60 s mono, one call", EG_AMP, lambda p: setattr(p, "gain", -6), noise[0], whole_call, runs)
    compare("rate adapter, 10 s stereo in 512-frame calls", RATE_ADAPTER, lambda p: p.load_preset("AM radio"),
            noise[:, :10 * RATE], stream_of_blocks, runs)


if __name__ == "__main__":
    main()
