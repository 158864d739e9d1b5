"""What plugins and chains share: a call on numpy audio or MIDI, as pedalboard's plugins are
called, and closing."""

from __future__ import annotations

import ctypes
import functools
import json
import math
import os
import threading
import warnings
from types import TracebackType
from typing import Any, Callable, List, Optional, Tuple, Type, TypeVar, Union, cast

import numpy as np
import numpy.typing as npt

from ._layout import Layout, Stream, audio_of
from ._library import FloatArray, c, encode, process
from .errors import ClosedError, InvalidValueError, NonFiniteOutputWarning
from .midi import MIDIEvent, MIDISource, file_messages, is_midi, timed_messages

# lv2render's defaults, from the library: the Python path gives its samples.
DEFAULT_SAMPLE_RATE = int(c.default_sample_rate())
DEFAULT_BLOCK_SIZE = c.default_block_length()
# Seconds rendered after the last MIDI event when no duration is given.
DEFAULT_TAIL = 1.0
# A long call runs in pieces of about this much audio, and Ctrl-C is answered between them.
INTERRUPTIBLE_SECONDS = 0.1

# What a call takes: audio (numpy, or anything numpy reads as float samples) or MIDI.
Source = Union["npt.NDArray[Any]", MIDISource, None]

_Self = TypeVar("_Self", bound="_Processor")


class _ChainState:
    """What a chain says about itself, kept from one reset to the next: a stream of short calls
    then costs one foreign call each."""
    __slots__ = ("input_channels", "side_chain_channels", "output_channels", "sends_midi", "position", "midi_output",
                 "channels_last")

    def __init__(self, input_channels: int, side_chain_channels: int, output_channels: int, sends_midi: bool,
                 position: int) -> None:
        self.input_channels, self.side_chain_channels = input_channels, side_chain_channels
        self.output_channels, self.sends_midi = output_channels, sends_midi
        self.position = position
        self.midi_output: List[MIDIEvent] = []
        # The layout of the latest call's audio (None: it had none), for a stream's next chunk.
        self.channels_last: Optional[bool] = None


def _free(handle: Optional[int]) -> None:
    """Frees a chain; at interpreter exit the library may already be gone, and then it does not matter."""
    try:
        if handle:
            c.chain_free(handle)
    except Exception:
        pass


def _frames(seconds: float, sample_rate: float) -> int:
    """The frame count for `seconds`, rounded as lv2render rounds it (by the library)."""
    frames: int = c.frames(seconds, sample_rate)
    return frames


def _zero_non_finite(output: FloatArray) -> int:
    """Sets NaN and infinite samples to 0, as lv2render writes them, and counts them. The sum
    of squares (one BLAS call, no temporary array) is finite when every sample is; samples past
    1e19 make it overflow too, and then the count finds none."""
    flat = output.reshape(-1)
    if math.isfinite(flat.dot(flat)):
        return 0
    bad = ~np.isfinite(output)
    output[bad] = 0
    return int(np.count_nonzero(bad))


_Method = TypeVar("_Method", bound=Callable[..., Any])


def serialised(method: _Method) -> _Method:
    """Runs `method` holding its object's lock: one call at a time per plugin or chain (its
    position, its buffers and its instances are one stream), while other objects' calls run
    in parallel, the GIL let go."""
    @functools.wraps(method)
    def locked(self: "_Processor", *arguments: Any, **keywords: Any) -> Any:
        with self._lock:
            return method(self, *arguments, **keywords)
    return cast(_Method, locked)


