"""Plugins and chains of plugins, called on numpy audio or MIDI as pedalboard's are."""

import ctypes
import json
import math
import os
import weakref

import numpy as np

from ._library import c, encode, process
from .midi import MIDIEvent, file_messages, is_midi, timed_messages
from .parameters import Parameter
from .world import describe, world

DEFAULT_SAMPLE_RATE = 48000
# lv2render's default block length: the Python path gives its samples.
DEFAULT_BLOCK_SIZE = 512
# Seconds rendered after the last MIDI event when no duration is given.
DEFAULT_TAIL = 1.0


class _ChainState:
    """What a chain says about itself, kept from one reset to the next: a stream of short calls
    then costs one foreign call each."""
    __slots__ = ("input_channels", "output_channels", "sends_midi", "position", "midi_output")

    def __init__(self, input_channels, output_channels, sends_midi, position):
        self.input_channels, self.output_channels, self.sends_midi = input_channels, output_channels, sends_midi
        self.position = position
        self.midi_output = []


def _free(handle):
    """Frees a chain; at interpreter exit the library may already be gone, and then it does not matter."""
    try:
        if handle:
            c.chain_free(handle)
    except Exception:
        pass


def _frames(seconds, sample_rate):
    """The frame count for `seconds`, rounded half away from zero as lv2render rounds it."""
    value = seconds * sample_rate
    whole = math.floor(value)
    return int(whole + (1 if value - whole >= 0.5 else 0))


class _Processor:
    """What plugins and chains share: calling them on audio or MIDI."""

    sample_rate = DEFAULT_SAMPLE_RATE
    block_size = DEFAULT_BLOCK_SIZE
    _state = None

    @property
    def midi_output(self):
        """The MIDI the last plugin sent in the latest call, as MIDIEvents."""
        return self._state.midi_output if self._state else []

    def _handle_for_call(self, reset, input_channels, bpm):
        """The chain to run this call on, reset if the call asks for it."""
        raise NotImplementedError

    def _mirror(self, handle):
        """Reads what the chain says about itself, after it is made or reset."""
        self._state = _ChainState(c.chain_input_channels(handle), c.chain_output_channels(handle),
                                  bool(c.chain_sends_midi(handle)), c.chain_position(handle))

    @property
    def latency(self):
        """The latency the plugins report, in frames (the output is not shifted to make up for it)."""
        return c.chain_latency(self._handle_for_call(False, None, None))

    def __call__(self, source=None, sample_rate=None, *, duration=None, reset=True, bpm=None, tail=DEFAULT_TAIL,
                 compensate_latency=False):
        """Processes `source` and returns the output as float32 (channels, frames), 1-D when a
        1-D (mono) input gives one output channel.

        source: audio as numpy (channels, frames) or 1-D for mono; or MIDI for an instrument: a
        list of (note, start, duration[, velocity]) tuples, of mido messages whose `time` is
        seconds, a mido MidiFile, or a MIDI file's path. MIDI times count from this call's start.
        duration: seconds to render (default: the audio's length, or the MIDI's end plus `tail`).
        reset: start from fresh instances (True), or carry on from the previous call (False), so
        that a stream processed in chunks gives the samples of one call.
        bpm: the tempo for plugins that follow the transport (at a reset; default 120, or the
        MIDI file's tempo map).
        compensate_latency: shift the output back by the latency the plugins report, rendering
        that much longer, as lv2render's --compensate-latency (with reset=True only).
        A plugin that sends MIDI and has no audio output returns its MIDI events instead.
        """
        if sample_rate is not None and float(sample_rate) != self.sample_rate:
            raise ValueError(f"The audio is at {sample_rate} Hz but the plugin runs at {self.sample_rate:g} Hz; "
                             f"load it with sample_rate={sample_rate}.")
        audio, midi, mono = None, None, False
        if source is not None and not isinstance(source, np.ndarray) and is_midi(source):
            midi = source
        elif source is not None:
            audio = np.asarray(source, dtype=np.float32)
            if audio.ndim == 1:
                mono, audio = True, audio[np.newaxis, :]
            if audio.ndim != 2:
                raise ValueError(f"Audio is (channels, frames), or 1-D for mono, not an array of shape {audio.shape}.")
            audio = np.ascontiguousarray(audio)
        handle = self._handle_for_call(reset, 0 if audio is None else audio.shape[0], bpm)
        state = self._state
        first_frame = state.position
        start = first_frame / self.sample_rate
        content_end = 0.0
        if midi is not None:
            content_end = self._queue_midi(handle, midi, start) - start
        if duration is not None:
            if not 0 <= float(duration) < math.inf:
                raise ValueError(f"The duration must be 0 seconds or more, not {duration}.")
            frames = _frames(float(duration), self.sample_rate)
        elif audio is not None:
            frames = audio.shape[1]
        elif midi is not None:
            frames = _frames(content_end + tail, self.sample_rate)
        else:
            raise ValueError("Give audio, MIDI or a duration to render.")
        if audio is None:
            audio = np.empty((0, frames), dtype=np.float32)
        elif audio.shape[1] != frames:
            fitted = np.zeros((audio.shape[0], frames), dtype=np.float32)
            fitted[:, :min(frames, audio.shape[1])] = audio[:, :frames]
            audio = fitted
        dropped = 0
        if compensate_latency:
            if not reset:
                raise ValueError("compensate_latency= shifts a whole render: call with reset=True.")
            dropped = c.chain_latency(handle)
            audio = np.concatenate([audio, np.zeros((audio.shape[0], dropped), dtype=np.float32)], axis=1)
        output = np.empty((state.output_channels, frames + dropped), dtype=np.float32)
        process(handle, audio, output, frames + dropped)
        state.position += frames + dropped
        if dropped:
            output = np.ascontiguousarray(output[:, dropped:])
        if state.sends_midi:
            # By frame from this call's start, as the MIDI in is timed.
            start_frame = first_frame + dropped
            state.midi_output = [MIDIEvent(frame - start_frame, (frame - start_frame) / self.sample_rate, bytes(data))
                                 for frame, data in json.loads(c.chain_take_midi_output_json(handle))
                                 if 0 <= frame - start_frame < frames]
        if output.shape[0] == 0:
            return state.midi_output
        return output[0] if mono and output.shape[0] == 1 else output

    process = __call__

    def _queue_midi(self, handle, midi, start):
        """Queues MIDI from `start` seconds since the reset; returns where it ends, in seconds since the reset."""
        if isinstance(midi, (str, os.PathLike)):
            end = ctypes.c_double()
            c.chain_add_midi_file(handle, encode(os.fspath(midi)), start, ctypes.byref(end))
            return end.value
        messages = file_messages(midi) if type(midi).__name__ == "MidiFile" else timed_messages(midi)
        if messages:
            count = len(messages)
            data = b"".join(message for _, message in messages)
            c.chain_add_midi(handle, (ctypes.c_double * count)(*[start + seconds for seconds, _ in messages]),
                             (ctypes.c_uint8 * len(data)).from_buffer_copy(data),
                             (ctypes.c_int32 * count)(*[len(message) for _, message in messages]), count)
        return start + max((seconds for seconds, _ in messages), default=0.0)


