"""swiftlv2: LV2 plugins from Python, through SwiftLV2's offline host (the one lv2render runs).

    import swiftlv2
    synth = swiftlv2.load("urn:swiftlv2:sine-synth")
    audio = synth([(69, 0.0, 0.5), (72, 0.5, 0.5)], duration=1.5)   # (channels, frames) float32
    swiftlv2.write("notes.wav", audio, synth.sample_rate)
"""

# SwiftLV2's version, as `lv2render --version` prints it (python/tests/test_settings.py checks).
__version__ = "4.0"

from ._check import check
from .audio_files import read, write
from .chain import Chain
from .errors import (ClosedError, Error, FileError, InvalidValueError, NonFiniteOutputWarning, NotFoundError,
                     ParameterNotFoundError, PluginCrashed)
from .midi import MIDIEvent
from .parameters import Parameter
from .isolated import IsolatedPlugin
from .plugin import Plugin, load
from .world import PluginSummary, World, describe, plugins

__all__ = ["Chain", "ClosedError", "Error", "FileError", "InvalidValueError", "IsolatedPlugin", "MIDIEvent", "NonFiniteOutputWarning",
           "NotFoundError", "Parameter", "ParameterNotFoundError", "Plugin", "PluginCrashed", "PluginSummary", "World",
           "check", "describe", "load", "plugins", "read", "write"]