class _Processor:
    """What plugins and chains share: calling them on audio or MIDI, and closing them. Each
    object takes its calls from several threads one at a time (`serialised`)."""

    sample_rate: float = DEFAULT_SAMPLE_RATE
    block_size: int = DEFAULT_BLOCK_SIZE
    _state: Optional[_ChainState] = None
    _handle: Optional[int] = None
    _closed: bool = False
    _lock: "threading.RLock"
    # Told in a call once its instances are ready, before their first run: how an isolated
    # plugin's process lets the Python that started it tell a crash in run from one in cleanup
    # or instantiate (swiftlv2/_isolated.py).
    _instances_ready: Optional[Callable[[], None]] = None

    @property
    def midi_output(self) -> List[MIDIEvent]:
        """The MIDI the last plugin sent in the latest call, as MIDIEvents."""
        return self._state.midi_output if self._state else []

    @property
    def closed(self) -> bool:
        """Whether close() was called: the object then holds no instances and can do nothing."""
        return self._closed

    @serialised
    def close(self) -> None:
        """Frees the plugin instances now, rather than when the object is collected; using the
        object afterwards raises ClosedError. Closing again does nothing."""
        handle, self._handle = self._handle, None
        self._closed = True
        _free(handle)

    def __enter__(self: _Self) -> _Self:
        self._open_handle()
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def __del__(self) -> None:
        _free(self.__dict__.get("_handle"))

    def _description(self) -> str:
        """How the object names itself in messages."""
        raise NotImplementedError

    def _open_handle(self) -> int:
        """The chain's handle, or ClosedError once closed."""
        if self._closed or self._handle is None:
            raise ClosedError(f"{self._description()} is closed; load it again to use it.")
        return self._handle

    def _handle_for_call(self, reset: bool, input_channels: Optional[int], bpm: Optional[float],
                         side_chain_channels: int = 0) -> int:
        """The chain to run this call on, reset if the call asks for it; `input_channels` (None: as
        before) count the `side_chain_channels` at their end."""
        raise NotImplementedError

    def _new_lock(self) -> None:
        """The lock `serialised` takes; reentrant, as a call takes it again through its helpers."""
        object.__setattr__(self, "_lock", threading.RLock())

    def _mirror(self, handle: int) -> _ChainState:
        """Reads what the chain says about itself, after it is made or reset."""
        self._state = _ChainState(c.chain_input_channels(handle), c.chain_side_chain_channels(handle),
                                  c.chain_output_channels(handle),
                                  bool(c.chain_sends_midi(handle)), c.chain_position(handle))
        return self._state

    @property
    @serialised
    def latency(self) -> int:
        """The latency the plugins report, in frames; a call shifts its output back by it with
        compensate_latency=True."""
        return int(c.chain_latency(self._handle_for_call(False, None, None)))

    @serialised
    def __call__(self, source: Source = None, sample_rate: Optional[float] = None, *, sidechain: Source = None,
                 duration: Optional[float] = None, reset: bool = True, bpm: Optional[float] = None, tail: float = DEFAULT_TAIL,
                 compensate_latency: bool = False, layout: Optional[Layout] = None) -> FloatArray:
        """Processes `source` and returns the output as float32, in the layout of the input:
        (channels, frames) for (channels, frames), (frames, channels) for (frames, channels), 1-D
        for 1-D (mono) input when the output is mono; (channels, frames) for MIDI or a duration.

        source: audio, float32 or float64 (any other dtype is a TypeError), as (channels, frames),
        (frames, channels) or 1-D for mono: the shorter dimension is the channels, and when both
        are as long, `layout` ("channels_first" or "channels_last") says which. Or MIDI for an
        instrument: a list of (note, start, duration[, velocity]) tuples, of mido messages whose
        `time` is seconds, a mido MidiFile, or a MIDI file's path. MIDI times count from this
        call's start. It feeds the main inputs; side-chain inputs get silence unless `sidechain`
        is given.
        sidechain: audio for the first plugin's side-chain inputs, given as `source` is (a mono
        one feeds them all), cut or padded with silence to the call's length.
        duration: seconds to render (default: the audio's length, or the MIDI's end plus `tail`).
        reset: start from fresh instances (True), or carry on from the previous call (False), so
        that a stream processed in chunks gives the samples of one call.
        bpm: the tempo for plugins that follow the transport (at a reset; default 120, or the
        MIDI file's tempo map).
        compensate_latency: shift the output back by the latency the plugins report, rendering
        that much longer, as lv2render's --compensate-latency (with reset=True only).
        The MIDI the plugins sent is in `midi_output` afterwards; a plugin without audio outputs
        (eg-fifths) returns no channels.
        NaN and infinite output samples are returned as 0, with a NonFiniteOutputWarning.
        A long call can be interrupted: Ctrl-C raises KeyboardInterrupt after at most about
        0.1 s of audio more.
        """
        if sample_rate is not None and float(sample_rate) != self.sample_rate:
            raise InvalidValueError(f"The audio is at {sample_rate} Hz (sample_rate=) but the plugin runs at "
                                    f"{self.sample_rate:g} Hz; load it with sample_rate={sample_rate}.")
        audio, midi = None, None
        if source is not None and not isinstance(source, np.ndarray) and is_midi(source):
            midi = source
        elif source is not None:
            state = self._state
            carrying_on = not reset and state is not None and state.position > 0 and state.channels_last is not None
            stream = Stream(state.input_channels - state.side_chain_channels, bool(state.channels_last)) \
                if carrying_on and state else None
            audio = audio_of(source, "source", layout, stream)
        side = None
        if sidechain is not None:
            if audio is None:
                raise InvalidValueError("sidechain= goes with audio for the main inputs: give that audio too (source=).")
            side = audio_of(sidechain, "sidechain", "channels_last" if audio.channels_last else "channels_first", None).samples
        side_channels = 0 if side is None else side.shape[0]
        handle = self._handle_for_call(reset, 0 if audio is None else audio.samples.shape[0] + side_channels, bpm,
                                       side_channels)
        if self._instances_ready is not None:
            self._instances_ready()
        state = self._state
        assert state is not None
        state.channels_last = None if audio is None else audio.channels_last
        first_frame = state.position
        start = first_frame / self.sample_rate
        content_end = 0.0
        if midi is not None:
            content_end = self._queue_midi(handle, midi, start) - start
        if duration is not None:
            if not 0 <= float(duration) < math.inf:
                raise InvalidValueError(f"duration= must be 0 seconds or more, not {duration}.")
            frames = _frames(float(duration), self.sample_rate)
        elif audio is not None:
            frames = audio.samples.shape[1]
        elif midi is not None:
            frames = _frames(content_end + tail, self.sample_rate)
        else:
            raise InvalidValueError("Give audio or MIDI (source=), or duration=, to render.")
        samples = np.empty((0, frames), dtype=np.float32) if audio is None else audio.samples
        if side is not None:
            fitted_side = np.zeros((side.shape[0], samples.shape[1]), dtype=np.float32)
            fitted_side[:, :min(samples.shape[1], side.shape[1])] = side[:, :samples.shape[1]]
            samples = np.concatenate([samples, fitted_side])
        if samples.shape[1] != frames:
            fitted = np.zeros((samples.shape[0], frames), dtype=np.float32)
            fitted[:, :min(frames, samples.shape[1])] = samples[:, :frames]
            samples = fitted
        dropped = 0
        if compensate_latency:
            if not reset:
                raise InvalidValueError("compensate_latency= shifts a whole render: call with reset=True.")
            dropped = int(c.chain_latency(handle))
            samples = np.concatenate([samples, np.zeros((samples.shape[0], dropped), dtype=np.float32)], axis=1)
        output: FloatArray = np.empty((state.output_channels, frames + dropped), dtype=np.float32)
        piece = max(1, math.ceil(INTERRUPTIBLE_SECONDS * self.sample_rate / self.block_size)) * self.block_size
        try:
            process(handle, samples, output, frames + dropped, first_frame, piece)
        except BaseException:
            # Interrupted (Ctrl-C), the chain went as far as its last whole piece.
            state.position = int(c.chain_position(handle))
            raise
        state.position += frames + dropped
        # A whole render; a stream (reset=False) carries its notes on to the next call.
        if state.sends_midi and midi is not None and duration is None and reset:
            output = self._end_notes(handle, state, output)
            frames = output.shape[1] - dropped
        if dropped:
            output = np.ascontiguousarray(output[:, dropped:])
        if state.sends_midi:
            # By frame from this call's start, as the MIDI in is timed.
            start_frame = first_frame + dropped
            state.midi_output = [MIDIEvent(frame - start_frame, (frame - start_frame) / self.sample_rate, bytes(data))
                                 for frame, data in json.loads(c.chain_take_midi_output_json(handle))
                                 if 0 <= frame - start_frame < frames]
        non_finite = _zero_non_finite(output)
        if non_finite:
            warnings.warn(f"{self._description()} output {non_finite} sample{'s' if non_finite != 1 else ''} that "
                          f"{'are' if non_finite != 1 else 'is'} not a number (NaN or infinity); "
                          f"{'they were' if non_finite != 1 else 'it was'} returned as 0.", NonFiniteOutputWarning, stacklevel=2)
        return output if audio is None else audio.give_back(output)

    process = __call__

    def _end_notes(self, handle: int, state: _ChainState, output: FloatArray) -> FloatArray:
        """Whole MIDI, as lv2render renders it: on, in silence, while the plugin holds a note it
        sent (at most lv2render's tail cap), then a note-off for each note still held, with a
        warning. Returns the output with the frames added."""
        cap, added = _frames(c.tail_cap_seconds(), self.sample_rate), [output]
        silence = np.zeros((state.input_channels, self.block_size), dtype=np.float32)
        while c.chain_holds_notes(handle) and sum(part.shape[1] for part in added[1:]) < cap:
            part: FloatArray = np.empty((state.output_channels, self.block_size), dtype=np.float32)
            process(handle, silence, part, self.block_size, state.position, self.block_size)
            state.position += self.block_size
            added.append(part)
        sentence = c.chain_end_held_notes(handle)
        if sentence:
            warnings.warn(sentence, stacklevel=3)
        return np.concatenate(added, axis=1) if len(added) > 1 else output

    def _queue_midi(self, handle: int, midi: MIDISource, start: float) -> float:
        """Queues MIDI from `start` seconds since the reset; returns where it ends, in seconds since the reset."""
        if isinstance(midi, (str, bytes, os.PathLike)):
            end = ctypes.c_double()
            c.chain_add_midi_file(handle, encode(os.fspath(midi)), start, ctypes.byref(end))
            return end.value
        messages: List[Tuple[float, bytes]] = file_messages(midi) if type(midi).__name__ == "MidiFile" \
            else timed_messages(midi)
        if messages:
            count = len(messages)
            data = b"".join(message for _, message in messages)
            c.chain_add_midi(handle, (ctypes.c_double * count)(*[start + seconds for seconds, _ in messages]),
                             (ctypes.c_uint8 * len(data)).from_buffer_copy(data),
                             (ctypes.c_int32 * count)(*[len(message) for _, message in messages]), count)
        return start + max((seconds for seconds, _ in messages), default=0.0)
