#!/usr/bin/env python3
"""The cost of `swiftlv2.load(uri, isolate=True)` against the same plugin in process, in one
run (BENCHMARKS.md records the figures; not a test). Usage: python_isolation.py [RUNS]

At 512-frame blocks: 60 s of stereo through the rate adapter ("AM radio") and 60 s of mono
through eg-amp, each as one whole call, and 10 s of the rate adapter as a stream of 512-frame
calls (reset=False). Two figures, each the best of RUNS (default 7), in process and isolated
alternating, and the ratio of the bests: the wall time, and the CPU time (the calling thread's,
plus, isolated, the plugin process's from /proc/PID/schedstat, in nanoseconds), which a machine
busy with other work disturbs less: there the plugin's process also waits for a core.
Starting the plugin's process (about 0.3 s, once per load) is left out.
"""

import sys
import time

import numpy as np

import swiftlv2

EG_AMP = "http://lv2plug.in/plugins/eg-amp"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
RATE, BLOCK = 48000, 512


def cpu_seconds(plugin):
    """The CPU time of the calling thread, and of the plugin's process if it has one."""
    seconds = time.thread_time()
    child = getattr(plugin, "_child", None)
    if child is not None:
        with open(f"/proc/{child.process.pid}/schedstat") as schedstat:
            seconds += int(schedstat.read().split()[0]) / 1e9
    return seconds


def measured(work):
    """`work(plugin, audio)` as a function giving its wall and CPU seconds."""
    def measure(plugin, audio):
        wall, cpu = time.perf_counter(), cpu_seconds(plugin)
        work(plugin, audio)
        return time.perf_counter() - wall, cpu_seconds(plugin) - cpu
    return measure


@measured
def whole_call(plugin, audio):
    plugin(audio)


@measured
def stream_of_blocks(plugin, audio):
    for offset in range(0, audio.shape[-1], BLOCK):
        plugin(audio[..., offset:offset + BLOCK], reset=offset == 0)


def compare(label, uri, setup, audio, measure, runs):
    plugins = {}
    for isolate in (False, True):
        plugins[isolate] = swiftlv2.load(uri, block_size=BLOCK, isolate=isolate)
        setup(plugins[isolate])
        measure(plugins[isolate], audio)  # warm up
    best = {False: [float("inf")] * 2, True: [float("inf")] * 2}
    for _ in range(runs):
        for isolate in (False, True):
            best[isolate] = [min(pair) for pair in zip(best[isolate], measure(plugins[isolate], audio))]
    for plugin in plugins.values():
        plugin.close()
    cells = [f"{best[False][kind] * 1000:.1f} ms | {best[True][kind] * 1000:.1f} ms | "
             f"{best[True][kind] / best[False][kind]:.3f} ×" for kind in (0, 1)]
    print(f"| {label} | {' | '.join(cells)} |")


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    noise = np.random.default_rng(1).uniform(-0.5, 0.5, (2, 60 * RATE)).astype(np.float32)
    print(f"Best of {runs}, blocks of {BLOCK} frames.\n")
    print("| Work | Wall, in process | Wall, isolated | Ratio | CPU, in process | CPU, isolated | Ratio |")
    print("|------|-----------------:|---------------:|------:|----------------:|--------------:|------:|")
    compare("rate adapter, 60 s stereo, one call", RATE_ADAPTER, lambda p: p.load_preset("AM radio"), noise,
            whole_call, runs)
    compare("eg-amp, 60 s mono, one call", EG_AMP, lambda p: setattr(p, "gain", -6), noise[0], whole_call, runs)
    compare("rate adapter, 10 s stereo in 512-frame calls", RATE_ADAPTER, lambda p: p.load_preset("AM radio"),
            noise[:, :10 * RATE], stream_of_blocks, runs)


if __name__ == "__main__":
    main()
