"""What the package writes (write, save_state) goes through lv2render's guard: never over a file
a live plugin or chain reads (its bundle, its state, its path parameters), never over a file of
the user's in a state folder, and never an empty or partial file on a full disk."""

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


def test_a_name_that_is_not_utf8_is_refused_not_renamed(tmp_path):
    name = tmp_path / os.fsdecode(b"bad\xffname.wav")
    with pytest.raises(swiftlv2.Error, match=r"^The audio file name .*/bad\\xFFname\.wav is not UTF-8, which SwiftLV2 needs"):
        swiftlv2.write(name, np.zeros((1, 10), dtype=np.float32), 48000)
    assert os.listdir(tmp_path) == []


def test_ctrl_c_stays_a_keyboard_interrupt_after_a_write(tmp_path):
    # A write sets up the removal of its partial file on a signal, but leaves alone the signals
    # Python handles itself.
    swiftlv2.write(tmp_path / "a.wav", np.zeros((1, 10), dtype=np.float32), 48000)
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
