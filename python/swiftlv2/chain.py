"""Plugins in series, called as one."""

from __future__ import annotations

import contextlib
import ctypes
from typing import Any, Iterable, List, Optional, Tuple

from ._library import c
from .errors import InvalidValueError
from .plugin import Plugin
from .processor import _Processor, serialised


class Chain(_Processor):
    """Plugins in series, each one's audio outputs feeding the next one's inputs; called as a
    plugin is. A setting made on a plugin reaches the chain too, from its next call. `close()`
    or a `with` block frees the chain's own instances; the plugins stay open."""

    def __init__(self, plugins: Iterable[Plugin]) -> None:
        self._new_lock()
        self.plugins: List[Plugin] = list(plugins)
        if not self.plugins:
            raise InvalidValueError("A chain needs at least one plugin (plugins=).")
        rates = {plugin.sample_rate for plugin in self.plugins}
        if len(rates) > 1:
            raise InvalidValueError(f"The plugins of a chain must run at one sample rate, not {sorted(rates)}.")
        self.sample_rate = self.plugins[0].sample_rate
        self.block_size = self.plugins[0].block_size
        self._handle = None
        for plugin in self.plugins:
            plugin._chains.add(self)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Chain, (self.plugins,))

    def __repr__(self) -> str:
        return f"<swiftlv2.Chain {[plugin.uri for plugin in self.plugins]}{' (closed)' if self.closed else ''}>"

    def _description(self) -> str:
        return f"The chain of {', '.join(plugin.uri for plugin in self.plugins)}"

    def __enter__(self) -> Chain:
        # A chain makes its instances at its first call.
        if self.closed:
            self._open_handle()
        return self

    @serialised
    def _apply(self, plugin: Plugin, setting: str, arguments: Tuple[Any, ...]) -> None:
        """A setting made on one of the plugins, applied to its stages here."""
        if self._handle:
            for stage, member in enumerate(self.plugins):
                if member is plugin:
                    getattr(c, setting)(self._handle, stage, *arguments)

    def _handle_for_call(self, reset: bool, input_channels: Optional[int], bpm: Optional[float],
                         side_chain_channels: int = 0) -> int:
        if self.closed:
            self._open_handle()
        if reset or self._handle is None:
            handles = (ctypes.c_void_p * len(self.plugins))(*[plugin._open_handle() for plugin in self.plugins])
            # Each plugin held while the chain copies it, in one order, so no two chains wait on each other.
            with contextlib.ExitStack() as held:
                for plugin in sorted(set(self.plugins), key=id):
                    held.enter_context(plugin._lock)
                handle = c.chain_join(self.plugins[0]._world.handle, handles, len(self.plugins))
            if self._handle:
                c.chain_free(self._handle)
            self._handle = handle
            self._mirror(handle)
        state = self._state
        assert state is not None
        if input_channels is None:
            input_channels, side_chain_channels = state.input_channels, state.side_chain_channels
        if (input_channels, side_chain_channels) != (state.input_channels, state.side_chain_channels) or bpm is not None:
            if state.position > 0:
                raise InvalidValueError("A chain takes a new channel count, sidechain= or bpm= only when it starts afresh: "
                                        "call with reset=True.")
            c.chain_reset_side_chain(self._handle, input_channels, side_chain_channels, float(bpm or 0))
            self._mirror(self._handle)
        return self._handle
