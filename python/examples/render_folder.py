#!/usr/bin/env python3
"""Renders every audio file of a folder through a chain (eg-amp, then SwiftLV2's rate adapter)
with random settings per file, seeded by the file's name, so that a run can be repeated and
any file's settings found again. Each file goes through its own fresh chain, so the order and
the machine do not matter: on Dask (`--dask`, a LocalCluster of two worker processes here; point
`Client` at a real cluster to go further) the output is identical to the serial loop.

    python3 render_folder.py INPUT_DIR OUTPUT_DIR [--seed N] [--dask]

It writes OUTPUT_DIR/NAME.wav (float32) for each INPUT_DIR/NAME.* and prints each file's settings.
"""

from __future__ import annotations

import argparse
import json
import zlib
from pathlib import Path
from typing import Any, Dict, List, Tuple, Union

import numpy as np

import swiftlv2

AMP = "http://lv2plug.in/plugins/eg-amp"
RATE_ADAPTER = "urn:swiftlv2:rate-adapter"
PRESETS = ["Telephone", "AM radio", "Vintage sampler 26 kHz", "Retro 12 kHz crunch"]

Settings = Dict[str, Union[float, str]]


def settings_for(name: str, seed: int) -> Settings:
    """The settings of one file: drawn from a generator seeded by the run's seed and the name."""
    rng = np.random.default_rng([seed, zlib.crc32(name.encode())])
    return {"gain": round(float(rng.uniform(-12, 0)), 2), "preset": str(rng.choice(PRESETS)),
            "mix": round(float(rng.uniform(0.3, 1)), 2)}


def render_file(path: Union[str, Path], output_dir: str, seed: int) -> Tuple[str, Settings]:
    """Renders one file; returns its name and settings."""
    path = Path(path)
    settings = settings_for(path.name, seed)
    audio, rate = swiftlv2.read(path)
    amp, adapter = swiftlv2.load(AMP, sample_rate=rate), swiftlv2.load(RATE_ADAPTER, sample_rate=rate)
    amp.gain = settings["gain"]
    adapter.load_preset(str(settings["preset"]))
    adapter.mix = settings["mix"]
    # eg-amp is mono: each channel goes through the chain on its own.
    chain = swiftlv2.Chain([amp, adapter])
    output = np.concatenate([chain(channel)[:1] for channel in audio])
    swiftlv2.write(Path(output_dir) / (path.stem + ".wav"), output, rate)
    return path.name, settings


def render_serial(paths: List[str], output_dir: str, seed: int) -> List[Tuple[str, Settings]]:
    return [render_file(path, output_dir, seed) for path in paths]


def render_on_dask(paths: List[str], output_dir: str, seed: int, client: Any) -> List[Tuple[str, Settings]]:
    futures = client.map(render_file, paths, output_dir=output_dir, seed=seed, pure=False)
    results: List[Tuple[str, Settings]] = client.gather(futures)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("input_dir", type=Path)
    parser.add_argument("output_dir", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dask", action="store_true", help="render on a LocalCluster of two worker processes")
    arguments = parser.parse_args()
    paths = sorted(str(path) for path in arguments.input_dir.iterdir() if path.is_file())
    arguments.output_dir.mkdir(parents=True, exist_ok=True)
    if arguments.dask:
        from distributed import Client, LocalCluster
        # distributed's own functions carry no annotations.
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                          dashboard_address=None) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            results = render_on_dask(paths, str(arguments.output_dir), arguments.seed, client)
    else:
        results = render_serial(paths, str(arguments.output_dir), arguments.seed)
    print(json.dumps(dict(results), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
