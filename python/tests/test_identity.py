"""The Python path gives lv2render's samples, bit for bit, at the same (default) block size."""

import numpy as np

import swiftlv2
from conftest import EG_AMP, EG_METRO, EG_SAMPLER, RATE_ADAPTER, SYNTH, assert_same_sound, render_with_lv2render

NOTES = [(60, 0.0, 0.5, 100), (64, 0.25, 0.5, 80), (67, 0.5, 0.4)]
NOTES_SPEC = "60@0:0.5:100,64@0.25:0.5:80,67@0.5:0.4"


def test_synth_plays_lv2renders_samples(tmp_path):
    synth = swiftlv2.load(SYNTH)
    audio = synth(NOTES, duration=1.2)
    expected = render_with_lv2render(tmp_path, SYNTH, "--notes", NOTES_SPEC, "--duration", 1.2)
    assert audio.shape == expected.shape == (expected.shape[0], 57600)
    assert np.abs(audio).max() > 0.05
    assert_same_sound(audio, expected)


def test_rate_adapter_preset_gives_lv2renders_samples(tmp_path, stereo_noise_file):
    path, audio = stereo_noise_file
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Telephone")
    output = adapter(audio)
    expected = render_with_lv2render(tmp_path, RATE_ADAPTER, "--preset", "Telephone", "--input", path, "--tail", 0)
    assert output.shape == audio.shape
    assert_same_sound(output, expected)


def test_third_party_effect_gives_lv2renders_samples(tmp_path, stereo_noise_file):
    path, audio = stereo_noise_file
    amp = swiftlv2.load(EG_AMP)
    amp.gain = -6
    mono = amp(audio[0])
    expected = render_with_lv2render(tmp_path, EG_AMP, "--set", "gain=-6", "--input", path, "--map", "1:in", "--tail", 0)
    assert mono.ndim == 1
    assert_same_sound(mono, expected[0])
    assert np.allclose(mono, audio[0] * 10 ** (-6 / 20), atol=1e-6)


def test_third_party_instrument_plays_midi_as_lv2render_does(tmp_path):
    sampler = swiftlv2.load(EG_SAMPLER)
    audio = sampler([(60, 0.1, 0.3), (62, 0.6, 0.2)], duration=1.0)
    expected = render_with_lv2render(tmp_path, EG_SAMPLER, "--notes", "60@0.1:0.3,62@0.6:0.2", "--duration", 1.0)
    assert_same_sound(audio, expected)
    # Silence until the first note, then the sample.
    assert np.abs(audio[:, :4800]).max() == 0
    assert np.abs(audio[:, 4800:9600]).max() > 0.01


def test_chain_gives_lv2renders_chain(tmp_path):
    synth, adapter = swiftlv2.load(SYNTH), swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("AM radio")
    audio = swiftlv2.Chain([synth, adapter])(NOTES, duration=1.0)
    expected = render_with_lv2render(tmp_path, SYNTH, "--notes", NOTES_SPEC, "--duration", 1.0,
                                     "--then", RATE_ADAPTER, "--preset", "AM radio")
    assert_same_sound(audio, expected)


def test_a_plugin_following_the_transport_gets_lv2renders_tempo(tmp_path):
    metronome = swiftlv2.load(EG_METRO)
    audio = metronome(duration=2.0, bpm=150)
    expected = render_with_lv2render(tmp_path, EG_METRO, "--bpm", 150, "--duration", 2.0)
    assert_same_sound(audio, expected)
    # The tempo is heard: at the default 120 the clicks fall elsewhere.
    assert not np.array_equal(audio, metronome(duration=2.0))



def test_compensated_latency_gives_lv2renders_samples(tmp_path, stereo_noise_file):
    path, audio = stereo_noise_file
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Telephone")
    output = adapter(audio, compensate_latency=True)
    expected = render_with_lv2render(tmp_path, RATE_ADAPTER, "--preset", "Telephone", "--input", path, "--tail", 0,
                                     "--compensate-latency")
    assert adapter.latency > 0 and output.shape == audio.shape
    assert_same_sound(output, expected)
