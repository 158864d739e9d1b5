"""A plugin run in a process of its own (`swiftlv2.load(uri, isolate=True)`): a crash or a hang
there raises PluginCrashed here, and Python goes on.

The process (swiftlv2/_isolated.py) holds an ordinary Plugin over the same library, so the
samples are the in-process ones. Each call goes whole: its audio through shared memory, a few
bytes through a socket, so the cost is per call, not per block."""

from __future__ import annotations

import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
import weakref
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ._library import FloatArray, _library_path
from ._shared_audio import SharedArray, SharedAudio, is_shared, new_memory_file
from .errors import ClosedError, InvalidValueError, PluginCrashed
from .midi import MIDIEvent
from .parameters import Parameter
from .plugin import Plugin
from .world import LV2Path, lv2_path_text

# What each operation is, in LV2's words, for the sentence a crash gives.
# What a crash's sentence ends with.
_AFTER_A_CRASH = "its process was ended, and the plugin starts afresh, set up as it was, at its next use."
# Operations by name, settings and methods by their own (the first argument).
_LV2_CALLS = {"load": "instantiate", "restore": "instantiate", "call": "run", "close": "cleanup",
              "chain_set": "set_parameter", "chain_load_preset": "load_preset", "chain_load_state": "restore",
              "save_state": "save"}


class _Child:
    """The process, its socket and its shared memory; ended when the object is collected."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        self.memory = SharedAudio(new_memory_file())
        package = str(Path(__file__).resolve().parent.parent)
        environment = {**os.environ, "SWIFTLV2_LIBRARY": _library_path(),
                       "PYTHONPATH": os.pathsep.join(filter(None, [package, os.environ.get("PYTHONPATH")]))}
        self.process = subprocess.Popen([sys.executable, "-m", "swiftlv2._isolated", str(theirs.fileno()),
                                         str(self.memory.descriptor), str(os.getpid())],
                                        pass_fds=(theirs.fileno(), self.memory.descriptor), env=environment,
                                        stdin=subprocess.DEVNULL)
        theirs.close()
        self.connection = Connection(ours.detach())
        self._ended = weakref.finalize(self, _end, self.process, self.connection, self.memory.descriptor)

    def end(self) -> None:
        self._ended()


def _end(process: "subprocess.Popen[bytes]", connection: Connection, memory: int) -> None:
    """Ends the process: closing the socket lets it close its plugin and leave; one that does
    not is killed."""
    connection.close()
    os.close(memory)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _signal_name(status: Optional[int]) -> str:
    if status is not None and status < 0:
        try:
            number = signal.Signals(-status)
            return f"{number.name} ({signal.strsignal(number)})"
        except ValueError:
            return f"signal {-status}"
    return f"exit status {status}"


class _NoChains:
    """An isolated plugin's chains: none can take it (its instance is in another process)."""

    def __init__(self, uri: str) -> None:
        self.uri = uri

    def add(self, chain: object) -> None:
        raise InvalidValueError(f"The plugin {self.uri} runs in a process of its own (isolate=True) and cannot join "
                                "a Chain: load the chain's plugins with isolate=False.")


