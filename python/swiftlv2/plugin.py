"""One LV2 plugin, set up by symbol, preset, state or parameter, and called as pedalboard's are."""

import ctypes
import json
import os
import weakref

from ._library import c, encode
from .parameters import Parameter
from .processor import DEFAULT_BLOCK_SIZE, DEFAULT_SAMPLE_RATE, _free, _Processor
from .world import world


class Plugin(_Processor):
    """One LV2 plugin, instantiated at `sample_rate`. Its control inputs are attributes by
    symbol (`p.gain = -6`); `parameters` describes them."""

    def __init__(self, uri, sample_rate=DEFAULT_SAMPLE_RATE, block_size=DEFAULT_BLOCK_SIZE, lv2_path=None,
                 dyn_manifest=False):
        the_world = world(lv2_path, dyn_manifest)
        uris = (ctypes.c_char_p * 1)(encode(uri))
        handle = c.chain_new(the_world, uris, 1, float(sample_rate), int(block_size))
        # The instance's description: lv2:sampleRate ranges in hertz at this rate.
        info = json.loads(c.chain_plugin_json(handle, 0))
        set_internal = super().__setattr__
        set_internal("_handle", handle)
        set_internal("lv2_path", lv2_path)
        set_internal("dyn_manifest", dyn_manifest)
        set_internal("sample_rate", float(sample_rate))
        set_internal("block_size", int(block_size))
        set_internal("info", info)
        set_internal("uri", info["uri"])
        set_internal("name", info["name"])
        set_internal("parameters", {port["symbol"]: Parameter.from_port(port)
                                    for port in info["controls"] if port["input"]})
        self._chains = weakref.WeakSet()
        self._settings = []
        self._mirror(handle)

    def __del__(self):
        _free(self.__dict__.get("_handle"))

    def __repr__(self):
        return f"<swiftlv2.Plugin {self.uri} at {self.sample_rate:g} Hz>"

    def __dir__(self):
        return list(super().__dir__()) + list(self.parameters)

    def __getattr__(self, name):
        parameters = self.__dict__.get("parameters", {})
        if name in parameters:
            return self.get(name)
        raise AttributeError(f"The plugin {self.__dict__.get('uri')} has no control input {name!r}.")

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        elif name in self.__dict__.get("parameters", {}) and not hasattr(type(self), name):
            self.set_parameter(name, value)
        else:
            raise AttributeError(f"The plugin {self.uri} has no control input {name!r}; "
                                 f"its control inputs are {', '.join(self.parameters) or 'none'}.")

    def get(self, symbol):
        """The current value of a control port (input or output, such as a meter)."""
        value = ctypes.c_float()
        c.chain_get_control(self._handle, 0, encode(symbol), ctypes.byref(value))
        return value.value

    def set_parameter(self, name, value):
        """Sets a control input by symbol (a number, or a scale point's label), or a patch
        parameter by URI, label or the URI's last part (a path, a number, text)."""
        if name in self.parameters:
            self._apply("chain_set_control", encode(name), self.parameters[name].value_of(value))
        else:
            text = os.fspath(value) if isinstance(value, os.PathLike) else str(value)
            self._apply("chain_set_parameter", encode(name), encode(text))

    def _apply(self, setting, *arguments):
        """Applies a setting to this plugin, then to the chains it is part of, where it plays
        on from the next call (a chain's fresh start copies the plugin as it is set up). The
        settings are kept in order for a copy in another process (pickling, as Dask does): a
        control or a parameter set again replaces its earlier setting, which could not matter."""
        getattr(c, setting)(self._handle, 0, *arguments)
        for chain in list(self._chains):
            chain._apply(self, setting, arguments)
        if setting in ("chain_set_control", "chain_set_parameter"):
            self._settings = [kept for kept in self._settings if kept[:2] != (setting, arguments[0])]
        self._settings.append((setting, *arguments))

    def __reduce__(self):
        return (_restore_plugin, (self.uri, self.sample_rate, self.block_size, self.lv2_path, list(self._settings),
                                  self.dyn_manifest))

    @property
    def patch_parameters(self):
        """The plugin's patch parameters (`patch:writable`, such as a sampler's sample), as dicts."""
        return {parameter["name"]: parameter for parameter in self.info["parameters"]}

    @property
    def presets(self):
        """The presets' labels, in URI order."""
        return [preset["label"] for preset in self.info["presets"]]

    def load_preset(self, preset):
        """Loads a preset by label (any case) or URI."""
        self._apply("chain_load_preset", encode(preset))

    def save_state(self, directory):
        """Saves the plugin's state (controls and properties) as jalv and lv2render --save-state do."""
        c.chain_save_state(self._handle, 0, encode(os.fspath(directory)))

    def load_state(self, directory):
        """Restores a state directory saved by save_state, jalv or lv2render --save-state."""
        self._apply("chain_load_state", encode(os.fspath(directory)))

    def reset(self):
        """Starts afresh: a new instance set up as this one was."""
        c.chain_reset(self._handle, -1, 0)
        self._mirror(self._handle)

    def _handle_for_call(self, reset, input_channels, bpm):
        if input_channels is None:
            input_channels = self._state.input_channels
        if reset or bpm is not None or (self._state.position == 0 and input_channels != self._state.input_channels):
            if not reset and self._state.position > 0:
                raise ValueError("bpm= takes effect when the plugin starts afresh: call with reset=True.")
            c.chain_reset(self._handle, input_channels, float(bpm or 0))
            self._mirror(self._handle)
        return self._handle


def _restore_plugin(uri, sample_rate, block_size, lv2_path, settings, dyn_manifest=False):
    """A pickled plugin, loaded again and set up as it was."""
    plugin = Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path, dyn_manifest=dyn_manifest)
    for setting, *arguments in settings:
        plugin._apply(setting, *arguments)
    return plugin


def load(uri, sample_rate=DEFAULT_SAMPLE_RATE, block_size=DEFAULT_BLOCK_SIZE, lv2_path=None, dyn_manifest=False):
    """Loads the plugin `uri` from the LV2 path at `sample_rate` (with `dyn_manifest`, bundles'
    dynamic manifests are read too, which runs their libraries)."""
    return Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path, dyn_manifest=dyn_manifest)
