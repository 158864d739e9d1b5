"""swiftlv2's exceptions and warnings: one type for each kind of mistake, each also the
built-in a Python user would catch, so the same mistake has the same type wherever it is made.

The kinds are the C interface's (`swiftlv2_last_error_kind()`, HostError.Kind in Swift); a
mistake caught on the Python side before the library sees it gets the type of its kind too.
"""

from __future__ import annotations

from typing import Dict, Type


class Error(Exception):
    """Every failure of the host, with one plain sentence (lv2render's message); `kind` is the
    C interface's code for it."""

    kind: int = 0

    def __str__(self) -> str:
        # KeyError would quote the sentence.
        return str(self.args[0]) if self.args else ""


class InvalidValueError(Error, ValueError):
    """A value, label, name or combination the host cannot take: out of range, not a number, no
    such scale point, audio of the wrong shape."""

    kind = 1


class NotFoundError(Error, KeyError):
    """No plugin, preset, port, parameter or chain stage by that name."""

    kind = 2


class ParameterNotFoundError(NotFoundError, AttributeError):
    """No control input or patch parameter by that name: `p.nope`, `p.nope = 1` and
    `p.set_parameter("nope", 1)` all raise it (an AttributeError too, as attributes must)."""


class FileError(Error, OSError):
    """A file or folder that is missing, unreadable or cannot be written."""

    kind = 3


class PluginCrashed(Error, RuntimeError):
    """A plugin crashed while the host ran it."""

    kind = 4


class ClosedError(InvalidValueError):
    """A plugin, chain or world used after `close()` (or after its `with` block)."""


class NonFiniteOutputWarning(RuntimeWarning):
    """The plugins output samples that are not numbers (NaN or infinity); they are returned as
    0, as lv2render writes them. `warnings.simplefilter("error", NonFiniteOutputWarning)` makes
    it an exception."""


_BY_KIND: Dict[int, Type[Error]] = {kind.kind: kind for kind in (InvalidValueError, NotFoundError, FileError, PluginCrashed)}


def error_of_kind(kind: int, message: str) -> Error:
    """The exception for a failure the library reports with `kind`."""
    return _BY_KIND.get(kind, Error)(message)
