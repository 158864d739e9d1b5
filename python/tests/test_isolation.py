"""`load(uri, isolate=True)` runs the plugin in a process of its own: the samples are the
in-process ones, and a crash or a hang there is a PluginCrashed here, after which Python (and
the plugin, afresh) goes on (docs/python.md, "When a plugin fails")."""

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import swiftlv2
from conftest import EG_AMP, EG_FIFTHS, RATE_ADAPTER, SYNTH, assert_same_sound, noise
from misbehaving import CRASH_FRAME, CRASHES_IN_CLEANUP, CRASHES_IN_INSTANTIATE, CRASHES_IN_RUN, HANGS_IN_RUN, LEVEL, build_misbehaving

AFTER_A_CRASH = "its process was ended, and the plugin starts afresh, set up as it was, at its next use."


@pytest.fixture(scope="module")
def misbehaving(tmp_path_factory):
    return str(build_misbehaving(tmp_path_factory.mktemp("lv2")))


def test_a_crash_in_run_is_plugin_crashed_and_python_goes_on(misbehaving):
    plugin = swiftlv2.load(CRASHES_IN_RUN, lv2_path=misbehaving, block_size=256, isolate=True)
    quiet = np.zeros(CRASH_FRAME - 200, dtype=np.float32)
    assert np.array_equal(plugin(quiet, reset=False), quiet + LEVEL)
    with pytest.raises(swiftlv2.PluginCrashed) as crash:
        plugin(quiet, reset=False)
    assert str(crash.value) == (f"The plugin {CRASHES_IN_RUN} crashed in run (a call with reset=False, from frame {CRASH_FRAME - 200}) "
                                f"with SIGSEGV (Segmentation fault); {AFTER_A_CRASH}")
    assert isinstance(crash.value, swiftlv2.Error) and isinstance(crash.value, RuntimeError)
    # Afresh: a new instance, which runs until the crash frame again.
    assert np.array_equal(plugin(quiet), quiet + LEVEL)
    with pytest.raises(swiftlv2.PluginCrashed, match=r"in run \(a call with reset=True, from frame 0\)"):
        plugin(np.zeros(2 * CRASH_FRAME, dtype=np.float32))
    plugin.close()


