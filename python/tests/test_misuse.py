"""What a careless program does to a plugin ends as an error naming it, never a dead interpreter
(docs/python.md, "When a plugin fails")."""

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import swiftlv2
from conftest import RATE_ADAPTER, noise


@pytest.mark.parametrize("isolate", [False, True])
def test_one_plugin_called_from_several_threads_at_once_gives_each_call_its_own_render(isolate):
    # libsamplerate asserted (and Python died) when two calls shared the instance at once.
    adapter = swiftlv2.load(RATE_ADAPTER, isolate=isolate)
    adapter.load_preset("Vintage sampler 26 kHz")
    audio = noise(2, 48000, seed=4)
    expected = adapter(audio)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: adapter(audio), range(8)))
    assert all(np.array_equal(result, expected) for result in results)


def test_a_chain_and_its_plugin_set_from_other_threads_meanwhile_never_crash():
    adapter = swiftlv2.load(RATE_ADAPTER)
    chain = swiftlv2.Chain([adapter, swiftlv2.load(RATE_ADAPTER)])
    audio = noise(2, 4800, seed=5)
    presets = adapter.presets

    def work(index):
        if index % 2:
            adapter.load_preset(presets[index % len(presets)])
            return None
        return chain(audio).shape

    with ThreadPoolExecutor(4) as pool:
        shapes = [shape for shape in pool.map(work, range(16)) if shape is not None]
    assert shapes == [(2, 4800)] * 8


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_state_that_would_block_is_refused_in_one_sentence(tmp_path, kind):
    adapter = swiftlv2.load(RATE_ADAPTER)
    if kind == "fifo":
        path = tmp_path / "state.fifo"
        os.mkfifo(path)
        sentence = f"The state file {path} is a FIFO (named pipe); lv2render reads only regular files."
    else:
        path = "/dev/zero"
        sentence = "The state file /dev/zero is a device or socket, not a regular file."
    with pytest.raises(swiftlv2.Error) as raised:
        adapter.load_state(path)
    assert str(raised.value) == sentence
