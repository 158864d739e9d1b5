"""Audio files through libsndfile, as lv2render reads and writes them."""

from __future__ import annotations

import os
from typing import Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._layout import Layout, audio_of
from ._library import FileName, FloatArray, c, channel_pointers, encode

def read(path: FileName) -> Tuple[FloatArray, float]:
    """Reads any file libsndfile reads (WAV, FLAC, AIFF, Ogg…): (audio, sample_rate), the audio
    float32 of shape (channels, frames)."""
    handle = c.audio_read(encode(os.fspath(path)))
    try:
        audio = np.empty((c.audio_channels(handle), c.audio_frames(handle)), dtype=np.float32)
        rows = channel_pointers(audio)  # alive until the call returns: the library writes through it
        c.audio_copy(handle, rows.ctypes.data)
        return audio, float(c.audio_sample_rate(handle))
    finally:
        c.audio_free(handle)


def write(path: FileName, audio: Union[FloatArray, npt.NDArray[np.float64]], sample_rate: float, format: str = "float32",
          *, layout: Optional[Layout] = None) -> None:
    """Writes a WAV file (format: "float32", "pcm24" or "pcm16") as lv2render does: the file
    appears only once complete. `audio` is float32 or float64, (channels, frames), (frames,
    channels) or 1-D for mono, told apart as a plugin call tells them (`layout` when ambiguous)."""
    samples = audio_of(audio, "audio", layout).samples
    rows = channel_pointers(samples)  # alive until the call returns: the library reads through it
    c.audio_write(encode(os.fspath(path)), rows.ctypes.data, samples.shape[0], samples.shape[1],
                  float(sample_rate), encode(format))
