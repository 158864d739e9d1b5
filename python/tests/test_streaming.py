"""reset=False carries a plugin's state from call to call: a stream processed in chunks of
random sizes gives the samples of one call."""

import numpy as np

import swiftlv2
from conftest import EG_AMP, RATE_ADAPTER, SYNTH, assert_same_sound, noise


def random_chunks(total, seed):
    rng = np.random.default_rng(seed)
    edges, position = [0], 0
    while position < total:
        position = min(total, position + int(rng.integers(1, 3000)))
        edges.append(position)
    return list(zip(edges, edges[1:]))


def test_rate_adapter_in_random_chunks_equals_one_call():
    audio = noise(2, 48000 * 3, seed=7)
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Retro 12 kHz crunch")
    whole = adapter(audio)
    pieces = [adapter(audio[:, start:end], reset=(start == 0)) for start, end in random_chunks(audio.shape[1], seed=3)]
    assert len(pieces) > 10
    assert_same_sound(np.concatenate(pieces, axis=1), whole)


def test_synth_notes_queued_in_the_first_call_play_on_in_later_chunks():
    synth = swiftlv2.load(SYNTH)
    notes = [(57, 0.05, 0.7), (64, 0.4, 0.9, 60), (69, 1.1, 0.5)]
    whole = synth(notes, duration=2.0)
    chunks = random_chunks(whole.shape[1], seed=11)
    first_start, first_end = chunks[0]
    pieces = [synth(notes, duration=(first_end - first_start) / 48000)]
    pieces += [synth(duration=(end - start) / 48000, reset=False) for start, end in chunks[1:]]
    assert_same_sound(np.concatenate(pieces, axis=1), whole)


def test_reset_true_starts_afresh_each_call():
    adapter = swiftlv2.load(RATE_ADAPTER)
    audio = noise(2, 20000, seed=5)
    first = adapter(audio)
    adapter(noise(2, 5000, seed=6))
    assert_same_sound(adapter(audio), first)


def test_any_length_and_mono_input():
    amp = swiftlv2.load(EG_AMP)
    for frames in (0, 1, 511, 512, 513, 70001):
        assert amp(np.ones(frames, dtype=np.float32)).shape == (frames,)


def test_a_chain_streams_in_chunks_as_in_one_call():
    synth, adapter = swiftlv2.load(SYNTH), swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Telephone")
    chain = swiftlv2.Chain([synth, adapter])
    notes = [(60, 0.0, 0.3), (72, 0.2, 0.6)]
    whole = chain(notes, duration=1.0)
    chunks = random_chunks(whole.shape[1], seed=5)
    pieces = [chain(notes, duration=chunks[0][1] / 48000)]
    pieces += [chain(duration=(end - start) / 48000, reset=False) for start, end in chunks[1:]]
    assert_same_sound(np.concatenate(pieces, axis=1), whole)
    assert chain.latency == adapter.latency > 0


def test_a_setting_made_on_a_plugin_reaches_a_chain_mid_stream():
    amp = swiftlv2.load(EG_AMP)
    chain = swiftlv2.Chain([amp])
    ones = np.ones(1000, dtype=np.float32)
    assert np.allclose(chain(ones), 1)
    amp.gain = -6
    assert np.allclose(chain(ones, reset=False), 10 ** (-6 / 20), atol=1e-6)
    assert np.allclose(chain(ones), 10 ** (-6 / 20), atol=1e-6)
