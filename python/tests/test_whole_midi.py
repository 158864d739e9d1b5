"""A call that plays MIDI and gets MIDI back ends every note the plugin started, as lv2render's
--midi-out does: it runs on while the plugin holds a note (at most lv2render's tail cap) and ends
the notes still held then, with a warning."""

import mido
import pytest

import swiftlv2
from conftest import EG_FIFTHS


def test_a_note_never_ended_is_ended_at_the_cap() -> None:
    fifths = swiftlv2.load(EG_FIFTHS)
    with pytest.warns(UserWarning, match=rf"^{EG_FIFTHS} still held 2 notes when the render ended: "
                                         r"the MIDI output ends them with a note-off at its last frame\.$"):
        fifths([mido.Message("note_on", note=60, velocity=100, time=0.0)])
    events = fifths.midi_output
    assert [event.bytes for event in events] == [bytes([0x90, 60, 100]), bytes([0x90, 67, 100]),
                                                 bytes([0x80, 60, 0]), bytes([0x80, 67, 0])]
    # The default tail (1 s) and then the 30 s cap, in whole blocks.
    assert 31.0 <= events[-1].seconds < 31.0 + 512 / 48000


def test_notes_that_end_need_nothing_more(recwarn: pytest.WarningsRecorder) -> None:
    fifths = swiftlv2.load(EG_FIFTHS)
    fifths([(60, 0.0, 0.5, 100)])
    events = fifths.midi_output
    assert [event.bytes[0] & 0xF0 for event in events] == [0x90, 0x90, 0x80, 0x80]
    assert not recwarn.list