class IsolatedPlugin(Plugin):
    """A Plugin whose instance runs in a process of its own: called, set, saved and pickled as
    a Plugin is, with the same samples. A crash there, or a call that takes longer than
    `timeout` seconds (None: no limit), raises PluginCrashed naming the plugin, the call and the
    signal; the process is ended, and the plugin's next use starts a new one set up as it was
    (its settings applied again, from a fresh instance, as reset=True). It cannot join a Chain."""

    timeout: Optional[float]
    _lock: threading.RLock
    _child: Optional[_Child]
    _setup: bytes
    _midi_output: List[MIDIEvent]
    # The frame the latest call carried on from (None: it started afresh, reset=True), and
    # where it ended (since the last reset).
    _call_start: Optional[int]
    _stream_end: int

    def __init__(self, uri: str, sample_rate: float, block_size: int, lv2_path: LV2Path, *,
                 timeout: Optional[float], setup: Optional[bytes] = None) -> None:
        set_internal = object.__setattr__
        set_internal(self, "_lock", threading.RLock())
        set_internal(self, "_child", None)
        set_internal(self, "_closed", False)
        set_internal(self, "_midi_output", [])
        set_internal(self, "_chains", _NoChains(uri))
        set_internal(self, "_call_start", None)
        set_internal(self, "_stream_end", 0)
        set_internal(self, "uri", uri)
        set_internal(self, "timeout", timeout)
        set_internal(self, "sample_rate", float(sample_rate))
        set_internal(self, "block_size", int(block_size))
        loaded = self._start(("restore", (setup,)) if setup else ("load", (uri, float(sample_rate), int(block_size), lv2_path_text(lv2_path))))
        info = loaded["info"]
        set_internal(self, "info", info)
        set_internal(self, "uri", info["uri"])
        set_internal(self, "name", info["name"])
        set_internal(self, "lv2_path", loaded["lv2_path"])
        set_internal(self, "parameters", {port["symbol"]: Parameter.from_port(port)
                                          for port in info["ports"] if port["type"] == "control" and port["input"]})

    def __repr__(self) -> str:
        return f"<swiftlv2.Plugin {self.uri} at {self.sample_rate:g} Hz, isolated{' (closed)' if self.closed else ''}>"

    def _start(self, loading: Tuple[str, Tuple[Any, ...]]) -> Dict[str, Any]:
        """A new process, with the plugin loaded as `loading` says."""
        object.__setattr__(self, "_child", _Child())
        loaded: Dict[str, Any] = self._exchange(*loading)
        object.__setattr__(self, "_setup", loaded["setup"])
        return loaded

    def _exchange(self, operation: str, arguments: Tuple[Any, ...]) -> Any:
        """Sends one operation and waits for its answer; a crash or a hang ends the process."""
        child: Optional[_Child] = self._child
        if self._closed:
            raise self._closed_error()
        if child is None:
            # Crashed before: a new process, set up as the plugin was.
            self._start(("restore", (self._setup,)))
            child = self._child
            assert child is not None
        # While loading there is no plugin yet to start afresh.
        after = "its process was ended." if "info" not in self.__dict__ else _AFTER_A_CRASH
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        running = False
        try:
            child.connection.send((operation, arguments))
            while True:
                answered = child.connection.poll(None if deadline is None else max(0.0, deadline - time.monotonic()))
                if not answered:
                    break
                answer, value, said = child.connection.recv()
                if answer != "running":
                    break
                # A call's instances are ready (`call` in swiftlv2/_isolated.py): only run is left.
                running = True
        except (EOFError, OSError):
            status = self._lose(child)
            raise PluginCrashed(f"The plugin {self.uri} crashed in {self._call_name(operation, arguments, running)} "
                                f"with {_signal_name(status)}; {after}") from None
        except BaseException:
            # Ctrl-C while the plugin works: its process is ended with the call.
            self._lose(child)
            raise
        if not answered:
            self._lose(child)
            raise PluginCrashed(f"The plugin {self.uri} did not return from {self._call_name(operation, arguments, running)} "
                                f"within {self.timeout:g} s (timeout=); {after}")
        for message, category in said:
            warnings.warn(message, category, stacklevel=4)
        if answer == "error":
            raise value
        return value

    def _call_name(self, operation: str, arguments: Tuple[Any, ...], running: bool) -> str:
        """The LV2 call an operation was in; `running` once a call's instances were ready."""
        named = arguments[0] if operation in ("apply", "method", "attribute") else operation
        name = _LV2_CALLS.get(named, named)
        if name != "run":
            return name
        if self._call_start is not None:
            return f"run (a call with reset=False, from frame {self._call_start})"
        if running:
            return "run (a call with reset=True, from frame 0)"
        # Before its first run, a call with reset=True frees the last instance and makes a fresh one.
        return "cleanup or instantiate (a call with reset=True)"

    def _lose(self, child: _Child) -> Optional[int]:
        """Ends the process after a crash or a hang; returns how it ended."""
        object.__setattr__(self, "_child", None)
        object.__setattr__(self, "_stream_end", 0)
        if child.process.poll() is None:
            child.process.kill()
        status = child.process.wait()
        child.end()
        return status

    def _closed_error(self) -> ClosedError:
        return ClosedError(f"{self._description()} is closed; load it again to use it.")

    def _open_handle(self) -> int:
        """No handle here (the instance is in the plugin's process); ClosedError once closed."""
        if self._closed:
            raise self._closed_error()
        return 0

    def _apply(self, setting: str, *arguments: Any) -> None:
        with self._lock:
            object.__setattr__(self, "_setup", self._exchange("apply", (setting, arguments)))

    def _remote(self, name: str, *arguments: Any) -> Any:
        with self._lock:
            return self._exchange("method", (name, arguments))

    def get(self, symbol: str) -> float:
        value: float = self._remote("get", symbol)
        return value

    def save_state(self, directory: Any) -> None:
        self._remote("save_state", os.fspath(directory))

    def reset(self) -> None:
        with self._lock:
            self._remote("reset")
            object.__setattr__(self, "_stream_end", 0)

    @property
    def latency(self) -> int:
        with self._lock:
            latency: int = self._exchange("attribute", ("latency",))
            return latency

    @property
    def midi_output(self) -> List[MIDIEvent]:
        events: List[MIDIEvent] = self._midi_output
        return events

    def __call__(self, *arguments: Any, **keywords: Any) -> FloatArray:
        """Processes audio or MIDI as Plugin's call does (the same arguments), in the plugin's
        process: arrays go through shared memory, whole."""
        with self._lock:
            if self._child is None and not self._closed:
                self._start(("restore", (self._setup,)))
            child = self._child
            if child is None:
                raise self._closed_error()
            offset = 0
            sent: List[Any] = []
            for value in arguments:
                sent.append(child.memory.put(value, offset) if is_shared(value) else value)
                offset = _end_of(sent[-1], offset)
            sent_keywords: Dict[str, Any] = {}
            for key, value in keywords.items():
                sent_keywords[key] = child.memory.put(value, offset) if is_shared(value) else value
                offset = _end_of(sent_keywords[key], offset)
            # The frame this call starts from, for the sentence of a crash in it.
            object.__setattr__(self, "_call_start", None if keywords.get("reset", True) else self._stream_end)
            output, midi_output, stream_end = self._exchange("call", (sent, sent_keywords))
            object.__setattr__(self, "_midi_output", midi_output)
            object.__setattr__(self, "_stream_end", stream_end)
            result: FloatArray = child.memory.copy(output) if isinstance(output, SharedArray) else output
            return result

    process = __call__

    def close(self) -> None:
        """Frees the instance and ends its process; a crash in the plugin's cleanup is a
        warning (its output was complete)."""
        with self._lock:
            child = self._child
            if child is not None and not self._closed:
                try:
                    self._exchange("close", ())
                except PluginCrashed as crash:
                    warnings.warn(str(crash).split(";")[0] + ".", RuntimeWarning, stacklevel=2)
            object.__setattr__(self, "_closed", True)
            object.__setattr__(self, "_child", None)
            if child is not None:
                child.end()

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_restore_isolated, (self.uri, self.sample_rate, self.block_size, self.lv2_path, self.timeout, self._setup))


def _end_of(value: Any, offset: int) -> int:
    """Where the next array may go in the shared memory."""
    if isinstance(value, SharedArray):
        count = 1
        for length in value.shape:
            count *= length
        return value.offset + count * np.dtype(value.dtype).itemsize
    return offset


def _restore_isolated(uri: str, sample_rate: float, block_size: int, lv2_path: Optional[str], timeout: Optional[float],
                      setup: bytes) -> IsolatedPlugin:
    """A pickled isolated plugin: a new process, set up as it was."""
    return IsolatedPlugin(uri, sample_rate, block_size, lv2_path, timeout=timeout, setup=setup)
