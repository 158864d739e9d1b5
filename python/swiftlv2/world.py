"""The plugins on the LV2 path, as lilv finds them."""

from __future__ import annotations

import json
import os
import weakref
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Type, Union

from ._library import c, encode
from .errors import ClosedError
from .processor import DEFAULT_BLOCK_SIZE, DEFAULT_SAMPLE_RATE

if TYPE_CHECKING:
    from .plugin import Plugin

# One folder or several: a string (folders joined by ':' as in $LV2_PATH), a path, or a list of them.
LV2Path = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]], None]

_PACKAGE = Path(__file__).resolve().parent


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


def own_bundle() -> Optional[Path]:
    """SwiftLV2's own plugin bundle, searched first as lv2render searches it: under
    $SWIFTLV2_ROOT, else the one inside the installed package (a wheel carries it), else the
    repository's this package is in (python/swiftlv2 in a clone)."""
    root = os.environ.get("SWIFTLV2_ROOT")
    candidates = [Path(root) / "plugin.lv2"] if root else [_PACKAGE / "swiftlv2.lv2", _PACKAGE.parents[1] / "plugin.lv2"]
    return next((bundle for bundle in candidates if (bundle / "manifest.ttl").exists()), None)


@dataclass(frozen=True)
class PluginSummary:
    """One plugin on the LV2 path, as `plugins()` lists it."""
    uri: str
    name: str
    instrument: bool
    audio_inputs: int
    audio_outputs: int


class World:
    """The plugin descriptions on one LV2 path (lilv's world): `lv2_path` None for $LV2_PATH,
    else SwiftLV2's own bundle and the standard folders (~/.lv2, /usr/local/lib/lv2,
    /usr/lib/lv2). The module's `plugins()`, `describe()` and `load()` share one world per
    path; a World of your own is closed with `close()` or a `with` block, closing the plugins
    loaded from it."""

    def __init__(self, lv2_path: LV2Path = None) -> None:
        self.lv2_path: Optional[str] = lv2_path_text(lv2_path)
        bundle = own_bundle()
        self._handle: Optional[int] = c.world_new(None if self.lv2_path is None else encode(self.lv2_path),
                                                  None if bundle is None else encode(bundle))
        self._plugins: weakref.WeakSet[Plugin] = weakref.WeakSet()

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

    def plugins(self) -> List[PluginSummary]:
        """Every plugin found on the LV2 path, sorted by URI."""
        return [PluginSummary(**entry) for entry in json.loads(c.world_plugins_json(self.handle))]

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


_shared: Dict[Optional[str], World] = {}


def shared_world(lv2_path: LV2Path = None) -> World:
    """The module's world for `lv2_path`, made once."""
    key = lv2_path_text(lv2_path)
    if key not in _shared:
        _shared[key] = World(key)
    return _shared[key]


def plugins(lv2_path: LV2Path = None) -> List[PluginSummary]:
    """Every plugin found on the LV2 path, sorted by URI."""
    return shared_world(lv2_path).plugins()


def describe(uri: str, sample_rate: Optional[float] = DEFAULT_SAMPLE_RATE, lv2_path: LV2Path = None) -> Dict[str, Any]:
    """Everything lilv says about one plugin, as a dict (ports, groups, parameters, presets,
    features), as `lv2render info --json --rate sample_rate` prints it: the ranges of
    lv2:sampleRate ports in hertz at `sample_rate` (None: as declared)."""
    return shared_world(lv2_path).describe(uri, sample_rate)