def test_a_hang_in_run_ends_after_the_timeout(misbehaving):
    plugin = swiftlv2.load(HANGS_IN_RUN, lv2_path=misbehaving, isolate=True, timeout=1)
    process = plugin._child.process
    with pytest.raises(swiftlv2.PluginCrashed) as hang:
        plugin(np.zeros(2 * CRASH_FRAME, dtype=np.float32))
    assert str(hang.value) == f"The plugin {HANGS_IN_RUN} did not return from run (a call with reset=True, " \
                              "from frame 0) within 1 s " \
                              f"(timeout=); {AFTER_A_CRASH}"
    assert process.poll() is not None
    short = noise(1, CRASH_FRAME // 2)[0]
    assert np.array_equal(plugin(short), short + LEVEL)
    plugin.close()


def test_a_crash_in_instantiate_is_plugin_crashed(misbehaving):
    with pytest.raises(swiftlv2.PluginCrashed) as crash:
        swiftlv2.load(CRASHES_IN_INSTANTIATE, lv2_path=misbehaving, isolate=True)
    assert str(crash.value) == f"The plugin {CRASHES_IN_INSTANTIATE} crashed in instantiate with SIGABRT (Aborted); " \
                               "its process was ended."


def test_a_crash_in_cleanup_is_a_warning_after_the_output(misbehaving):
    plugin = swiftlv2.load(CRASHES_IN_CLEANUP, lv2_path=misbehaving, isolate=True)
    short = np.zeros(CRASH_FRAME // 2, dtype=np.float32)
    # reset=False: the instance loaded is used, and none is freed before close().
    assert np.array_equal(plugin(short, reset=False), short + LEVEL)
    with pytest.warns(RuntimeWarning) as warned:
        plugin.close()
    assert [str(warning.message) for warning in warned] == \
        [f"The plugin {CRASHES_IN_CLEANUP} crashed in cleanup with SIGABRT (Aborted)."]
    assert plugin.closed


def test_a_crash_freeing_the_last_instance_in_a_call_with_reset_is_named_apart_from_run(misbehaving):
    plugin = swiftlv2.load(CRASHES_IN_CLEANUP, lv2_path=misbehaving, isolate=True)
    short = np.zeros(CRASH_FRAME // 2, dtype=np.float32)
    assert np.array_equal(plugin(short, reset=False), short + LEVEL)
    with pytest.raises(swiftlv2.PluginCrashed) as crash:
        plugin(short)
    assert str(crash.value) == f"The plugin {CRASHES_IN_CLEANUP} crashed in cleanup or instantiate (a call with " \
                               f"reset=True) with SIGABRT (Aborted); {AFTER_A_CRASH}"
    plugin.close()


def test_ctrl_c_ends_a_hanging_plugins_process(misbehaving):
    plugin = swiftlv2.load(HANGS_IN_RUN, lv2_path=misbehaving, isolate=True, timeout=None)
    process = plugin._child.process
    threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        plugin(np.zeros(2 * CRASH_FRAME, dtype=np.float32))
    assert process.wait(timeout=10) == -signal.SIGKILL
    short = np.zeros(CRASH_FRAME // 2, dtype=np.float32)
    assert np.array_equal(plugin(short), short + LEVEL)
    plugin.close()


def test_a_plugin_loaded_in_a_thread_lives_on_after_it():
    with ThreadPoolExecutor(1) as pool:
        amp = pool.submit(swiftlv2.load, EG_AMP, isolate=True).result()
    time.sleep(1)
    audio = noise(1, 1000)[0]
    assert np.array_equal(amp(audio), swiftlv2.load(EG_AMP)(audio))
    amp.close()


def test_a_hanging_plugins_process_ends_with_python(misbehaving):
    # Python ends while the plugin hangs in run, deaf to its socket.
    script = ("import os, threading, time, numpy, swiftlv2\n"
              f"plugin = swiftlv2.load({HANGS_IN_RUN!r}, lv2_path={misbehaving!r}, isolate=True, timeout=None)\n"
              "threading.Thread(target=plugin, args=(numpy.zeros(2000, numpy.float32),), daemon=True).start()\n"
              "time.sleep(1)\n"
              "print(plugin._child.process.pid, flush=True)\n"
              "os._exit(0)")
    # Only the first line is read: a plugin's process that outlived Python would hold the pipe open.
    started = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = int(started.stdout.readline())
    started.wait()
    for _ in range(100):
        if not os.path.exists(f"/proc/{child}") or open(f"/proc/{child}/stat").read().split()[2] == "Z":
            break
        time.sleep(0.1)
    else:
        os.kill(child, signal.SIGKILL)
        pytest.fail(f"the plugin's process {child} outlived the Python that started it")


@pytest.mark.parametrize("block_size", [512, 64, 1000])
def test_isolated_plugins_give_the_in_process_samples(block_size):
    audio = noise(2, 30000, seed=block_size)
    for isolate in (False, True):
        adapter = swiftlv2.load(RATE_ADAPTER, block_size=block_size, isolate=isolate)
        adapter.load_preset("AM radio")
        adapter.mix = 0.8
        amp = swiftlv2.load(EG_AMP, block_size=block_size, isolate=isolate)
        amp.gain = -6
        synth = swiftlv2.load(SYNTH, block_size=block_size, isolate=isolate)
        outputs = [adapter(audio), adapter(audio.T), amp(audio[0]),
                   synth([(69, 0.0, 0.3), (72, 0.1, 0.4, 70)], duration=0.6)]
        # A stream in chunks of uneven sizes.
        chunks = np.split(audio, [100, 611, 5000, 5001, 17000], axis=1)
        outputs.append(np.concatenate([adapter(chunk, reset=False) for chunk in chunks], axis=1))
        if isolate:
            for output, expected in zip(outputs, in_process):
                assert output.shape == expected.shape
                assert_same_sound(output, expected)
        in_process = outputs


def test_settings_state_and_midi_out_as_in_process(tmp_path):
    isolated = swiftlv2.load(RATE_ADAPTER, isolate=True)
    isolated.load_preset("Telephone")
    isolated.bits = 10
    assert isolated.bits == 10
    isolated.save_state(tmp_path / "state")
    plain = swiftlv2.load(RATE_ADAPTER)
    plain.load_state(tmp_path / "state")
    audio = noise(2, 20000)
    assert_same_sound(isolated(audio), plain(audio))
    copy = pickle.loads(pickle.dumps(isolated))
    assert isinstance(copy, swiftlv2.IsolatedPlugin)
    assert_same_sound(copy(audio), plain(audio))
    fifths = swiftlv2.load(EG_FIFTHS, isolate=True)
    fifths([(60, 0.0, 0.5, 100)], duration=1.0)
    assert [(event.frame, event.bytes[1]) for event in fifths.midi_output] == [(0, 60), (0, 67), (24000, 60), (24000, 67)]
    with pytest.raises(swiftlv2.ParameterNotFoundError, match="has no control input or parameter 'nope'"):
        isolated.nope = 1
    with pytest.raises(swiftlv2.InvalidValueError, match="cannot join a Chain"):
        swiftlv2.Chain([isolated])
    for plugin in (isolated, copy, fifths):
        plugin.close()
    with pytest.raises(swiftlv2.ClosedError):
        isolated(audio)
