"""Audio that an isolated plugin's process and Python's share: one memory file (memfd) mapped by
both, holding a whole call's input, then its output, so that only a few bytes of each call go
through the pipe."""

from __future__ import annotations

import mmap
import os
from typing import Any, NamedTuple, Optional

import numpy as np
import numpy.typing as npt

# Each array starts on a cache line.
_ALIGNMENT = 64
# The memory file's first size; it grows to the largest call.
INITIAL_BYTES = 1 << 20
# Arrays of these types go through the shared memory; any other value is pickled as it is.
_SHARED_TYPES = (np.dtype(np.float32), np.dtype(np.float64))


class SharedArray(NamedTuple):
    """Where an array lies in the shared memory: sent in its place."""
    offset: int
    shape: tuple[int, ...]
    dtype: str
    # The array is the transpose of the C-ordered one stored (a (frames, channels) view of
    # (channels, frames) samples, as a call gives back).
    transposed: bool


class SharedAudio:
    """One side's mapping of the memory file `descriptor`."""

    def __init__(self, descriptor: int) -> None:
        self.descriptor = descriptor
        self._map: Optional[mmap.mmap] = None
        self._mapped = 0

    def _memory(self, size: int) -> mmap.mmap:
        """The mapping, at least `size` bytes long: the file grows if it is shorter, and a
        shorter mapping is replaced (an old one lives on while arrays still view it)."""
        if os.fstat(self.descriptor).st_size < size:
            os.ftruncate(self.descriptor, size)
        if self._map is None or self._mapped < size:
            self._mapped = os.fstat(self.descriptor).st_size
            self._map = mmap.mmap(self.descriptor, self._mapped)
        return self._map

    def put(self, array: npt.NDArray[Any], offset: int = 0) -> SharedArray:
        """Copies `array` in at `offset` (or past it, aligned); returns where it lies."""
        transposed = not array.flags.c_contiguous and array.T.flags.c_contiguous
        stored = array.T if transposed else array
        start = -(-offset // _ALIGNMENT) * _ALIGNMENT
        memory = self._memory(max(start + stored.nbytes, 1))
        view: npt.NDArray[Any] = np.frombuffer(memory, dtype=stored.dtype, count=stored.size, offset=start)
        np.copyto(view.reshape(stored.shape), stored)
        return SharedArray(start, stored.shape, stored.dtype.str, transposed)

    def view(self, where: SharedArray) -> npt.NDArray[Any]:
        """The array at `where`, in place (valid until the memory is written again)."""
        count = int(np.prod(where.shape, dtype=np.int64))
        memory = self._memory(where.offset + count * np.dtype(where.dtype).itemsize)
        array: npt.NDArray[Any] = np.frombuffer(memory, dtype=where.dtype, count=count, offset=where.offset).reshape(where.shape)
        return array.T if where.transposed else array

    def copy(self, where: SharedArray) -> npt.NDArray[Any]:
        """The array at `where`, as an array of its own, laid out as it was put."""
        array = self.view(where)
        return (array.T.copy().T if where.transposed else array.copy())


def is_shared(value: object) -> bool:
    """Whether `value` goes through the shared memory: float audio."""
    return isinstance(value, np.ndarray) and value.dtype in _SHARED_TYPES


def new_memory_file() -> int:
    """A memory file of INITIAL_BYTES, closed on exec unless passed on."""
    descriptor = os.memfd_create("swiftlv2-audio")
    os.ftruncate(descriptor, INITIAL_BYTES)
    return descriptor
