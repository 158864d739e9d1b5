"""Plugins in series, called as one."""

import ctypes

from ._library import c
from .processor import _free, _Processor
from .world import world


class Chain(_Processor):
    """Plugins in series, each one's audio outputs feeding the next one's inputs; called as a
    plugin is. A setting made on a plugin reaches the chain too, from its next call."""

    def __init__(self, plugins):
        self.plugins = list(plugins)
        if not self.plugins:
            raise ValueError("A chain needs at least one plugin.")
        rates = {plugin.sample_rate for plugin in self.plugins}
        if len(rates) > 1:
            raise ValueError(f"The plugins of a chain must run at one sample rate, not {sorted(rates)}.")
        self.sample_rate = self.plugins[0].sample_rate
        self.block_size = self.plugins[0].block_size
        self._handle = None
        for plugin in self.plugins:
            plugin._chains.add(self)

    def __del__(self):
        _free(getattr(self, "_handle", None))

    def __reduce__(self):
        return (Chain, (self.plugins,))

    def __repr__(self):
        return f"<swiftlv2.Chain {[plugin.uri for plugin in self.plugins]}>"

    def _apply(self, plugin, setting, arguments):
        """A setting made on one of the plugins, applied to its stages here."""
        if self._handle:
            for stage, member in enumerate(self.plugins):
                if member is plugin:
                    getattr(c, setting)(self._handle, stage, *arguments)

    def _handle_for_call(self, reset, input_channels, bpm):
        if reset or self._handle is None:
            handles = (ctypes.c_void_p * len(self.plugins))(*[plugin._handle for plugin in self.plugins])
            handle = c.chain_join(world(self.plugins[0].lv2_path, self.plugins[0].dyn_manifest), handles, len(self.plugins))
            if self._handle:
                c.chain_free(self._handle)
            self._handle = handle
            self._mirror(handle)
        if input_channels is None:
            input_channels = self._state.input_channels
        if input_channels != self._state.input_channels or bpm is not None:
            if self._state.position > 0:
                raise ValueError("A chain takes a new channel count or bpm= only when it starts afresh: call with reset=True.")
            c.chain_reset(self._handle, input_channels, float(bpm or 0))
            self._mirror(self._handle)
        return self._handle