class Plugin(_Processor):
    """One LV2 plugin, instantiated at `sample_rate`. Its control inputs are attributes by
    symbol (`p.gain = -6`); `parameters` describes them."""

    def __init__(self, uri, sample_rate=DEFAULT_SAMPLE_RATE, block_size=DEFAULT_BLOCK_SIZE, lv2_path=None):
        the_world = world(lv2_path)
        uris = (ctypes.c_char_p * 1)(encode(uri))
        handle = c.chain_new(the_world, uris, 1, float(sample_rate), int(block_size))
        info = describe(uri, lv2_path)
        set_internal = super().__setattr__
        set_internal("_handle", handle)
        set_internal("lv2_path", lv2_path)
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
        return (_restore_plugin, (self.uri, self.sample_rate, self.block_size, self.lv2_path, list(self._settings)))

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
            handle = c.chain_join(world(self.plugins[0].lv2_path), handles, len(self.plugins))
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


def _restore_plugin(uri, sample_rate, block_size, lv2_path, settings):
    """A pickled plugin, loaded again and set up as it was."""
    plugin = Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path)
    for setting, *arguments in settings:
        plugin._apply(setting, *arguments)
    return plugin


def load(uri, sample_rate=DEFAULT_SAMPLE_RATE, block_size=DEFAULT_BLOCK_SIZE, lv2_path=None):
    """Loads the plugin `uri` from the LV2 path at `sample_rate`."""
    return Plugin(uri, sample_rate=sample_rate, block_size=block_size, lv2_path=lv2_path)
