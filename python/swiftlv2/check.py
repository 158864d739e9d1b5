"""`lv2render check` from Python."""

import json
import os
import shutil
import subprocess
from pathlib import Path

from ._library import Error


def _lv2render():
    """lv2render: $SWIFTLV2_LV2RENDER, else on the PATH, else the repository's build beside this package."""
    if os.environ.get("SWIFTLV2_LV2RENDER"):
        return os.environ["SWIFTLV2_LV2RENDER"]
    found = shutil.which("lv2render")
    if found:
        return found
    repository = Path(__file__).resolve().parent.parent.parent
    for build in ("release", "debug"):
        candidate = repository / ".build" / build / "lv2render"
        if candidate.exists():
            return str(candidate)
    raise Error("lv2render was not found on the PATH; install it (make install) or set SWIFTLV2_LV2RENDER.")


def check(uri, quick=True, only=None, seed=1, timeout=None):
    """Runs `lv2render check --json` on the plugin `uri` and returns its report as a dict
    (`results` holds one entry per check). A plugin that fails checks is a report, not an
    exception; an unknown URI raises `Error` with lv2render's message."""
    command = [_lv2render(), "check", uri, "--json", "--seed", str(seed)]
    if quick:
        command.append("--quick")
    if timeout is not None:
        command += ["--timeout", str(timeout)]
    if only:
        command += ["--only", *only]
    finished = subprocess.run(command, capture_output=True, text=True)
    if finished.returncode not in (0, 1) or not finished.stdout.strip():
        message = finished.stderr.strip().splitlines()
        raise Error(message[-1].removeprefix("Error: ") if message else f"lv2render check exited with status {finished.returncode}.")
    return json.loads(finished.stdout)
