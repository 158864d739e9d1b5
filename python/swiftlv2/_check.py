"""`lv2render check` from Python."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, Optional, Sequence

from .errors import Error, NotFoundError


def _lv2render() -> str:
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
    raise NotFoundError("lv2render was not found on the PATH; install it (make install) or set SWIFTLV2_LV2RENDER.")


def check(uri: str, quick: bool = True, only: Optional[Sequence[str]] = None, seed: int = 1,
          timeout: Optional[float] = None) -> Dict[str, Any]:
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
    report: Dict[str, Any] = json.loads(finished.stdout)
    return report
