"""examples/render_folder.py renders a folder on Dask (a LocalCluster of two worker processes)
exactly as its serial loop does."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

import swiftlv2
from conftest import assert_same_sound, noise

EXAMPLE = Path(__file__).parent.parent / "examples" / "render_folder.py"


def run_example(*arguments):
    finished = subprocess.run([sys.executable, str(EXAMPLE), *map(str, arguments)], capture_output=True, text=True,
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
