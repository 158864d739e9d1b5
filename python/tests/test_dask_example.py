"""examples/render_folder.py renders a folder on Dask (a LocalCluster of two worker processes)
exactly as its serial loop does; examples/isolated_folder.py loses only the file its plugin
crashes on, on Dask as in a loop."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

import swiftlv2
from conftest import assert_same_sound, noise
from misbehaving import CRASH_FRAME, CRASHES_IN_RUN, LEVEL, build_misbehaving

EXAMPLE = Path(__file__).parent.parent / "examples" / "render_folder.py"


def run_example(*arguments, example=EXAMPLE):
    finished = subprocess.run([sys.executable, str(example), *map(str, arguments)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(Path(swiftlv2.__file__).parent.parent)})
    assert finished.returncode == 0, finished.stderr
    return json.loads(finished.stdout)


def test_dask_renders_the_folder_as_the_serial_loop_does(tmp_path):
    inputs = tmp_path / "in"
    inputs.mkdir()
    for index in range(6):
        swiftlv2.write(inputs / f"take{index}.wav", noise(2, 48000 + 1000 * index, seed=index), 48000)
    serial = run_example(inputs, tmp_path / "serial", "--seed", 42)
    on_dask = run_example(inputs, tmp_path / "dask", "--seed", 42, "--dask")
    assert serial == on_dask
    assert len({settings["preset"] for settings in serial.values()}) > 1
    for index in range(6):
        a, _ = swiftlv2.read(tmp_path / "serial" / f"take{index}.wav")
        b, _ = swiftlv2.read(tmp_path / "dask" / f"take{index}.wav")
        assert a.shape == (2, 48000 + 1000 * index)
        assert_same_sound(a, b)


ISOLATED_EXAMPLE = Path(__file__).parent.parent / "examples" / "isolated_folder.py"


def test_a_plugin_crashing_on_dask_loses_its_file_not_the_worker(tmp_path):
    lv2 = build_misbehaving(tmp_path / "lv2")
    inputs = tmp_path / "in"
    inputs.mkdir()
    # The plugin crashes at frame CRASH_FRAME: on the long file only.
    lengths = {"a": 500, "b": 2 * CRASH_FRAME, "c": 700, "d": 900}
    for name, frames in lengths.items():
        swiftlv2.write(inputs / f"{name}.wav", noise(1, frames, seed=frames), 48000)
    for extra in ([], ["--dask"]):
        outcome = run_example(CRASHES_IN_RUN, inputs, tmp_path / "out", "--lv2-path", lv2, *extra, example=ISOLATED_EXAMPLE)
        assert outcome == {"files": {"a.wav": "rendered", "c.wav": "rendered", "d.wav": "rendered",
                                     "b.wav": f"The plugin {CRASHES_IN_RUN} crashed in run (a call with "
                                              "reset=True, from frame 0) with "
                                              "SIGSEGV (Segmentation fault); its process was ended, and the plugin "
                                              "starts afresh, set up as it was, at its next use."},
                           "workers_lost": 0}
        assert not (tmp_path / "out" / "b.wav").exists()
        for name in "acd":
            rendered, _ = swiftlv2.read(tmp_path / "out" / f"{name}.wav")
            source, _ = swiftlv2.read(inputs / f"{name}.wav")
            assert_same_sound(rendered, source + LEVEL)
