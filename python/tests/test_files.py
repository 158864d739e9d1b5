"""What the package writes (write, save_state) goes through lv2render's guard: never over a file
a live plugin or chain reads (its bundle, its state, its path parameters), never over a file of
the user's in a state folder, and never an empty or partial file on a full disk."""

import concurrent.futures
import os
import shutil
import signal
import subprocess
import time

import numpy as np
import pytest

import swiftlv2
from conftest import EG_SAMPLER


@pytest.fixture
def sampler_files(tmp_path):
    """A copy of eg-sampler's bundle alone on a private LV2 path, and a sample beside it."""
    shutil.copytree("/usr/lib/lv2/eg-sampler.lv2", tmp_path / "lv2" / "eg-sampler.lv2")
    shutil.copy("/usr/lib/lv2/eg-sampler.lv2/click.wav", tmp_path / "kick.wav")
    return tmp_path


def snapshot(folder):
    """Every file under `folder` with its bytes, or where it links."""
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            files[path] = ("-> " + os.readlink(path)) if os.path.islink(path) else open(path, "rb").read()
    return files


def test_write_and_save_state_refuse_every_file_a_plugin_reads(sampler_files):
    folder = sampler_files
    sampler = swiftlv2.load(EG_SAMPLER, lv2_path=str(folder / "lv2"))
    sampler.set_parameter("sample", folder / "kick.wav")
    sampler.save_state(folder / "state")
    sampler.load_state(folder / "state")
    bundle = folder / "lv2" / "eg-sampler.lv2"
    audio = np.zeros((1, 10), dtype=np.float32)
    cases = [
        (folder / "kick.wav", f"--set sample={folder / 'kick.wav'}"),
        (bundle / "click.wav", f"the file {bundle / 'click.wav'} of the bundle of {EG_SAMPLER}"),
        (bundle / "sampler.so", f"the file {bundle / 'sampler.so'} of the bundle of {EG_SAMPLER}"),
    ]
    for read, reader in cases:
        os.link(read, folder / "out.wav")
        before = snapshot(folder)
        with pytest.raises(swiftlv2.Error) as refused:
            swiftlv2.write(folder / "out.wav", audio, 48000)
        assert str(refused.value) == f"Writing {folder / 'out.wav'} would replace {reader}, which a chain reads; name another output."
        assert snapshot(folder) == before
        os.unlink(folder / "out.wav")
    # A state saved over the one the plugin restored.
    before = snapshot(folder)
    with pytest.raises(swiftlv2.Error, match=r"^Saving the state to .*/state would replace --state .*/state, which a chain reads"):
        sampler.save_state(folder / "state")
    assert snapshot(folder) == before


