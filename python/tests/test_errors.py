"""Errors with kinds: the same mistake has the same type wherever it is made, a type that is
also the built-in a Python user catches, with the C interface's kind code."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

import swiftlv2
from conftest import EG_AMP, EG_SAMPLER, RATE_ADAPTER, SYNTH


def test_each_kind_is_also_the_builtin() -> None:
    assert issubclass(swiftlv2.NotFoundError, KeyError) and issubclass(swiftlv2.NotFoundError, LookupError)
    assert issubclass(swiftlv2.InvalidValueError, ValueError)
    assert issubclass(swiftlv2.FileError, OSError)
    assert issubclass(swiftlv2.ParameterNotFoundError, AttributeError)
    for kind in (swiftlv2.NotFoundError, swiftlv2.InvalidValueError, swiftlv2.FileError, swiftlv2.PluginCrashed):
        assert issubclass(kind, swiftlv2.Error)
    assert [kind.kind for kind in (swiftlv2.InvalidValueError, swiftlv2.NotFoundError, swiftlv2.FileError,
                                   swiftlv2.PluginCrashed)] == [1, 2, 3, 4]


@pytest.mark.parametrize("mistake, kind, message", [
    (lambda: swiftlv2.load("urn:nowhere"), swiftlv2.NotFoundError, r"^No plugin with URI urn:nowhere was found"),
    (lambda: swiftlv2.describe("urn:nowhere"), swiftlv2.NotFoundError, r"^No plugin with URI urn:nowhere was found"),
    (lambda: swiftlv2.load(RATE_ADAPTER).load_preset("Nothing"), swiftlv2.NotFoundError,
     r"^The plugin urn:swiftlv2:rate-adapter has no preset Nothing; its presets are "),
    (lambda: swiftlv2.read("missing.wav"), swiftlv2.FileError, r"^The audio file .*missing\.wav does not exist\.$"),
    (lambda: swiftlv2.load(RATE_ADAPTER).load_state("no-state"), swiftlv2.FileError, r"^The state .*no-state does not exist\.$"),
    (lambda: swiftlv2.write("no-folder/out.wav", np.zeros(10), 48000), swiftlv2.FileError,
     r"^The output directory .*no-folder does not exist\.$"),
    (lambda: swiftlv2.load(SYNTH, sample_rate=-1), swiftlv2.InvalidValueError, r"sample rate"),
    (lambda: swiftlv2.write("out.wav", np.zeros(10), 48000, format="pcm8"), swiftlv2.InvalidValueError,
     r"^The sample format must be pcm16, pcm24 or float32, not \"pcm8\"\.$"),
])
def test_the_library_reports_each_mistake_with_its_kind(mistake: Callable[[], object], kind: type, message: str,
                                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(kind, match=message):
        mistake()


def test_the_c_interface_gives_the_kind_code() -> None:
    # Functions of their own, so that the package's signatures stay as they are.
    library = ctypes.CDLL(swiftlv2._library._library_path())
    library.swiftlv2_world_new.restype = ctypes.c_void_p
    world = library.swiftlv2_world_new(b"/nowhere", 0)
    library.swiftlv2_world_plugin_json.restype = ctypes.c_void_p
    assert library.swiftlv2_world_plugin_json(ctypes.c_void_p(world), b"urn:nowhere") is None
    assert library.swiftlv2_last_error_kind() == 2
    library.swiftlv2_world_free(ctypes.c_void_p(world))
    assert library.swiftlv2_last_error_kind() == 2


def test_a_bad_value_or_label_is_a_value_error_by_attribute_or_by_name() -> None:
    amp = swiftlv2.load(EG_AMP)

    def by_attribute(value: object) -> None:
        amp.gain = value

    def by_name(value: object) -> None:
        amp.set_parameter("gain", value)  # type: ignore[arg-type]

    for set_it in (by_attribute, by_name):
        with pytest.raises(swiftlv2.InvalidValueError, match=r"^The value 100 for gain is outside its range -90 to 24\.$"):
            set_it(100)
        with pytest.raises(swiftlv2.InvalidValueError, match=r'^The value "loud" for gain is not a number or one of its labels \("-10", "-5", "0", "\+5"\)\.$'):
            set_it("loud")
        with pytest.raises(TypeError, match=r"^The value for gain is a number or a label, not NoneType None\.$"):
            set_it(None)


def test_a_missing_parameter_lists_what_the_plugin_has() -> None:
    adapter = swiftlv2.load(RATE_ADAPTER)
    controls = ", ".join(adapter.parameters)
    expected = (rf"^The plugin urn:swiftlv2:rate-adapter has no control input or parameter 'nope'; its control inputs are "
                rf"{controls}, and its parameters none\.$")
    for mistake in (lambda: setattr(adapter, "nope", 1), lambda: adapter.nope):
        with pytest.raises(swiftlv2.ParameterNotFoundError, match=expected):
            mistake()
    assert len(adapter.parameters) > 3 and not hasattr(adapter, "nope")
    # By name, the library's sentence: the one lv2render's --set and the test kit give.
    with pytest.raises(swiftlv2.ParameterNotFoundError, match=rf'^The plugin urn:swiftlv2:rate-adapter has no port with symbol "nope"; valid symbols are {controls}\.$'):
        adapter.set_parameter("nope", 1)
    sampler = swiftlv2.load(EG_SAMPLER)
    with pytest.raises(KeyError, match=r"it has no control or CV inputs, and its parameters are gain, sample\.$"):
        sampler.set_parameter("nope", "x")


def test_lv2_path_takes_a_string_a_path_or_a_list(tmp_path: Path) -> None:
    # A folder of bundles holding ours alone, and an empty one.
    folder, empty = tmp_path / "lv2", tmp_path / "empty"
    folder.mkdir()
    empty.mkdir()
    (folder / "swiftlv2.lv2").symlink_to(Path(os.environ.get("SWIFTLV2_ROOT", Path(__file__).parents[2])) / "plugin.lv2")
    paths: list[swiftlv2.world.LV2Path] = [str(folder), folder, [folder], [str(folder), empty], f"{folder}:{empty}"]
    for lv2_path in paths:
        assert [plugin.uri for plugin in swiftlv2.plugins(lv2_path=lv2_path)] == [RATE_ADAPTER, SYNTH]
    assert swiftlv2.load(SYNTH, lv2_path=[folder]).lv2_path == str(folder)
    with pytest.raises(TypeError, match=r"^lv2_path= is a folder, a list of folders or a ':'-separated string, not 3\.$"):
        swiftlv2.plugins(lv2_path=3)  # type: ignore[arg-type]


def test_check_is_the_function_and_its_module_is_private() -> None:
    assert callable(swiftlv2.check) and swiftlv2.check.__module__ == "swiftlv2._check"
