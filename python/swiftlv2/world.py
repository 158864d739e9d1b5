"""The plugins on the LV2 path, as lilv finds them."""

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ._library import c, encode
from .processor import DEFAULT_SAMPLE_RATE

_worlds = {}


def _repository_bundle():
    """SwiftLV2's own plugin.lv2, searched first as lv2render searches it: under $SWIFTLV2_ROOT,
    else in the repository this package is in (python/swiftlv2 in a clone); None when installed."""
    root = os.environ.get("SWIFTLV2_ROOT")
    bundle = Path(root) / "plugin.lv2" if root else Path(__file__).resolve().parents[2] / "plugin.lv2"
    return bundle if (bundle / "manifest.ttl").exists() else None


def world(lv2_path=None):
    """The world for `lv2_path` (None: $LV2_PATH, else the repository's bundle if any and the
    standard folders), made once."""
    if lv2_path not in _worlds:
        bundle = _repository_bundle()
        _worlds[lv2_path] = c.world_new(None if lv2_path is None else encode(lv2_path),
                                        None if bundle is None else encode(bundle))
    return _worlds[lv2_path]


@dataclass(frozen=True)
class PluginSummary:
    uri: str
    name: str
    instrument: bool
    audio_inputs: int
    audio_outputs: int


def plugins(lv2_path=None):
    """Every plugin found on the LV2 path, sorted by URI."""
    return [PluginSummary(**entry) for entry in json.loads(c.world_plugins_json(world(lv2_path)))]


def describe(uri, sample_rate=DEFAULT_SAMPLE_RATE, lv2_path=None):
    """Everything lilv says about one plugin, as a dict (ports, groups, parameters, presets,
    features), as `lv2render info --json --rate sample_rate` prints it: the ranges of
    lv2:sampleRate ports in hertz at `sample_rate` (None: as declared)."""
    return json.loads(c.world_plugin_json(world(lv2_path), encode(uri), float(sample_rate or 0)))
