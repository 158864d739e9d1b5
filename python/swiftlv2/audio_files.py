"""Audio files through libsndfile, as lv2render reads and writes them."""

import os

import numpy as np

from ._library import c, channel_pointers, encode


def read(path):
    """Reads any file libsndfile reads (WAV, FLAC, AIFF, Ogg…): (audio, sample_rate), the audio
    float32 of shape (channels, frames)."""
    handle = c.audio_read(encode(os.fspath(path)))
    try:
        audio = np.empty((c.audio_channels(handle), c.audio_frames(handle)), dtype=np.float32)
        c.audio_copy(handle, channel_pointers(audio).ctypes.data)
        return audio, c.audio_sample_rate(handle)
    finally:
        c.audio_free(handle)


def write(path, audio, sample_rate, format="float32"):
    """Writes a WAV file (format: "float32", "pcm24" or "pcm16") as lv2render does: the file
    appears only once complete. `audio` is (channels, frames), or 1-D for mono."""
    samples = np.asarray(audio, dtype=np.float32)
    if samples.ndim == 1:
        samples = samples[np.newaxis, :]
    if samples.ndim != 2:
        raise ValueError(f"Audio is (channels, frames), or 1-D for mono, not an array of shape {samples.shape}.")
    samples = np.ascontiguousarray(samples)
    c.audio_write(encode(os.fspath(path)), channel_pointers(samples).ctypes.data, samples.shape[0], samples.shape[1],
                  float(sample_rate), encode(format))
