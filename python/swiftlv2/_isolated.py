"""The process an isolated plugin runs in (`python -m swiftlv2._isolated CONNECTION MEMORY PARENT`):
an ordinary `swiftlv2.Plugin`, so the samples are the in-process ones, served to the Python
that started it (swiftlv2/isolated.py) over a socket, with audio in shared memory."""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
import warnings
from multiprocessing.connection import Connection
from typing import Any, Dict, List, Optional, Tuple

from ._shared_audio import SharedArray, SharedAudio, is_shared
from .errors import Error
from .plugin import Plugin, load

# How often this process looks whether the Python that started it is still there.
_PARENT_CHECK_SECONDS = 0.5


def _end_with_parent(parent: int) -> None:
    """Ends this process when the Python that started it ends, whatever ends that one and
    whatever the plugin is doing (a closed socket tells only a process that is listening).
    Not prctl's PR_SET_PDEATHSIG: that fires when the thread that started the process ends, and
    a plugin may be loaded in a thread pool's thread."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_CHECK_SECONDS)
        os.kill(os.getpid(), signal.SIGKILL)
    threading.Thread(target=watch, daemon=True).start()
    # Ctrl-C reaches the whole process group: Python's side answers it, and ends this process.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Server:
    def __init__(self, connection: Connection, memory: SharedAudio) -> None:
        self.connection, self.memory = connection, memory
        self.plugin: Optional[Plugin] = None

    def serve(self) -> None:
        while True:
            try:
                operation, arguments = self.connection.recv()
            except EOFError:
                break
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    reply = getattr(self, operation)(*arguments)
                said = [(str(warning.message), warning.category) for warning in caught]
                self.connection.send(("ok", reply, said))
            except Exception as error:
                self._send_error(error)
            if operation == "close":
                break

    def _send_error(self, error: Exception) -> None:
        try:
            self.connection.send(("error", error, []))
        except Exception:
            # An exception that does not pickle goes as its sentence.
            self.connection.send(("error", Error(str(error)), []))

    def _loaded(self, plugin: Plugin) -> Dict[str, Any]:
        self.plugin = plugin
        return {"info": plugin.info, "lv2_path": plugin.lv2_path, "setup": pickle.dumps(plugin)}

    def load(self, uri: str, sample_rate: float, block_size: int, lv2_path: Optional[str]) -> Dict[str, Any]:
        return self._loaded(load(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path))

    def restore(self, setup: bytes) -> Dict[str, Any]:
        plugin: Plugin = pickle.loads(setup)
        return self._loaded(plugin)

    def _plugin(self) -> Plugin:
        assert self.plugin is not None
        return self.plugin

    def apply(self, setting: str, arguments: Tuple[Any, ...]) -> bytes:
        """A setting; returns the plugin's setup, from which it is made again after a crash."""
        self._plugin()._apply(setting, *arguments)
        return pickle.dumps(self.plugin)

    def method(self, name: str, arguments: Tuple[Any, ...]) -> Any:
        return getattr(self._plugin(), name)(*arguments)

    def attribute(self, name: str) -> Any:
        return getattr(self._plugin(), name)

    def call(self, arguments: List[Any], keywords: Dict[str, Any]) -> Tuple[Any, Any, int]:
        """One call on audio or MIDI: input arrays are read in place, and the output is put
        at the start of the shared memory."""
        plugin = self._plugin()
        arguments = [self.memory.view(value) if isinstance(value, SharedArray) else value for value in arguments]
        keywords = {key: self.memory.view(value) if isinstance(value, SharedArray) else value
                    for key, value in keywords.items()}
        if keywords.get("reset", True):
            # The parent learns when the fresh instances are made, and only run is left (a call
            # with reset=False makes none: a stream of short calls pays no third message).
            object.__setattr__(plugin, "_instances_ready", lambda: self.connection.send(("running", None, [])))
        try:
            output = plugin(*arguments, **keywords)
        finally:
            plugin.__dict__.pop("_instances_ready", None)
        shared = self.memory.put(output) if is_shared(output) else output
        state = plugin._state
        return shared, plugin.midi_output, state.position if state else 0

    def close(self) -> None:
        self._plugin().close()


def main() -> None:
    _end_with_parent(int(sys.argv[3]))
    connection = Connection(int(sys.argv[1]))
    _Server(connection, SharedAudio(int(sys.argv[2]))).serve()


if __name__ == "__main__":
    main()
