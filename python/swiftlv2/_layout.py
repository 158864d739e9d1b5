"""What audio the package takes and how it gives it back: float32 or float64 samples, as
(channels, frames), (frames, channels) or 1-D for mono, returned in the layout given."""

from __future__ import annotations

from typing import Literal, NamedTuple, Optional

import numpy as np

from ._library import FloatArray
from .errors import InvalidValueError

Layout = Literal["channels_first", "channels_last"]
LAYOUTS = ("channels_first", "channels_last")


class Audio(NamedTuple):
    """Audio as the library takes it, C-contiguous float32 (channels, frames), and how it came
    (tuples: made on every call, quicker than dataclasses)."""
    samples: FloatArray
    one_dimensional: bool
    channels_last: bool

    def give_back(self, output: FloatArray) -> FloatArray:
        """`output` ((channels, frames)) in the layout the audio came in: 1-D when the audio was
        1-D and the output is mono, (frames, channels) when the audio was."""
        if self.one_dimensional and output.shape[0] == 1:
            mono: FloatArray = output[0]
            return mono
        return np.ascontiguousarray(output.T) if self.channels_last else output


class Stream(NamedTuple):
    """What a stream carrying on (reset=False) tells about its next chunk."""
    channels: int
    channels_last: bool


def audio_of(value: object, argument: str, layout: Optional[Layout] = None, stream: Optional[Stream] = None) -> Audio:
    """`value` as float32 (channels, frames). A 2-D array's channels are the dimension `layout`
    says; without it, in a stream carrying on, the one as long as the stream's channel count (or
    the stream's layout when both are), else the shorter one; two equal dimensions need `layout`.
    Any dtype but float32 and float64 is a TypeError naming it; `argument` is the name the
    caller gave the audio."""
    array = np.asarray(value)
    if array.dtype not in (np.float32, np.float64):
        raise TypeError(f"The audio ({argument}) holds {array.dtype} samples; swiftlv2 takes float32 or float64 audio "
                        f"(integer PCM divided by its full scale, such as int16 audio.astype(numpy.float32) / 32768).")
    if layout is not None and layout not in LAYOUTS:
        raise InvalidValueError(f"layout= is 'channels_first' or 'channels_last', not {layout!r}.")
    if array.ndim == 1:
        return Audio(np.ascontiguousarray(array[np.newaxis, :], dtype=np.float32), True, False)
    if array.ndim != 2:
        raise InvalidValueError(f"The audio ({argument}) is (channels, frames), (frames, channels) or 1-D for mono, "
                                f"not an array of shape {array.shape}.")
    channels_last = _channels_last(array.shape, layout, stream, argument)
    samples = array.T if channels_last else array
    return Audio(np.ascontiguousarray(samples, dtype=np.float32), False, channels_last)


def _channels_last(shape: tuple[int, ...], layout: Optional[Layout], stream: Optional[Stream], argument: str) -> bool:
    rows, columns = shape
    if layout is not None:
        return layout == "channels_last"
    if stream is not None and stream.channels in (rows, columns):
        return stream.channels_last if rows == columns else columns == stream.channels
    if rows != columns:
        return columns < rows
    raise InvalidValueError(f"The audio ({argument}) has shape {shape}, which does not tell channels from frames; "
                            "say layout='channels_first' for (channels, frames) or layout='channels_last' for (frames, channels).")
