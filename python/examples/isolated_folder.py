#!/usr/bin/env python3
"""Renders every audio file of a folder through one plugin run in a process of its own
(`isolate=True`), so that a plugin that crashes on some file loses that file only: its result
is the crash's sentence, and the loop, the Dask worker and the other files go on. On Dask
(`--dask`, a LocalCluster of two worker processes) no worker is lost either.

    python3 isolated_folder.py PLUGIN INPUT_DIR OUTPUT_DIR [--lv2-path DIR] [--timeout S] [--dask]

It writes OUTPUT_DIR/NAME.wav (float32) for each INPUT_DIR/NAME.* it could render, and prints,
as JSON, each file's outcome ("rendered", or the crash) and how many Dask workers were lost.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import swiftlv2


def render_file(path: str, output_dir: str, plugin_uri: str, lv2_path: Optional[str],
                timeout: float) -> Tuple[str, str]:
    """Renders one file through a fresh isolated plugin; returns its name and its outcome."""
    audio, rate = swiftlv2.read(path)
    with swiftlv2.load(plugin_uri, sample_rate=rate, lv2_path=lv2_path, isolate=True, timeout=timeout) as plugin:
        try:
            output = plugin(audio)
        except swiftlv2.PluginCrashed as crash:
            return Path(path).name, str(crash)
    swiftlv2.write(Path(output_dir) / (Path(path).stem + ".wav"), output, rate)
    return Path(path).name, "rendered"


def render_on_dask(paths: List[str], output_dir: str, options: Dict[str, Any]) -> Tuple[List[Tuple[str, str]], int]:
    """The files rendered on a LocalCluster; also how many of its worker processes were lost."""
    from distributed import Client, LocalCluster
    # distributed's own functions carry no annotations.
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                      dashboard_address=None) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        workers = client.run(os.getpid)
        futures = client.map(render_file, paths, output_dir=output_dir, pure=False, **options)
        results: List[Tuple[str, str]] = client.gather(futures)
        after = client.run(os.getpid)
    return results, sum(1 for address, pid in workers.items() if after.get(address) != pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("plugin")
    parser.add_argument("input_dir", type=Path)
    parser.add_argument("output_dir", type=Path)
    parser.add_argument("--lv2-path", help="the folders to find the plugin in (default: the LV2 path)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a file may take (default 60)")
    parser.add_argument("--dask", action="store_true", help="render on a LocalCluster of two worker processes")
    arguments = parser.parse_args()
    paths = sorted(str(path) for path in arguments.input_dir.iterdir() if path.is_file())
    arguments.output_dir.mkdir(parents=True, exist_ok=True)
    options = {"plugin_uri": arguments.plugin, "lv2_path": arguments.lv2_path, "timeout": arguments.timeout}
    lost = 0
    if arguments.dask:
        results, lost = render_on_dask(paths, str(arguments.output_dir), options)
    else:
        results = [render_file(path, str(arguments.output_dir), **options) for path in paths]
    print(json.dumps({"files": dict(results), "workers_lost": lost}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
