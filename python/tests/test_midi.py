"""Instruments and MIDI effects: notes, mido messages and MIDI files give the same samples;
MIDI a plugin sends comes back as events."""

import mido
import numpy as np

import swiftlv2
from conftest import EG_FIFTHS, EG_SAMPLER, SETBFREE, SYNTH, assert_same_sound, render_with_lv2render

NOTES = [(60, 0.0, 0.4, 90), (67, 0.3, 0.5)]


def as_messages(notes):
    messages = []
    for note, start, duration, *velocity in notes:
        messages.append(mido.Message("note_on", note=note, velocity=(velocity or [100])[0], time=start))
        messages.append(mido.Message("note_off", note=note, velocity=0, time=start + duration))
    return messages


def write_midi_file(path, notes, bpm=120):
    """A type-0 file at `bpm` with the notes (times in seconds, on a 480-tick grid)."""
    ticks_per_second = 480 * bpm / 60
    events = []
    for note, start, duration, *velocity in notes:
        events.append((round(start * ticks_per_second), mido.Message("note_on", note=note, velocity=(velocity or [100])[0])))
        events.append((round((start + duration) * ticks_per_second), mido.Message("note_off", note=note, velocity=0)))
    track, now = mido.MidiTrack([mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(bpm))]), 0
    for tick, message in sorted(events, key=lambda event: event[0]):
        track.append(message.copy(time=tick - now))
        now = tick
    mido.MidiFile(tracks=[track], ticks_per_beat=480, type=0).save(path)


def test_notes_mido_messages_and_midi_files_play_alike(tmp_path):
    synth = swiftlv2.load(SYNTH)
    from_notes = synth(NOTES, duration=1.0)
    assert_same_sound(synth(as_messages(NOTES), duration=1.0), from_notes)
    write_midi_file(tmp_path / "notes.mid", NOTES)
    from_path = synth(tmp_path / "notes.mid", duration=1.0)
    assert_same_sound(from_path, from_notes)
    assert_same_sound(synth(mido.MidiFile(tmp_path / "notes.mid"), duration=1.0), from_notes)
    assert_same_sound(from_path, render_with_lv2render(tmp_path, SYNTH, "--midi", tmp_path / "notes.mid", "--duration", 1.0))


def test_without_a_duration_the_render_lasts_to_the_last_event_and_a_tail():
    synth = swiftlv2.load(SYNTH)
    assert synth(NOTES).shape == (1, round((0.8 + 1.0) * 48000))
    assert synth(NOTES, tail=0.25).shape == (1, round((0.8 + 0.25) * 48000))


def test_third_party_instrument_plays_each_note():
    sampler = swiftlv2.load(EG_SAMPLER)
    audio = sampler([(60, 0.25, 0.1), (60, 0.75, 0.1)], duration=1.0)[0]
    onsets = np.flatnonzero(np.abs(audio) > 1e-3)
    assert onsets[0] == 12000
    assert np.abs(audio[36000:36100]).max() > 1e-3


def test_midi_out_comes_back_as_events():
    fifths = swiftlv2.load(EG_FIFTHS)
    assert fifths([(60, 0.0, 0.5, 100)], duration=1.0).shape == (0, 48000)
    events = fifths.midi_output
    notes = [(event.frame, event.bytes[0] & 0xF0, event.bytes[1]) for event in events]
    assert notes == [(0, 0x90, 60), (0, 0x90, 67), (24000, 0x80, 60), (24000, 0x80, 67)]
    assert events[2].seconds == 0.5


def test_setbfree_plays_a_chord_at_lv2renders_level(tmp_path):
    # setBfree is not deterministic from one process to the next (lv2render's own renders of it
    # differ), so the Python path is compared by what is heard: silence, then the chord at
    # lv2render's level.
    organ = swiftlv2.load(SETBFREE)
    audio = organ([(60, 0.1, 0.5), (64, 0.1, 0.5)], duration=1.0)
    expected = render_with_lv2render(tmp_path, SETBFREE, "--notes", "60@0.1:0.5,64@0.1:0.5", "--duration", 1.0)
    assert audio.shape == expected.shape
    assert np.abs(audio[:, :4000]).max() < 1e-6 < 0.05 < np.abs(audio[:, 6000:20000]).max()

    def level(samples):
        return 20 * np.log10(np.sqrt(np.mean(samples[:, 6000:28000].astype(np.float64) ** 2)))

    assert abs(level(audio) - level(expected)) < 0.5
