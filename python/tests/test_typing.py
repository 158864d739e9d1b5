"""The package is typed: `mypy --strict` finds nothing in it, in its examples, or in the tests
that use it as a typed user would (these files and conftest)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE_SOURCE = Path(__file__).resolve().parents[1]
TYPED = ["swiftlv2", "examples", "tests/conftest.py", "tests/test_input.py", "tests/test_errors.py",
         "tests/test_resources.py", "tests/test_typing.py"]
# mypy is no Debian package the tests install: it goes into a virtualenv of its own, made once.
MYPY_VENV = PACKAGE_SOURCE.parent / ".build" / "mypy-venv"


def mypy_python() -> str:
    """A Python with mypy and this one's packages (numpy, pytest): this one if it has mypy, else
    the virtualenv, made with `pip install mypy` (skips the test when that fails, offline)."""
    if subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True).returncode == 0:
        return sys.executable
    python = MYPY_VENV / "bin" / "python"
    if not python.exists() or subprocess.run([str(python), "-m", "mypy", "--version"], capture_output=True).returncode != 0:
        made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(MYPY_VENV)], capture_output=True, text=True)
        installed = made.returncode == 0 and subprocess.run([str(python), "-m", "pip", "install", "-q", "mypy"],
                                                            capture_output=True, text=True).returncode == 0
        if not installed:
            pytest.skip("mypy could not be installed (pip install mypy failed: no network?), so the types were not checked.")
    return str(python)


def test_mypy_strict_finds_nothing() -> None:
    checked = subprocess.run([mypy_python(), "-m", "mypy", "--strict", "--cache-dir", "/dev/null", *TYPED],
                             capture_output=True, text=True, cwd=PACKAGE_SOURCE)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("Success: no issues found")
    assert (PACKAGE_SOURCE / "swiftlv2" / "py.typed").exists()
