"""`pip install ./python` (after `make`) gives a package that works in a virtualenv, away from
the repository and without a Swift toolchain: the library inside it needs only system libraries."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE_SOURCE = Path(__file__).parent.parent


def test_pip_install_into_a_virtualenv_works_without_the_toolchain(tmp_path):
    # A copy, so that the build leaves nothing in the working tree.
    source = tmp_path / "python"
    shutil.copytree(PACKAGE_SOURCE, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__"))
    venv = tmp_path / "venv"
    # The system's numpy and setuptools, and no index: the test needs no network.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--no-build-isolation", str(source)],
                         capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr

    script = ("import numpy, swiftlv2; amp = swiftlv2.load('http://lv2plug.in/plugins/eg-amp'); amp.gain = -6; "
              "print(swiftlv2.__file__); print(float(amp(numpy.ones(1000, numpy.float32))[999]))")
    run = subprocess.run([str(venv / "bin" / "python"), "-c", script], capture_output=True, text=True, cwd=tmp_path,
                         env={"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root")})
    assert run.returncode == 0, run.stderr
    location, level = run.stdout.split()
    assert location.startswith(str(venv))
    assert abs(float(level) - 10 ** (-6 / 20)) < 1e-6

    library = next(venv.glob("lib/python3*/site-packages/swiftlv2/libswiftlv2host.so"))
    dependencies = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=True).stdout
    assert "swift" not in dependencies.lower(), dependencies


def test_the_source_package_refuses_to_build_without_its_library(tmp_path):
    source = tmp_path / "python"
    shutil.copytree(PACKAGE_SOURCE, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__",
                                                                        "libswiftlv2host.so"))
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp_path / "venv")], check=True)
    pip = subprocess.run([str(tmp_path / "venv" / "bin" / "pip"), "install", "--no-index", "--no-build-isolation", str(source)],
                         capture_output=True, text=True)
    assert pip.returncode != 0
    sentence = (f"swiftlv2 cannot be built without its library {source}/swiftlv2/libswiftlv2host.so, which `make python` "
                "builds in a SwiftLV2 clone; run it first, or install the wheel `make wheel` makes.")
    assert sentence in pip.stdout + pip.stderr
