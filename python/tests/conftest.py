"""What the Python package's tests share: lv2render to compare with, and fixtures made here.

`make python-test` (part of `make test`) runs them with SWIFTLV2_ROOT set, so that the
repository's plugin.lv2 is found first, and SWIFTLV2_LV2RENDER naming the lv2render to compare with.
"""

import os
import signal
import subprocess
from pathlib import Path
from typing import Tuple

import numpy as np
import numpy.typing
import pytest

import swiftlv2

# Python raises KeyboardInterrupt on Ctrl-C only when SIGINT was not ignored at its start, and
# a shell ignores it for a script's background job (`make test &`): the Ctrl-C tests would then
# fail or wait for ever. They test how swiftlv2 meets KeyboardInterrupt, so Python's handler is
# put back.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

SYNTH = "urn:swiftlv2:sine-synth"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
# From lv2-examples (TEST_DEBS): the LV2 book's plugins.
EG_AMP = "http://lv2plug.in/plugins/eg-amp"
EG_SAMPLER = "http://lv2plug.in/plugins/eg-sampler"
EG_FIFTHS = "http://lv2plug.in/plugins/eg-fifths"
EG_METRO = "http://lv2plug.in/plugins/eg-metro"
# From setbfree (TEST_DEBS): the organ.
SETBFREE = "http://gareus.org/oss/lv2/b_synth"


def lv2render_path() -> str:
    return os.environ.get("SWIFTLV2_LV2RENDER") or swiftlv2._check._lv2render()


def lv2render(*arguments: object) -> str:
    """Runs lv2render; its output on success, else the test fails with its message."""
    finished = subprocess.run([lv2render_path(), *map(str, arguments)], capture_output=True, text=True)
    assert finished.returncode == 0, finished.stderr
    return finished.stdout


def render_with_lv2render(tmp_path: Path, *arguments: object) -> "np.typing.NDArray[np.float32]":
    """lv2render's float32 output for `arguments`, read back as (channels, frames)."""
    output = tmp_path / "lv2render.wav"
    lv2render("render", *arguments, "-o", output)
    audio, _ = swiftlv2.read(output)
    return audio


def assert_same_sound(audio: "np.typing.ArrayLike", expected: "np.typing.ArrayLike") -> None:
    """`audio` is `expected` sample for sample, and is not silent: two renders gone silent
    (a plugin that stopped playing) would be equal too. Silent: no sample above -60 dBFS."""
    audio = np.asarray(audio)
    assert audio.size and float(np.max(np.abs(audio))) > 1e-3, "the render is silent"
    assert np.array_equal(audio, expected)


def noise(channels: int, frames: int, seed: int = 1, level: float = 0.5) -> "np.typing.NDArray[np.float32]":
    return (np.random.default_rng(seed).uniform(-level, level, (channels, frames))).astype(np.float32)


@pytest.fixture
def stereo_noise_file(tmp_path: Path) -> Tuple[Path, "np.typing.NDArray[np.float32]"]:
    """Two seconds of stereo noise at 48 kHz as a float WAV file, and the samples."""
    audio = noise(2, 96000)
    path = tmp_path / "noise.wav"
    swiftlv2.write(path, audio, 48000)
    return path, audio
