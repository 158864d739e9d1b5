"""`make wheel` builds a wheel that installs where Python users are: its tag is the one
auditwheel finds, it carries what it needs, and installed by exactly the commands python/README.md
gives, into a fresh virtualenv under `env -i` (no Swift toolchain, no checkout, no SwiftLV2
variable), the README's first snippet runs exactly as written."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import swiftlv2

REPOSITORY = Path(__file__).resolve().parents[2]
README = REPOSITORY / "python" / "README.md"
AUDITWHEEL = REPOSITORY / ".build-wheel" / "venv" / "bin" / "auditwheel"


def built_wheel() -> Path:
    wheels = sorted((REPOSITORY / "dist").glob("swiftlv2-*.whl"))
    assert len(wheels) == 1, f"`make wheel` makes one wheel in dist/, not {[wheel.name for wheel in wheels]}"
    return wheels[0]


def test_the_wheels_tag_and_contents_are_what_auditwheel_reports() -> None:
    wheel = built_wheel()
    shown = subprocess.run([str(AUDITWHEEL), "show", str(wheel)], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    tag = re.search(r'consistent with the\s+following platform tag:\s+"([^"]+)"', shown.stdout)
    assert tag and wheel.name == f"swiftlv2-{swiftlv2.__version__}-py3-none-{tag.group(1)}.whl", shown.stdout
    assert tag.group(1).startswith("manylinux_2_")
    names = zipfile.ZipFile(wheel).namelist()
    for carried in ["swiftlv2/libswiftlv2host.so", "swiftlv2/py.typed", "swiftlv2/swiftlv2.lv2/manifest.ttl",
                    "swiftlv2/swiftlv2.lv2/swiftlv2.so", "swiftlv2/swiftlv2.lv2/sine-synth.ttl"]:
        assert carried in names
    vendored = {Path(name).name.split("-")[0] for name in names if name.startswith("swiftlv2.libs/")}
    assert {"liblilv", "libserd", "libsord", "libsratom", "libsndfile", "libsamplerate"} <= vendored, vendored


def test_the_readmes_first_snippet_runs_after_exactly_the_documented_install(tmp_path: Path) -> None:
    text = README.read_text()
    snippet = re.search(r"```python\n(.*?)```", text, re.S)
    install = re.search(r"```sh\nmake wheel\n(.*?)```", text, re.S)
    assert snippet and install
    # Away from the checkout: a folder with the wheel as `make wheel` left it, and a shell with
    # nothing of ours in its environment (no Swift toolchain on the PATH, no SWIFTLV2_*).
    (tmp_path / "dist").mkdir()
    shutil.copy(built_wheel(), tmp_path / "dist")
    script = install.group(1) + "python - <<'SNIPPET'\n" + snippet.group(1) + "SNIPPET\n"
    run = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", f"HOME={tmp_path}", "bash", "-euc", script],
                         capture_output=True, text=True, cwd=tmp_path)
    if run.returncode != 0 and re.search(r"No matching distribution found for numpy|NewConnectionError|Network is unreachable",
                                         run.stdout + run.stderr):
        pytest.skip("pip could not reach PyPI for numpy, so the wheel was not installed: " + run.stderr.strip()[-200:])
    assert run.returncode == 0, run.stdout + run.stderr
    audio, rate = swiftlv2.read(tmp_path / "radio.wav")
    assert rate == 48000 and audio.shape == (2, 96000) and abs(audio).max() > 0.1
    # Installed LV2 plugins are found on the usual path too.
    found = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c",
                            "import swiftlv2; print(len(swiftlv2.plugins()), swiftlv2.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    count, location = found.stdout.split()
    assert location.startswith(str(tmp_path / "venv"))
    assert int(count) == len(swiftlv2.plugins(lv2_path=None)), found.stderr
    # An isolated plugin's process starts from the installed package too, with the same samples.
    isolated = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c",
                               "import swiftlv2, numpy\n"
                               "play = lambda isolate: swiftlv2.load('urn:swiftlv2:sine-synth', isolate=isolate)([(69, 0, 0.5)])\n"
                               "print(numpy.array_equal(play(True), play(False)))"],
                              capture_output=True, text=True, cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert isolated.stdout == "True\n", isolated.stderr
