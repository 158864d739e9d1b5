"""The C interface of libswiftlv2host (Sources/LV2HostC/include/swiftlv2.h), through ctypes.

ctypes releases the GIL for the length of every foreign call, so audio processed on
several threads runs on several cores.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any, Callable, Union, cast

import numpy as np
import numpy.typing as npt

from .errors import Error, error_of_kind

_LIBRARY_NAME = "libswiftlv2host.so"


def _library_path() -> str:
    """The library: $SWIFTLV2_LIBRARY, else the copy inside this package (installed, or put
    there by `make python`), else the one a build of the repository left."""
    if os.environ.get("SWIFTLV2_LIBRARY"):
        return os.environ["SWIFTLV2_LIBRARY"]
    package = Path(__file__).resolve().parent
    candidates = [package / _LIBRARY_NAME, package.parent.parent / ".build" / "release" / _LIBRARY_NAME]
    for candidate in candidates:
        if candidate.exists():
            return str(candidate)
    raise ImportError(f"{_LIBRARY_NAME} was not found in {package}; run `make python` in the SwiftLV2 "
                      "repository before `pip install ./python`, or set SWIFTLV2_LIBRARY.")


_c = ctypes.CDLL(_library_path())

_World = ctypes.c_void_p
_Chain = ctypes.c_void_p
_Audio = ctypes.c_void_p
# Arrays of channel pointers are passed as addresses (see `channel_pointers`).
_FloatPointers = ctypes.c_void_p
_OwnedString = ctypes.POINTER(ctypes.c_char)

_signatures: dict[str, tuple[Any, list[Any]]] = {
    "swiftlv2_last_error": (ctypes.c_char_p, []),
    "swiftlv2_last_error_kind": (ctypes.c_int32, []),
    "swiftlv2_string_free": (None, [_OwnedString]),
    "swiftlv2_world_new": (_World, [ctypes.c_char_p, ctypes.c_int32]),
    "swiftlv2_world_free": (None, [_World]),
    "swiftlv2_world_plugins_json": (_OwnedString, [_World]),
    "swiftlv2_world_warnings_json": (_OwnedString, [_World]),
    "swiftlv2_world_is_current": (ctypes.c_int32, [_World]),
    "swiftlv2_world_plugin_json": (_OwnedString, [_World, ctypes.c_char_p, ctypes.c_double]),
    "swiftlv2_chain_new": (_Chain, [_World, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int32, ctypes.c_double, ctypes.c_int32]),
    "swiftlv2_chain_join": (_Chain, [_World, ctypes.POINTER(_Chain), ctypes.c_int32]),
    "swiftlv2_chain_free": (None, [_Chain]),
    "swiftlv2_chain_reset": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_double]),
    "swiftlv2_chain_reset_side_chain": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_int32, ctypes.c_double]),
    "swiftlv2_chain_side_chain_channels": (ctypes.c_int32, [_Chain]),
    "swiftlv2_chain_input_channels": (ctypes.c_int32, [_Chain]),
    "swiftlv2_chain_output_channels": (ctypes.c_int32, [_Chain]),
    "swiftlv2_chain_sends_midi": (ctypes.c_int32, [_Chain]),
    "swiftlv2_chain_position": (ctypes.c_int64, [_Chain]),
    "swiftlv2_chain_latency": (ctypes.c_int64, [_Chain]),
    "swiftlv2_chain_set": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p, ctypes.c_char_p]),
    "swiftlv2_chain_set_control": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p, ctypes.c_float]),
    "swiftlv2_chain_get_control": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p, ctypes.POINTER(ctypes.c_float)]),
    "swiftlv2_chain_load_preset": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p]),
    "swiftlv2_chain_load_state": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p]),
    "swiftlv2_chain_save_state": (ctypes.c_int32, [_Chain, ctypes.c_int32, ctypes.c_char_p]),
    "swiftlv2_chain_add_midi": (ctypes.c_int32, [_Chain, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_uint8),
                                                 ctypes.POINTER(ctypes.c_int32), ctypes.c_int32]),
    "swiftlv2_chain_add_midi_file": (ctypes.c_int32, [_Chain, ctypes.c_char_p, ctypes.c_double, ctypes.POINTER(ctypes.c_double)]),
    "swiftlv2_chain_process": (ctypes.c_int32, [_Chain, _FloatPointers, ctypes.c_int32, _FloatPointers, ctypes.c_int32, ctypes.c_int64]),
    "swiftlv2_chain_process_planar": (ctypes.c_int32, [_Chain, ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64]),
    "swiftlv2_chain_plugin_json": (_OwnedString, [_Chain, ctypes.c_int32]),
    "swiftlv2_chain_take_midi_output_json": (_OwnedString, [_Chain]),
    "swiftlv2_chain_holds_notes": (ctypes.c_int32, [_Chain]),
    "swiftlv2_chain_end_held_notes": (_OwnedString, [_Chain]),
    "swiftlv2_tail_cap_seconds": (ctypes.c_double, []),
    "swiftlv2_audio_read": (_Audio, [ctypes.c_char_p]),
    "swiftlv2_audio_channels": (ctypes.c_int32, [_Audio]),
    "swiftlv2_audio_frames": (ctypes.c_int64, [_Audio]),
    "swiftlv2_audio_sample_rate": (ctypes.c_double, [_Audio]),
    "swiftlv2_audio_copy": (None, [_Audio, _FloatPointers]),
    "swiftlv2_audio_free": (None, [_Audio]),
    "swiftlv2_default_sample_rate": (ctypes.c_double, []),
    "swiftlv2_default_block_length": (ctypes.c_int32, []),
    "swiftlv2_frames": (ctypes.c_int64, [ctypes.c_double, ctypes.c_double]),
    "swiftlv2_audio_write": (ctypes.c_int32, [ctypes.c_char_p, _FloatPointers, ctypes.c_int32, ctypes.c_int64, ctypes.c_double, ctypes.c_char_p]),
}

for _name, (_restype, _argtypes) in _signatures.items():
    _function = getattr(_c, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes


def last_error() -> Error:
    """The calling thread's last failure in the library, as the exception of its kind."""
    return error_of_kind(_c.swiftlv2_last_error_kind(), _c.swiftlv2_last_error().decode())


