"""The plugins on the LV2 path, as lilv finds them."""

import json
from dataclasses import dataclass

from ._library import c, encode

_worlds = {}


def world(lv2_path=None):
    """The world for `lv2_path` (None: $LV2_PATH, else the standard folders), made once."""
    if lv2_path not in _worlds:
        _worlds[lv2_path] = c.world_new(None if lv2_path is None else encode(lv2_path))
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


def describe(uri, lv2_path=None):
    """Everything lilv says about one plugin, as a dict (ports, parameters, presets, features)."""
    return json.loads(c.world_plugin_json(world(lv2_path), encode(uri)))
