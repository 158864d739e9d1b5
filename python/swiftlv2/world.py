"""The plugins on the LV2 path, as lilv finds them."""

from __future__ import annotations

import json
import os
import warnings
import weakref
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Type, Union

from ._library import c, encode
from .errors import ClosedError
from .processor import DEFAULT_BLOCK_SIZE, DEFAULT_SAMPLE_RATE

if TYPE_CHECKING:
    from .plugin import Plugin

# One folder or several: a string (folders joined by ':' as in $LV2_PATH), a path, or a list of them.
LV2Path = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]], None]

def lv2_path_text(lv2_path: LV2Path) -> Optional[str]:
    """`lv2_path` as $LV2_PATH spells it, None for the default path."""
    if lv2_path is None or isinstance(lv2_path, str):
        return lv2_path
    if isinstance(lv2_path, os.PathLike):
        return os.fspath(lv2_path)
    try:
        return os.pathsep.join(os.fspath(folder) for folder in lv2_path)
    except TypeError:
        raise TypeError(f"lv2_path= is a folder, a list of folders or a ':'-separated string, not {lv2_path!r}.") from None


@dataclass(frozen=True)
class PluginSummary:
    """One plugin on the LV2 path, as `plugins()` lists it (from the catalogue, as `lv2render list --json`)."""
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


class World:
    """The plugin descriptions on one LV2 path (lilv's world): `lv2_path` None for $LV2_PATH,
    else SwiftLV2's own bundle and the standard folders (~/.lv2, /usr/local/lib/lv2,
    /usr/lib/lv2), as lv2render decides. With `dyn_manifest`, bundles' dynamic manifests are read
    too, which runs their libraries. A bundle left out because reading it crashed or hung is one
    warning. The module's `plugins()`, `describe()` and `load()` share one world per path; a
    World of your own is closed with `close()` or a `with` block, closing the plugins loaded
    from it."""

    def __init__(self, lv2_path: LV2Path = None, dyn_manifest: bool = False) -> None:
        self.lv2_path: Optional[str] = lv2_path_text(lv2_path)
        self.dyn_manifest = bool(dyn_manifest)
        self._handle: Optional[int] = c.world_new(None if self.lv2_path is None else encode(self.lv2_path),
                                                  int(self.dyn_manifest))
        self._plugins: weakref.WeakSet[Plugin] = weakref.WeakSet()
        for sentence in json.loads(c.world_warnings_json(self._handle)):
            warnings.warn(sentence, stacklevel=3)

    def __repr__(self) -> str:
        return f"<swiftlv2.World {self.lv2_path or 'default LV2 path'}{' (closed)' if self.closed else ''}>"

    @property
    def closed(self) -> bool:
        return self._handle is None

    @property
    def handle(self) -> int:
        if self._handle is None:
            raise ClosedError(f"The world of {self.lv2_path or 'the default LV2 path'} is closed; make another to use it.")
        return self._handle

    @property
    def is_current(self) -> bool:
        """Whether the bundles on the path are those this world read (none added, removed or changed)."""
        return bool(c.world_is_current(self.handle))

    def plugins(self, kind: Optional[str] = None, class_name: Optional[str] = None) -> List[PluginSummary]:
        """Every plugin found on the LV2 path, sorted by URI; `kind` ("instrument", "effect" or
        "midi") and `class_name` ("Reverb", in any case) filter."""
        entries = json.loads(c.world_plugins_json(self.handle))
        return [PluginSummary(uri=entry["uri"], name=entry["name"], class_name=entry["class"], kind=entry["kind"],
                              instrument=entry["instrument"], audio_inputs=entry["audio_inputs"],
                              audio_outputs=entry["audio_outputs"], midi_input=entry["midi_input"],
                              midi_output=entry["midi_output"], bundle=entry["bundle"])
                for entry in entries
                if (kind is None or entry["kind"] == kind)
                and (class_name is None or entry["class"].lower() == class_name.lower())]

    def describe(self, uri: str, sample_rate: Optional[float] = DEFAULT_SAMPLE_RATE) -> Dict[str, Any]:
        """Everything lilv says about one plugin, as a dict (ports, groups, parameters, presets,
        features), as `lv2render info --json --rate sample_rate` prints it: the ranges of
        lv2:sampleRate ports in hertz at `sample_rate` (None: as declared)."""
        description: Dict[str, Any] = json.loads(c.world_plugin_json(self.handle, encode(uri), float(sample_rate or 0)))
        return description

    def load(self, uri: str, sample_rate: float = DEFAULT_SAMPLE_RATE, block_size: int = DEFAULT_BLOCK_SIZE) -> Plugin:
        """Loads the plugin `uri` from this world at `sample_rate`."""
        from .plugin import Plugin
        return Plugin(uri, sample_rate=sample_rate, block_size=block_size, world=self)

    def adopt(self, plugin: Plugin) -> None:
        """Closes `plugin` when this world closes."""
        self._plugins.add(plugin)

    def close(self) -> None:
        """Closes the plugins loaded from this world and frees it; closing again does nothing."""
        for plugin in list(self._plugins):
            plugin.close()
        handle, self._handle = self._handle, None
        if handle:
            c.world_free(handle)

    def __enter__(self) -> World:
        self.handle
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


_shared: Dict[Tuple[Optional[str], bool], World] = {}
# Shared worlds a newer one replaced: plugins loaded from them go on using them.
_replaced: List[World] = []


def shared_world(lv2_path: LV2Path = None, dyn_manifest: bool = False) -> World:
    """The module's world for `lv2_path`, made again when a bundle was added, removed or changed."""
    key = (lv2_path_text(lv2_path), bool(dyn_manifest))
    if key in _shared and _shared[key].is_current:
        return _shared[key]
    if key in _shared:
        _replaced.append(_shared[key])
    _shared[key] = World(key[0], dyn_manifest=key[1])
    return _shared[key]


def plugins(lv2_path: LV2Path = None, kind: Optional[str] = None, class_name: Optional[str] = None,
            dyn_manifest: bool = False) -> List[PluginSummary]:
    """Every plugin found on the LV2 path, sorted by URI, from the catalogue (fast after the first
    call); `kind` ("instrument", "effect" or "midi") and `class_name` ("Reverb", in any case) filter."""
    return shared_world(lv2_path, dyn_manifest).plugins(kind, class_name)


def describe(uri: str, sample_rate: Optional[float] = DEFAULT_SAMPLE_RATE, lv2_path: LV2Path = None,
             dyn_manifest: bool = False) -> Dict[str, Any]:
    """Everything lilv says about one plugin, as a dict (ports, groups, parameters, presets,
    features), as `lv2render info --json --rate sample_rate` prints it: the ranges of
    lv2:sampleRate ports in hertz at `sample_rate` (None: as declared)."""
    return shared_world(lv2_path, dyn_manifest).describe(uri, sample_rate)
