"""One LV2 plugin, set up by symbol, preset, state or parameter, and called as pedalboard's are."""

from __future__ import annotations

import ctypes
import json
import os
import weakref
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

from ._library import FileName, c, encode
from .errors import InvalidValueError, NotFoundError, ParameterNotFoundError
from .parameters import ControlValue, Parameter
from .processor import DEFAULT_BLOCK_SIZE, DEFAULT_SAMPLE_RATE, _Processor, serialised
from .world import LV2Path, World, shared_world

if TYPE_CHECKING:
    from .chain import Chain

# A patch parameter's value: a path, a number or text.
ParameterValue = Union[ControlValue, FileName]
# One setting as it was applied: the library function's name and its arguments after the stage.
_Setting = Tuple[Any, ...]


class Plugin(_Processor):
    """One LV2 plugin, instantiated at `sample_rate`. Its control inputs are attributes by
    symbol (`p.gain = -6`); `parameters` describes them. `close()` or a `with` block frees it."""

    uri: str
    name: str
    info: Dict[str, Any]
    parameters: Dict[str, Parameter]
    lv2_path: Optional[str]
    _world: World

    def __init__(self, uri: str, sample_rate: float = DEFAULT_SAMPLE_RATE, block_size: int = DEFAULT_BLOCK_SIZE,
                 lv2_path: LV2Path = None, *, world: Optional[World] = None) -> None:
        self._new_lock()
        the_world = world or shared_world(lv2_path)
        uris = (ctypes.c_char_p * 1)(encode(uri))
        handle = c.chain_new(the_world.handle, uris, 1, float(sample_rate), int(block_size))
        # The instance's description: lv2:sampleRate ranges in hertz at this rate.
        info = json.loads(c.chain_plugin_json(handle, 0))
        set_internal = super().__setattr__
        set_internal("_handle", handle)
        set_internal("_world", the_world)
        set_internal("lv2_path", the_world.lv2_path)
        set_internal("sample_rate", float(sample_rate))
        set_internal("block_size", int(block_size))
        set_internal("info", info)
        set_internal("uri", info["uri"])
        set_internal("name", info["name"])
        set_internal("parameters", {port["symbol"]: Parameter.from_port(port)
                                    for port in info["ports"] if port["type"] == "control" and port["input"]})
        self._chains: weakref.WeakSet[Chain] = weakref.WeakSet()
        self._settings: List[_Setting] = []
        self._mirror(handle)
        the_world.adopt(self)

    def __repr__(self) -> str:
        return f"<swiftlv2.Plugin {self.uri} at {self.sample_rate:g} Hz{' (closed)' if self.closed else ''}>"

    def _description(self) -> str:
        return f"The plugin {self.__dict__.get('uri')}"

    def __dir__(self) -> List[str]:
        return list(super().__dir__()) + list(self.parameters)

    def __getattr__(self, name: str) -> float:
        parameters = self.__dict__.get("parameters", {})
        if name in parameters:
            return self.get(name)
        if name.startswith("_") or "parameters" not in self.__dict__:
            raise AttributeError(name)
        raise self._no_parameter(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            super().__setattr__(name, value)
        elif name in self.__dict__.get("parameters", {}) and not hasattr(type(self), name):
            self.set_parameter(name, value)
        else:
            raise self._no_parameter(name)

    def _no_parameter(self, name: str) -> ParameterNotFoundError:
        """The error for a name that is neither a control input nor a patch parameter, listing both."""
        controls = ", ".join(self.parameters) or "none"
        patch = ", ".join(self.patch_parameters) or "none"
        return ParameterNotFoundError(f"The plugin {self.uri} has no control input or parameter {name!r}; "
                                      f"its control inputs are {controls}, and its parameters {patch}.")

    @serialised
    def get(self, symbol: str) -> float:
        """The current value of a control port (input or output, such as a meter)."""
        value = ctypes.c_float()
        c.chain_get_control(self._open_handle(), 0, encode(symbol), ctypes.byref(value))
        return value.value

    def set_parameter(self, name: str, value: ParameterValue) -> None:
        """Sets a control input by symbol (a number, or a scale point's label in any case), or a
        patch parameter by URI, label or the URI's last part (a path, a number, text), as
        lv2render's --set does: the library reads the value."""
        is_control = name in self.parameters
        if is_control and not isinstance(value, (str, int, float)):
            raise TypeError(f"The value for {name} is a number or a label, not {type(value).__name__} {value!r}.")
        if not isinstance(value, (str, bytes, int, float, os.PathLike)):
            raise TypeError(f"The value for {name} is a number, text or a path, not {type(value).__name__} {value!r}.")
        text: Union[str, bytes]
        if isinstance(value, bool):
            text = "1" if value else "0"
        else:
            text = os.fspath(value) if isinstance(value, (bytes, os.PathLike)) else str(value)
        try:
            self._apply("chain_set", encode(name), encode(text))
        except NotFoundError as error:
            # The library's sentence (the one every front end gives), as the type for a name.
            raise ParameterNotFoundError(str(error)) from None

    def _apply(self, setting: str, *arguments: Any) -> None:
        """Applies a setting to this plugin, then to the chains it is part of, where it plays
        on from the next call (a chain's fresh start copies the plugin as it is set up). The
        settings are kept in order for a copy in another process (pickling, as Dask does): a
        control or a parameter set again replaces its earlier setting, which could not matter."""
        with self._lock:
            getattr(c, setting)(self._open_handle(), 0, *arguments)
            if setting == "chain_set":
                self._settings = [kept for kept in self._settings if kept[:2] != (setting, arguments[0])]
            self._settings.append((setting, *arguments))
        # After letting go: a chain's call holds its own lock, then this plugin's (never the other way).
        for chain in list(self._chains):
            chain._apply(self, setting, arguments)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_restore_plugin, (self.uri, self.sample_rate, self.block_size, self.lv2_path, list(self._settings)))

    @property
    def patch_parameters(self) -> Dict[str, Dict[str, Any]]:
        """The plugin's patch parameters (`patch:writable`, such as a sampler's sample), as dicts."""
        return {parameter["name"]: parameter for parameter in self.info["parameters"]}

    @property
    def presets(self) -> List[str]:
        """The presets' labels, in URI order."""
        return [preset["label"] for preset in self.info["presets"]]

    def load_preset(self, preset: str) -> None:
        """Loads a preset by label (any case) or URI."""
        self._apply("chain_load_preset", encode(preset))

    @serialised
    def save_state(self, directory: FileName) -> None:
        """Saves the plugin's state (controls and properties) as jalv and lv2render --save-state do."""
        c.chain_save_state(self._open_handle(), 0, encode(os.fspath(directory)))

    def load_state(self, directory: FileName) -> None:
        """Restores a state directory saved by save_state, jalv or lv2render --save-state."""
        self._apply("chain_load_state", encode(os.fspath(directory)))

    @serialised
    def reset(self) -> None:
        """Starts afresh: a new instance set up as this one was."""
        handle = self._open_handle()
        c.chain_reset(handle, -1, 0)
        self._mirror(handle)

    def _handle_for_call(self, reset: bool, input_channels: Optional[int], bpm: Optional[float],
                         side_chain_channels: int = 0) -> int:
        handle = self._open_handle()
        state = self._state or self._mirror(handle)
        if input_channels is None:
            input_channels, side_chain_channels = state.input_channels, state.side_chain_channels
        layout = (input_channels, side_chain_channels)
        if reset or bpm is not None or (state.position == 0 and layout != (state.input_channels, state.side_chain_channels)):
            if not reset and state.position > 0:
                raise InvalidValueError("bpm= takes effect when the plugin starts afresh: call with reset=True.")
            c.chain_reset_side_chain(handle, input_channels, side_chain_channels, float(bpm or 0))
            self._mirror(handle)
        return handle


def _restore_plugin(uri: str, sample_rate: float, block_size: int, lv2_path: Optional[str],
                    settings: List[_Setting]) -> Plugin:
    """A pickled plugin, loaded again and set up as it was."""
    plugin = Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path)
    for setting, *arguments in settings:
        plugin._apply(setting, *arguments)
    return plugin


def load(uri: str, sample_rate: float = DEFAULT_SAMPLE_RATE, block_size: int = DEFAULT_BLOCK_SIZE,
         lv2_path: LV2Path = None, *, isolate: bool = False, timeout: Optional[float] = 60.0) -> Plugin:
    """Loads the plugin `uri` from the LV2 path at `sample_rate`. With `isolate=True` it runs in
    a process of its own (swiftlv2/isolated.py), where a crash, or a call longer than `timeout`
    seconds (None: no limit), raises PluginCrashed and Python goes on."""
    if isolate:
        from .isolated import IsolatedPlugin
        return IsolatedPlugin(uri, sample_rate, block_size, lv2_path, timeout=timeout)
    return Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path)
