"""Resources you can hold: close() and `with` for plugins, chains and worlds, flat memory over
many load/close cycles, and long calls that Ctrl-C stops."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

import swiftlv2
from conftest import EG_AMP, RATE_ADAPTER, SYNTH, noise


def resident_megabytes() -> float:
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def test_a_closed_plugin_chain_or_world_says_so() -> None:
    with swiftlv2.load(EG_AMP) as amp:
        assert amp(np.ones(10)).shape == (10,)
    assert amp.closed and repr(amp).endswith("(closed)>")
    for use in (lambda: amp(np.ones(10)), lambda: setattr(amp, "gain", 1), lambda: amp.gain, amp.reset,
                lambda: amp.load_preset("x"), lambda: swiftlv2.Chain([amp])(np.ones(10))):
        with pytest.raises(swiftlv2.ClosedError, match=r"^The plugin http://lv2plug.in/plugins/eg-amp is closed; "
                                                       r"load it again to use it\.$"):
            use()
    amp.close()  # again: nothing happens

    synth = swiftlv2.load(SYNTH)
    with swiftlv2.Chain([synth]) as chain:
        assert chain(duration=0.1).shape == (1, 4800)
    with pytest.raises(swiftlv2.ClosedError, match=r"^The chain of urn:swiftlv2:sine-synth is closed"):
        chain(duration=0.1)
    # The chain's plugins are the caller's: they stay open.
    assert synth(duration=0.1).shape == (1, 4800)

    with swiftlv2.World() as world:
        assert SYNTH in [plugin.uri for plugin in world.plugins()]
        adapter = world.load(RATE_ADAPTER)
        assert adapter(noise(2, 100)).shape == (2, 100)
    assert world.closed and adapter.closed
    with pytest.raises(swiftlv2.ClosedError, match=r"^The world of the default LV2 path is closed; make another to use it\.$"):
        world.load(SYNTH)
    with pytest.raises(ValueError, match=r"is closed"):
        adapter(noise(2, 100))


def test_ten_thousand_load_close_cycles_keep_memory_flat() -> None:
    for _ in range(500):
        swiftlv2.load(EG_AMP).close()
    before = resident_megabytes()
    for _ in range(10_000):
        with swiftlv2.load(EG_AMP) as amp:
            amp.gain = -3
    grown = resident_megabytes() - before
    print(f"swiftlv2 resources: 10,000 load/close cycles of eg-amp grew the process by {grown:.2f} MB")
    assert grown < 4


def test_ctrl_c_stops_a_long_call_between_pieces() -> None:
    # Two minutes of stereo through the rate adapter's best sinc converter: seconds of work.
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.quality = "Sinc best"
    audio = noise(2, 48000 * 120)
    sent: list[float] = []

    def interrupt() -> None:
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    # Python's own Ctrl-C handler, whatever an earlier test's library (Dask) made of it.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    started = time.monotonic()
    timer.start()
    try:
        adapter(audio)
    except KeyboardInterrupt:
        stopped = time.monotonic()
    else:
        timer.cancel()
        timer.join()
        pytest.skip(f"the call ended in {time.monotonic() - started:.2f} s, before Ctrl-C came")
    finally:
        signal.signal(signal.SIGINT, handler)
    done = swiftlv2._library.c.chain_position(adapter._handle)
    assert 0 < done < audio.shape[1]
    # Between pieces of 0.1 s of audio, whole blocks: the call stopped at a piece's end.
    assert done % 5120 == 0
    print(f"swiftlv2 resources: Ctrl-C stopped the call {1000 * (stopped - sent[0]):.0f} ms after it came, "
          f"after {done / 48000:.1f} s of 120 s of audio")