class _Functions:
    """The library's functions without their `swiftlv2_` prefix; those that can fail raise the
    `Error` of the failure's kind."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        function = getattr(_c, "swiftlv2_" + name)
        restype = _signatures["swiftlv2_" + name][0]

        def checked(*arguments: Any) -> Any:
            value = function(*arguments)
            failed = (restype in (_World, _Chain, _Audio, _OwnedString) and not value) or \
                     (restype in (ctypes.c_int32, ctypes.c_int64) and value == -1)
            if failed:
                raise last_error()
            if restype is _OwnedString:
                text = ctypes.string_at(value).decode()
                _c.swiftlv2_string_free(value)
                return text
            return value

        setattr(self, name, checked)
        return checked


c = _Functions()


# A file's name as Python gives it: str (with surrogate escapes where it is not UTF-8, as
# os.listdir returns it), bytes, or a path object of either.
FileName = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def encode(text: FileName) -> bytes:
    """Bytes for the library: a path's own bytes (a name that is not UTF-8, given as bytes or as
    the str os.listdir returns with surrogate escapes, reaches the library as it is, which opens
    that very file)."""
    return os.fsencode(text) if isinstance(text, (str, bytes, os.PathLike)) else str(text).encode()


FloatArray = npt.NDArray[np.float32]


def channel_pointers(array: FloatArray) -> npt.NDArray[np.uintp]:
    """The addresses of the rows of a C-contiguous (channels, frames) float32 array, as an array
    whose `.ctypes.data` is the `float *const *` the library takes (keep it alive for the call)."""
    return (np.arange(array.shape[0], dtype=np.uintp) * np.uintp(array.strides[0]) + np.uintp(array.ctypes.data)).astype(np.uintp)


def process(handle: int, inputs: FloatArray, outputs: FloatArray, frames: int, position: int, piece: int) -> None:
    """Runs `frames` frames from `position` (frames since the reset) through the chain: `inputs`
    and `outputs` are C-contiguous (channels, frames) float32 arrays. A call within one `piece`
    is one `swiftlv2_chain_process_planar` call without the checked wrapper, as each block of a
    stream is. A longer one runs piece by piece, each ending on a multiple of `piece` frames
    since the reset (a whole number of blocks, so the plugins run the same blocks), and Python
    gets a turn between pieces: Ctrl-C raises KeyboardInterrupt there."""
    if frames <= piece - position % piece:
        if _c.swiftlv2_chain_process_planar(handle, address(inputs), inputs.shape[0],
                                            address(outputs), outputs.shape[0], frames) != 0:
            raise last_error()
        return
    input_rows, output_rows = channel_pointers(inputs), channel_pointers(outputs)
    done = 0
    while done < frames:
        count = min(piece - (position + done) % piece, frames - done)
        # The channel pointers moved on by `done` samples, alive through the call.
        inputs_here, outputs_here = input_rows + np.uintp(done * 4), output_rows + np.uintp(done * 4)
        if _c.swiftlv2_chain_process(handle, inputs_here.ctypes.data, inputs.shape[0],
                                     outputs_here.ctypes.data, outputs.shape[0], count) != 0:
            raise last_error()
        done += count


def address(array: FloatArray) -> int:
    """Where an array's samples are: through ctypes' buffer protocol, three times quicker than
    numpy's `.ctypes.data`, which serves for what it refuses (read-only or empty arrays)."""
    try:
        # numpy's stubs do not say that arrays are buffers.
        return ctypes.addressof(ctypes.c_char.from_buffer(cast(Any, array)))
    except (TypeError, ValueError):
        return array.ctypes.data