def test_save_state_never_replaces_a_users_file(sampler_files):
    folder = sampler_files
    (folder / "B4").mkdir()
    shutil.copy(folder / "kick.wav", folder / "B4" / "kick.wav")
    (folder / "other").mkdir()
    shutil.copy(folder / "kick.wav", folder / "other" / "kick.wav")
    sampler = swiftlv2.load(EG_SAMPLER, lv2_path=str(folder / "lv2"))
    sampler.set_parameter("sample", folder / "other" / "kick.wav")
    before = snapshot(folder)
    with pytest.raises(swiftlv2.Error) as refused:
        sampler.save_state(folder / "B4")
    assert str(refused.value) == (f"The state folder {folder / 'B4'} holds kick.wav, which is not part of a state saved there; "
                                  "name a new or empty folder, so that no file of yours is replaced.")
    assert snapshot(folder) == before
    # A state saved before is replaced, with nothing left beside it.
    sampler.save_state(folder / "saved")
    sampler.set_parameter("sample", folder / "kick.wav")
    sampler.save_state(folder / "saved")
    assert sorted(os.listdir(folder / "saved")) == ["kick.wav", "manifest.ttl", "state.ttl"]
    assert os.readlink(folder / "saved" / "kick.wav") == "../kick.wav"
    assert not [name for name in os.listdir(folder) if ".partial-" in name]


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB tmpfs, filled; skipped where mounting is not permitted (it needs root)."""
    mount_point = tmp_path / "full"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"A small tmpfs could not be mounted ({mounted.stderr.strip()}); the full-disk cases need root.")
    try:
        with open(mount_point / "filler", "wb", buffering=0) as filler:
            try:
                while True:
                    filler.write(b"\0" * 512)
            except OSError:
                pass
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)])


def test_a_full_disk_is_an_error_and_no_file(full_disk, sampler_files):
    sampler = swiftlv2.load(EG_SAMPLER, lv2_path=str(sampler_files / "lv2"))
    with pytest.raises(swiftlv2.Error, match=r"No space left on device\)\.$"):
        swiftlv2.write(full_disk / "a.wav", np.zeros((2, 48000), dtype=np.float32), 48000)
    with pytest.raises(swiftlv2.Error, match=r"^The state of .* could not be saved to .*/st \(No space left on device\)\.$"):
        sampler.save_state(full_disk / "st")
    assert os.listdir(full_disk) == ["filler"]


def open_descriptors():
    return len(os.listdir("/proc/self/fd"))


def test_audio_names_that_are_not_utf8_pass_through_as_bytes(tmp_path):
    # As os.listdir gives such a name (a str with surrogate escapes), and as bytes.
    audio = np.array([[0.5, -0.5, 0.25]], dtype=np.float32)
    swiftlv2.write(tmp_path / os.fsdecode(b"bad\xffname.wav"), audio, 48000)
    swiftlv2.write(os.fsencode(tmp_path) + b"/other\xfe.flac", audio, 48000, format="pcm24")
    assert sorted(os.listdir(os.fsencode(tmp_path))) == [b"bad\xffname.wav", b"other\xfe.flac"]
    read, rate = swiftlv2.read(os.fsencode(tmp_path) + b"/bad\xffname.wav")
    assert rate == 48000 and np.array_equal(read, audio)
    with pytest.raises(swiftlv2.Error, match=r"^The audio file .*/missing\\xF2\.wav does not exist\.$"):
        swiftlv2.read(tmp_path / os.fsdecode(b"missing\xf2.wav"))


def test_state_sample_and_midi_names_that_are_not_utf8_pass_through_as_bytes(sampler_files):
    folder = sampler_files
    (folder / "kick.wav").rename(folder / os.fsdecode(b"kick\xfb.wav"))
    # One note, 60 at velocity 100 for 480 ticks (0.5 s at 120 bpm).
    track = bytes([0, 0x90, 60, 100, 0x83, 0x60, 0x80, 60, 0, 0, 0xFF, 0x2F, 0])
    midi = os.fsencode(folder) + b"/notes\xf8.mid"
    with open(midi, "wb") as file:
        file.write(b"MThd" + bytes([0, 0, 0, 6, 0, 0, 0, 1, 1, 0xE0]) + b"MTrk" + len(track).to_bytes(4, "big") + track)
    sampler = swiftlv2.load(EG_SAMPLER, lv2_path=str(folder / "lv2"))
    sampler.set_parameter("sample", folder / os.fsdecode(b"kick\xfb.wav"))
    played = sampler([(60, 0.0, 0.5, 100)], duration=0.3)
    assert np.abs(played).max() > 0.1
    assert np.array_equal(sampler(midi, duration=0.3), played)
    assert np.array_equal(sampler(os.fsdecode(midi), duration=0.3), played)
    sampler.save_state(os.fsencode(folder) + b"/state\xfa")
    state = os.fsencode(folder) + b"/state\xfa"
    assert sorted(os.listdir(state)) == [b"kick\xfb.wav", b"manifest.ttl", b"state.ttl"]
    # lilv resolves the alias (realpath): the link names the sample's real bytes.
    assert os.readlink(state + b"/kick\xfb.wav").endswith(b"/kick\xfb.wav")
    restored = swiftlv2.load(EG_SAMPLER, lv2_path=str(folder / "lv2"))
    restored.load_state(os.fsdecode(state))
    assert np.array_equal(restored([(60, 0.0, 0.5, 100)], duration=0.3), played)
    assert not [name for name in os.listdir(folder) if "\ufffd" in name]


def test_names_that_are_not_utf8_leave_no_descriptor_open(tmp_path, sampler_files):
    name = tmp_path / os.fsdecode(b"bad\xffname.wav")
    swiftlv2.write(name, np.zeros((1, 10), dtype=np.float32), 48000)
    sampler = swiftlv2.load(EG_SAMPLER, lv2_path=str(sampler_files / "lv2"))
    (sampler_files / "kick.wav").rename(sampler_files / os.fsdecode(b"kick\xfb.wav"))
    sample = sampler_files / os.fsdecode(b"kick\xfb.wav")
    sampler.set_parameter("sample", sample)
    before = open_descriptors()
    for _ in range(10_000):
        swiftlv2.read(name)
    for _ in range(1_000):
        swiftlv2.write(name, np.zeros((1, 10), dtype=np.float32), 48000)
        sampler.set_parameter("sample", sample)
    assert open_descriptors() == before
    # Threads reading one name at once share its descriptor, closed when the last call ends.
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert all(pool.map(lambda _: swiftlv2.read(name)[1] == 48000, range(4000)))
    assert open_descriptors() == before


def test_threads_reading_and_writing_at_once_each_get_their_own_samples(tmp_path):
    # The channel pointers handed to the library must live through the call: freed early, another
    # thread reused their memory and the copy wrote through garbage (a segfault in CI).
    def round_trip(index: int) -> bool:
        audio = np.full((2, 64), index, dtype=np.float32)
        audio[1] *= -1
        swiftlv2.write(tmp_path / f"{index % 8}-{index}.wav", audio, 48000)
        read, _ = swiftlv2.read(tmp_path / f"{index % 8}-{index}.wav")
        os.remove(tmp_path / f"{index % 8}-{index}.wav")
        return np.array_equal(read, audio)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert all(pool.map(round_trip, range(6000)))


def test_ctrl_c_stays_a_keyboard_interrupt_after_a_write(tmp_path):
    # A write sets up the removal of its partial file on a signal, but leaves alone the signals
    # Python handles itself.
    swiftlv2.write(tmp_path / "a.wav", np.zeros((1, 10), dtype=np.float32), 48000)
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
