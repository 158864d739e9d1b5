"""What a call takes and gives back, as pedalboard: float32 or float64 only, either layout
returned as given, 1-D for mono, and NaN from a plugin counted and warned."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

import swiftlv2
from conftest import EG_AMP, RATE_ADAPTER, SYNTH, noise


@pytest.mark.parametrize("dtype", ["int16", "int32", "bool", "complex64", "object", "float16"])
def test_any_dtype_but_float32_and_float64_is_a_type_error_naming_it(dtype: str) -> None:
    amp = swiftlv2.load(EG_AMP)
    with pytest.raises(TypeError, match=rf"^The audio \(source\) holds {dtype} samples; swiftlv2 takes float32 or float64 audio"):
        amp(np.ones(100, dtype=dtype))
    with pytest.raises(TypeError, match=rf"^The audio \(audio\) holds {dtype} samples"):
        swiftlv2.write("never.wav", np.ones(100, dtype=dtype), 48000)
    assert not Path("never.wav").exists()


def test_float64_is_converted_and_gives_float32s_output() -> None:
    adapter = swiftlv2.load(RATE_ADAPTER)
    audio = noise(2, 3000)
    assert np.array_equal(adapter(audio.astype(np.float64)), adapter(audio))
    assert adapter(audio.astype(np.float64)).dtype == np.float32


def test_frames_channels_input_comes_back_as_frames_channels() -> None:
    adapter = swiftlv2.load(RATE_ADAPTER)
    audio = noise(2, 3000)
    planar = adapter(audio)
    interleaved = adapter(audio.T)
    assert interleaved.shape == (3000, 2)
    assert np.array_equal(interleaved, planar.T)
    # A stream carrying on knows its channel count, so even a chunk of 2 frames is unambiguous.
    first = adapter(audio.T[:1000])
    rest = [adapter(audio.T[start:start + 2], reset=False) for start in range(1000, 3000, 2)]
    assert np.array_equal(np.concatenate([first, *rest]), planar.T)


def test_equal_dimensions_need_the_layout_keyword() -> None:
    adapter = swiftlv2.load(RATE_ADAPTER)
    square = noise(2, 2)
    with pytest.raises(swiftlv2.InvalidValueError, match=r"^The audio \(source\) has shape \(2, 2\), which does not tell "
                       r"channels from frames; say layout='channels_first' for \(channels, frames\) or "
                       r"layout='channels_last' for \(frames, channels\)\.$"):
        adapter(square)
    assert np.array_equal(adapter(square, layout="channels_last"), adapter(square, layout="channels_first").T)
    with pytest.raises(ValueError, match=r"^layout= is 'channels_first' or 'channels_last', not 'rows'\.$"):
        adapter(square, layout="rows")  # type: ignore[arg-type]


def test_mono_in_gives_1d_out_and_an_instrument_gives_channels_frames() -> None:
    amp = swiftlv2.load(EG_AMP)
    assert amp(np.ones(100)).shape == (100,)
    assert amp(np.ones((1, 100))).shape == (1, 100)
    assert amp(np.ones((100, 1))).shape == (100, 1)
    # Stereo out of mono in is (channels, frames).
    assert swiftlv2.load(RATE_ADAPTER)(np.ones(100)).shape == (2, 100)
    # Without audio in, the output is (channels, frames) even when mono: shape[0] is the channels.
    synth = swiftlv2.load(SYNTH)
    assert synth([(69, 0, 0.5)], duration=1).shape == (1, 48000)
    assert synth(duration=0.5).shape == (1, 24000)


def test_nan_from_a_plugin_is_counted_warned_and_returned_as_zero() -> None:
    amp = swiftlv2.load(EG_AMP)
    audio = np.array([np.nan, 1, np.inf, -np.inf, 0.5], dtype=np.float32)
    with pytest.warns(swiftlv2.NonFiniteOutputWarning) as caught:
        output = amp(audio)
    assert str(caught[0].message) == ("The plugin http://lv2plug.in/plugins/eg-amp output 3 samples that are not a number "
                                      "(NaN or infinity); they were returned as 0.")
    assert np.array_equal(output, [0, 1, 0, 0, 0.5])
    with warnings.catch_warnings():
        warnings.simplefilter("error", swiftlv2.NonFiniteOutputWarning)
        with pytest.raises(swiftlv2.NonFiniteOutputWarning, match=r"output 1 sample that is not a number"):
            amp(audio[:2])
        warnings.simplefilter("error")
        amp(np.ones(5))  # finite output: no warning
