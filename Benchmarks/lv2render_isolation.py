#!/usr/bin/env python3
"""The cost of `lv2render render --isolate` against the same render in process, in one run
(BENCHMARKS.md records the figures; not a test). Usage: lv2render_isolation.py LV2RENDER [RUNS]

Every render at 512-frame blocks, to a float WAV in a temporary folder: 60 s of the sine synth
playing a chord, 60 s of mono through eg-amp (which does next to nothing), 60 s of stereo
through the rate adapter ("AM radio"), and 1 s of eg-amp, where starting the second process
counts most. Each case runs RUNS times (default 7), in process and isolated alternating; the
figures are medians of the whole command's wall time and of its CPU time (user + system of
lv2render and, isolated, of its plugins' process), the ratio of the medians and what isolation
adds (their difference): the same for 1 s as for 60 s is a cost per render, not per block.
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import wave

import numpy as np

SYNTH = "urn:swiftlv2:sine-synth"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
EG_AMP = "http://lv2plug.in/plugins/eg-amp"
RATE = 48000


def write_wav(path, channels, seconds):
    """A sine per channel as 16-bit PCM."""
    t = np.arange(int(RATE * seconds)) / RATE
    samples = np.stack([0.5 * np.sin(2 * np.pi * 220 * (n + 1) * t) for n in range(channels)], axis=1)
    with wave.open(path, "wb") as file:
        file.setnchannels(channels)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes((samples * 32767).astype("<i2").tobytes())


def timed(command):
    """The wall and CPU seconds of `command`, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    lv2render = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    with tempfile.TemporaryDirectory() as folder:
        mono, stereo, short = (os.path.join(folder, name) for name in ("mono.wav", "stereo.wav", "short.wav"))
        write_wav(mono, 1, 60)
        write_wav(stereo, 2, 60)
        write_wav(short, 1, 1)
        output = os.path.join(folder, "out.wav")
        cases = [
            ("sine synth, 60 s, a chord", [SYNTH, "--notes", "60@0:59,64@0:59,67@0:59", "--duration", "60"]),
            ("eg-amp, 60 s mono", [EG_AMP, "--input", mono]),
            ("rate adapter AM radio, 60 s stereo", [RATE_ADAPTER, "--preset", "am-radio", "--input", stereo, "--tail", "0"]),
            ("eg-amp, 1 s mono", [EG_AMP, "--input", short]),
        ]
        print(f"lv2render render --block 512, median of {runs} runs: in process | isolated | ratio | added")
        for label, arguments in cases:
            command = [lv2render, "render"] + arguments + ["--block", "512", "-o", output]
            figures = {False: [], True: []}
            timed(command)  # untimed: caches warm
            for _ in range(runs):
                for isolate in (False, True):
                    figures[isolate].append(timed(command + (["--isolate"] if isolate else [])))
            wall = [statistics.median(w for w, _ in figures[isolate]) for isolate in (False, True)]
            cpu = [statistics.median(c for _, c in figures[isolate]) for isolate in (False, True)]
            print(f"{label}: wall {wall[0]:.3f} s | {wall[1]:.3f} s | {wall[1] / wall[0]:.2f}x | {wall[1] - wall[0]:+.3f} s; "
                  f"CPU {cpu[0]:.3f} s | {cpu[1]:.3f} s | {cpu[1] / cpu[0]:.2f}x | {cpu[1] - cpu[0]:+.3f} s")


if __name__ == "__main__":
    main()
