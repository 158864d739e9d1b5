"""Parameters, presets, state, latency and errors, as a script sets them."""

import numpy as np
import pytest

import swiftlv2
from conftest import EG_AMP, EG_SAMPLER, RATE_ADAPTER, SYNTH, assert_same_sound, lv2render, noise


def test_parameters_describe_ranges_units_defaults_and_labels():
    amp = swiftlv2.load(EG_AMP)
    gain = amp.parameters["gain"]
    assert (gain.minimum, gain.maximum, gain.default, gain.unit) == (-90, 24, 0, "dB")
    adapter = swiftlv2.load(RATE_ADAPTER)
    quality = adapter.parameters["quality"]
    assert quality.enumeration and len(quality.scale_points) >= 2
    described = swiftlv2.describe(RATE_ADAPTER)
    assert {port["symbol"] for port in described["ports"] if port["type"] == "control"} >= set(adapter.parameters)


def test_a_control_set_by_symbol_is_heard():
    amp = swiftlv2.load(EG_AMP)
    audio = noise(1, 4800)[0]
    amp.gain = -6
    assert amp.gain == -6
    assert np.allclose(amp(audio), audio * 10 ** (-6 / 20), atol=1e-6)


def test_a_scale_point_label_sets_its_value():
    adapter = swiftlv2.load(RATE_ADAPTER)
    label, value = next(iter(adapter.parameters["quality"].scale_points.items()))
    adapter.quality = label
    assert adapter.quality == value


def test_a_preset_sets_its_controls_and_a_later_control_wins():
    adapter = swiftlv2.load(RATE_ADAPTER)
    assert "Telephone" in adapter.presets
    adapter.mix = 0.5
    adapter.load_preset("telephone")
    assert (adapter.rate, adapter.mix) == (8000, 1)
    adapter.mix = 0.25
    adapter(noise(2, 1000))  # a reset makes a new instance from the preset, then the control
    assert (adapter.rate, adapter.mix) == (8000, 0.25)


def test_latency_is_what_lv2render_reports(tmp_path):
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.load_preset("Telephone")
    summary = lv2render("render", RATE_ADAPTER, "--preset", "Telephone", "--duration", 0.1, "--json", "-o", tmp_path / "out.wav")
    import json
    assert adapter.latency == json.loads(summary)["latency"]
    assert adapter.latency > 0


def test_state_round_trip_with_a_patch_parameter(tmp_path):
    sample = tmp_path / "sample.wav"
    swiftlv2.write(sample, np.sin(np.arange(4800) * 0.05)[np.newaxis, :] * 0.5, 48000)
    sampler = swiftlv2.load(EG_SAMPLER)
    sampler.set_parameter("sample", sample)
    notes = [(60, 0.0, 0.5)]
    played = sampler(notes, duration=0.2)
    # The sampler plays our sample (at its own gain) on the note.
    wave = np.sin(np.arange(4000) * 0.05)
    assert np.corrcoef(played[0, :4000], wave)[0, 1] > 0.9999
    sampler.save_state(tmp_path / "state")
    assert (tmp_path / "state" / "state.ttl").exists()
    restored = swiftlv2.load(EG_SAMPLER)
    restored.load_state(tmp_path / "state")
    assert_same_sound(restored(notes, duration=0.2), played)


def test_errors_are_exceptions_with_lv2renders_message():
    with pytest.raises(swiftlv2.Error, match=r"^No plugin with URI urn:nowhere was found on the LV2 path"):
        swiftlv2.load("urn:nowhere")
    amp = swiftlv2.load(EG_AMP)
    with pytest.raises(swiftlv2.Error, match=r"^The value 100 for gain is outside its range -90 to 24\.$"):
        amp.gain = 100
    with pytest.raises(swiftlv2.Error, match=r"has no preset Nothing; it has none\.$"):
        amp.load_preset("Nothing")
    with pytest.raises(swiftlv2.Error, match=r"^The audio file .*missing\.wav does not exist\.$"):
        swiftlv2.read("missing.wav")
    with pytest.raises(swiftlv2.Error, match=r"has no MIDI input, so it cannot play notes\.$"):
        amp([(60, 0, 1)])


def test_audio_files_round_trip(tmp_path):
    audio = noise(3, 1234)
    swiftlv2.write(tmp_path / "three.wav", audio, 44100)
    read, rate = swiftlv2.read(tmp_path / "three.wav")
    assert rate == 44100 and np.array_equal(read, audio)


def test_plugins_lists_ours_and_the_installed_ones():
    found = {plugin.uri: plugin for plugin in swiftlv2.plugins()}
    assert found[SYNTH].instrument and found[SYNTH].audio_outputs == 1
    assert EG_AMP in found


def test_package_version_is_the_projects():
    assert lv2render("--version").strip() == swiftlv2.__version__


def test_a_pickled_plugin_or_chain_plays_as_the_original(tmp_path):
    import pickle
    adapter = swiftlv2.load(RATE_ADAPTER)
    adapter.mix = 0.3
    adapter.load_preset("AM radio")
    adapter.mix = 0.6
    amp = swiftlv2.load(EG_AMP)
    for gain in (-1, -2, -3):
        amp.gain = gain
    audio = noise(2, 5000)
    copy = pickle.loads(pickle.dumps(adapter))
    assert (copy.rate, copy.mix) == (adapter.rate, adapter.mix) == (11025, np.float32(0.6))
    assert_same_sound(copy(audio), adapter(audio))
    assert len(amp._settings) == 1
    chain = swiftlv2.Chain([amp, adapter])
    assert_same_sound(pickle.loads(pickle.dumps(chain))(audio[0]), chain(audio[0]))


def test_sample_rate_ranges_come_in_hertz_at_the_plugins_rate():
    # swh's lsFilter (swh-lv2, TEST_DEBS) declares its cutoff in fractions of the sample rate.
    for rate in (48000, 96000):
        low_pass = swiftlv2.load("http://plugin.org.uk/swh-plugins/lsFilter", sample_rate=rate)
        cutoff = low_pass.parameters["cutoff"]
        assert (cutoff.minimum, cutoff.maximum) == (0.002 * rate, 0.5 * rate)
        low_pass.cutoff = 1000
        assert low_pass.cutoff == 1000
