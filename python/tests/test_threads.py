"""The GIL is let go while plugins run: two threads render two plugins on two cores.

Timing is reported, never asserted (machines are shared and noisy). Beside the ratio of wall
times, the process's CPU time over the wall time while both threads ran: above 1 only if the
threads ran at the same time, however loaded the machine."""

import threading
import time

import numpy as np

import swiftlv2
from conftest import RATE_ADAPTER, assert_same_sound, noise


def test_two_threads_render_at_once(capsys):
    audio = noise(2, 48000 * 20, seed=2)
    adapters = [swiftlv2.load(RATE_ADAPTER) for _ in range(2)]
    for adapter in adapters:
        adapter.load_preset("Vintage sampler 26 kHz")
    expected = adapters[0](audio)

    start = time.perf_counter()
    for adapter in adapters:
        adapter(audio)
    one_thread = time.perf_counter() - start

    results = [None, None]

    def render(index):
        results[index] = adapters[index](audio)

    threads = [threading.Thread(target=render, args=(index,)) for index in range(2)]
    start, cpu_start = time.perf_counter(), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    two_threads = time.perf_counter() - start
    cores_used = (time.process_time() - cpu_start) / two_threads

    for result in results:
        assert_same_sound(result, expected)
    with capsys.disabled():
        print(f"\nswiftlv2 threads: two renders took {one_thread:.2f} s on one thread, {two_threads:.2f} s on two "
              f"(ratio {two_threads / one_thread:.2f}; 0.5 is two cores fully used); "
              f"CPU/wall while both ran: {cores_used:.2f} cores")


def test_python_runs_on_while_a_plugin_processes():
    # With the GIL held through the call, the other thread could not run until it returned.
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Vintage sampler 26 kHz")
    audio = noise(2, 48000 * 10, seed=3)
    window = []

    def render():
        start = time.perf_counter()
        adapter(audio)
        window.extend([start, time.perf_counter()])

    ticks = []
    thread = threading.Thread(target=render)
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    start, end = window
    middle = [tick for tick in ticks if start + 0.1 * (end - start) < tick < end - 0.1 * (end - start)]
    assert len(middle) > 10, f"{len(middle)} ticks while the plugin ran for {end - start:.2f} s"
