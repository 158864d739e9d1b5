"""MIDI for instruments: notes, mido messages or a MIDI file, turned into timed messages."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Iterable, List, Tuple, Union

from ._library import FileName
from .errors import InvalidValueError

DEFAULT_VELOCITY = 100  # as lv2render's --notes

# A note: (note, start, duration) or (note, start, duration, velocity), in seconds.
Note = Union[Tuple[int, float, float], Tuple[int, float, float, int]]
# MIDI for an instrument: a MIDI file's path, or notes, mido messages or a mido MidiFile (mido has no types).
MIDISource = Union[FileName, Iterable[Any]]


@dataclass(frozen=True)
class MIDIEvent:
    """A MIDI message a plugin sent: its frame and time since the start, and its bytes."""
    frame: int
    seconds: float
    bytes: bytes


def is_midi(value: object) -> bool:
    """Whether `value` is MIDI rather than audio: a file name, a mido MidiFile, or a list of
    notes or messages."""
    if isinstance(value, (str, bytes, os.PathLike)):
        return True
    if type(value).__name__ == "MidiFile":
        return True
    return isinstance(value, (list, tuple)) and (len(value) == 0 or _is_event(value[0]))


def _is_event(item: object) -> bool:
    return isinstance(item, tuple) or hasattr(item, "bytes")


def timed_messages(events: Iterable[Any]) -> List[Tuple[float, bytes]]:
    """(seconds, bytes) for notes as (note, start, duration[, velocity]) tuples (on channel 1,
    as lv2render's --notes) and mido messages whose `time` is seconds from the start."""
    messages: List[Tuple[float, bytes]] = []
    for event in events:
        if isinstance(event, tuple):
            if len(event) not in (3, 4):
                raise InvalidValueError(f"A note is (note, start, duration) or (note, start, duration, velocity), not {event!r}.")
            note, start, duration = int(event[0]), float(event[1]), float(event[2])
            velocity = int(event[3]) if len(event) == 4 else DEFAULT_VELOCITY
            if not 0 <= note <= 127:
                raise InvalidValueError(f"The note {event!r} has note number {note}; it must be 0 to 127.")
            if not 1 <= velocity <= 127:
                raise InvalidValueError(f"The note {event!r} has velocity {velocity}; it must be 1 to 127.")
            if not (start >= 0 and duration > 0):
                raise InvalidValueError(f"The note {event!r} must start at 0 or later and last more than 0 seconds.")
            messages.append((start, bytes([0x90, note, velocity])))
            messages.append((start + duration, bytes([0x80, note, 0])))
        else:
            if getattr(event, "is_meta", False):
                continue
            messages.append((float(event.time), bytes(event.bytes())))
    return messages


def file_messages(midi_file: Iterable[Any]) -> List[Tuple[float, bytes]]:
    """(seconds, bytes) for a mido MidiFile played from the start (its tempo map applied)."""
    messages: List[Tuple[float, bytes]] = []
    now = 0.0
    for message in midi_file:
        now += message.time
        if not message.is_meta:
            messages.append((now, bytes(message.bytes())))
    return messages
