"""The plugins on the LV2 path, as lilv finds them."""

import json
import warnings
from dataclasses import dataclass

from ._library import c, encode

_worlds = {}
# Worlds a newer one replaced: plugins made from them may still use them, from any thread.
_replaced = []


def world(lv2_path=None, dyn_manifest=False):
    """The world for `lv2_path` (None: $LV2_PATH, else the repository's bundle if any and the
    standard folders, as lv2render searches), made once; with `dyn_manifest`, bundles' dynamic
    manifests are read too, which runs their libraries. A bundle left out because reading it
    crashed or hung is one warning. Made again when a bundle was added, removed or changed."""
    key = (lv2_path, bool(dyn_manifest))
    if key in _worlds and c.world_is_current(_worlds[key]):
        return _worlds[key]
    handle = c.world_new(None if lv2_path is None else encode(lv2_path), int(bool(dyn_manifest)))
    for sentence in json.loads(c.world_warnings_json(handle)):
        warnings.warn(sentence, stacklevel=3)
    if key in _worlds:
        _replaced.append(_worlds[key])
    _worlds[key] = handle
    return handle


@dataclass(frozen=True)
class PluginSummary:
    uri: str
    name: str
    class_name: str
    kind: str
    instrument: bool
    audio_inputs: int
    audio_outputs: int
    midi_input: bool
    midi_output: bool
    bundle: str


def plugins(lv2_path=None, kind=None, class_name=None, dyn_manifest=False):
    """Every plugin found on the LV2 path, sorted by URI, from the catalogue (fast after the first
    call); `kind` ("instrument", "effect" or "midi") and `class_name` ("Reverb", in any case) filter."""
    entries = json.loads(c.world_plugins_json(world(lv2_path, dyn_manifest)))
    return [PluginSummary(uri=entry["uri"], name=entry["name"], class_name=entry["class"], kind=entry["kind"],
                          instrument=entry["instrument"], audio_inputs=entry["audio_inputs"],
                          audio_outputs=entry["audio_outputs"], midi_input=entry["midi_input"],
                          midi_output=entry["midi_output"], bundle=entry["bundle"])
            for entry in entries
            if (kind is None or entry["kind"] == kind)
            and (class_name is None or entry["class"].lower() == class_name.lower())]


def describe(uri, lv2_path=None, dyn_manifest=False):
    """Everything lilv says about one plugin, as a dict (ports, parameters, presets, features)."""
    return json.loads(c.world_plugin_json(world(lv2_path, dyn_manifest), encode(uri)))
