"""What plugins and chains share: a call on numpy audio or MIDI, as pedalboard's plugins are called."""

import ctypes
import json
import math
import os
import warnings

import numpy as np

from ._library import c, encode, process
from .midi import MIDIEvent, file_messages, is_midi, timed_messages

DEFAULT_SAMPLE_RATE = 48000
# lv2render's default block length: the Python path gives its samples.
DEFAULT_BLOCK_SIZE = 512
# Seconds rendered after the last MIDI event when no duration is given.
DEFAULT_TAIL = 1.0


class _ChainState:
    """What a chain says about itself, kept from one reset to the next: a stream of short calls
    then costs one foreign call each."""
    __slots__ = ("input_channels", "output_channels", "sends_midi", "position", "midi_output")

    def __init__(self, input_channels, output_channels, sends_midi, position):
        self.input_channels, self.output_channels, self.sends_midi = input_channels, output_channels, sends_midi
        self.position = position
        self.midi_output = []


def _free(handle):
    """Frees a chain; at interpreter exit the library may already be gone, and then it does not matter."""
    try:
        if handle:
            c.chain_free(handle)
    except Exception:
        pass


def _frames(seconds, sample_rate):
    """The frame count for `seconds`, rounded half away from zero as lv2render rounds it."""
    value = seconds * sample_rate
    whole = math.floor(value)
    return int(whole + (1 if value - whole >= 0.5 else 0))


class _Processor:
    """What plugins and chains share: calling them on audio or MIDI."""

    sample_rate = DEFAULT_SAMPLE_RATE
    block_size = DEFAULT_BLOCK_SIZE
    _state = None

    @property
    def midi_output(self):
        """The MIDI the last plugin sent in the latest call, as MIDIEvents."""
        return self._state.midi_output if self._state else []

    def _handle_for_call(self, reset, input_channels, bpm):
        """The chain to run this call on, reset if the call asks for it."""
        raise NotImplementedError

    def _mirror(self, handle):
        """Reads what the chain says about itself, after it is made or reset."""
        self._state = _ChainState(c.chain_input_channels(handle), c.chain_output_channels(handle),
                                  bool(c.chain_sends_midi(handle)), c.chain_position(handle))

    @property
    def latency(self):
        """The latency the plugins report, in frames; a call shifts its output back by it with
        compensate_latency=True."""
        return c.chain_latency(self._handle_for_call(False, None, None))

    def __call__(self, source=None, sample_rate=None, *, duration=None, reset=True, bpm=None, tail=DEFAULT_TAIL,
                 compensate_latency=False):
        """Processes `source` and returns the output as float32 (channels, frames), 1-D when a
        1-D (mono) input gives one output channel.

        source: audio as numpy (channels, frames) or 1-D for mono; or MIDI for an instrument: a
        list of (note, start, duration[, velocity]) tuples, of mido messages whose `time` is
        seconds, a mido MidiFile, or a MIDI file's path. MIDI times count from this call's start.
        duration: seconds to render (default: the audio's length, or the MIDI's end plus `tail`).
        reset: start from fresh instances (True), or carry on from the previous call (False), so
        that a stream processed in chunks gives the samples of one call.
        bpm: the tempo for plugins that follow the transport (at a reset; default 120, or the
        MIDI file's tempo map).
        compensate_latency: shift the output back by the latency the plugins report, rendering
        that much longer, as lv2render's --compensate-latency (with reset=True only).
        A plugin that sends MIDI and has no audio output returns its MIDI events instead.
        """
        if sample_rate is not None and float(sample_rate) != self.sample_rate:
            raise ValueError(f"The audio is at {sample_rate} Hz but the plugin runs at {self.sample_rate:g} Hz; "
                             f"load it with sample_rate={sample_rate}.")
        audio, midi, mono = None, None, False
        if source is not None and not isinstance(source, np.ndarray) and is_midi(source):
            midi = source
        elif source is not None:
            audio = np.asarray(source, dtype=np.float32)
            if audio.ndim == 1:
                mono, audio = True, audio[np.newaxis, :]
            if audio.ndim != 2:
                raise ValueError(f"Audio is (channels, frames), or 1-D for mono, not an array of shape {audio.shape}.")
            audio = np.ascontiguousarray(audio)
        handle = self._handle_for_call(reset, 0 if audio is None else audio.shape[0], bpm)
        state = self._state
        first_frame = state.position
        start = first_frame / self.sample_rate
        content_end = 0.0
        if midi is not None:
            content_end = self._queue_midi(handle, midi, start) - start
        if duration is not None:
            if not 0 <= float(duration) < math.inf:
                raise ValueError(f"The duration must be 0 seconds or more, not {duration}.")
            frames = _frames(float(duration), self.sample_rate)
        elif audio is not None:
            frames = audio.shape[1]
        elif midi is not None:
            frames = _frames(content_end + tail, self.sample_rate)
        else:
            raise ValueError("Give audio, MIDI or a duration to render.")
        if audio is None:
            audio = np.empty((0, frames), dtype=np.float32)
        elif audio.shape[1] != frames:
            fitted = np.zeros((audio.shape[0], frames), dtype=np.float32)
            fitted[:, :min(frames, audio.shape[1])] = audio[:, :frames]
            audio = fitted
        dropped = 0
        if compensate_latency:
            if not reset:
                raise ValueError("compensate_latency= shifts a whole render: call with reset=True.")
            dropped = c.chain_latency(handle)
            audio = np.concatenate([audio, np.zeros((audio.shape[0], dropped), dtype=np.float32)], axis=1)
        output = np.empty((state.output_channels, frames + dropped), dtype=np.float32)
        process(handle, audio, output, frames + dropped)
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
        if output.shape[0] == 0:
            return state.midi_output
        return output[0] if mono and output.shape[0] == 1 else output

    process = __call__

    def _end_notes(self, handle, state, output):
        """Whole MIDI, as lv2render renders it: on, in silence, while the plugin holds a note it
        sent (at most lv2render's tail cap), then a note-off for each note still held, with a
        warning. Returns the output with the frames added."""
        cap, added = _frames(c.tail_cap_seconds(), self.sample_rate), [output]
        silence = np.zeros((state.input_channels, self.block_size), dtype=np.float32)
        while c.chain_holds_notes(handle) and sum(part.shape[1] for part in added[1:]) < cap:
            part = np.empty((state.output_channels, self.block_size), dtype=np.float32)
            process(handle, silence, part, self.block_size)
            state.position += self.block_size
            added.append(part)
        sentence = c.chain_end_held_notes(handle)
        if sentence:
            warnings.warn(sentence, stacklevel=3)
        return np.concatenate(added, axis=1) if len(added) > 1 else output

    def _queue_midi(self, handle, midi, start):
        """Queues MIDI from `start` seconds since the reset; returns where it ends, in seconds since the reset."""
        if isinstance(midi, (str, os.PathLike)):
            end = ctypes.c_double()
            c.chain_add_midi_file(handle, encode(os.fspath(midi)), start, ctypes.byref(end))
            return end.value
        messages = file_messages(midi) if type(midi).__name__ == "MidiFile" else timed_messages(midi)
        if messages:
            count = len(messages)
            data = b"".join(message for _, message in messages)
            c.chain_add_midi(handle, (ctypes.c_double * count)(*[start + seconds for seconds, _ in messages]),
                             (ctypes.c_uint8 * len(data)).from_buffer_copy(data),
                             (ctypes.c_int32 * count)(*[len(message) for _, message in messages]), count)
        return start + max((seconds for seconds, _ in messages), default=0.0)
