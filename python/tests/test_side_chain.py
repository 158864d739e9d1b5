"""A plugin with a side-chain input (a-comp, a-exp) loads and takes audio on its main inputs;
`sidechain=` feeds the side-chain; the errors name Python's arguments, never lv2render's options."""

import subprocess

import numpy as np
import pytest

import swiftlv2

URI = "urn:swiftlv2:test:python-side-chain"

# out = in - key: the side-chain's audio is heard only where it is given.
SOURCE = r"""
#include <lv2/core/lv2.h>
#include <stdlib.h>
typedef struct { const float *in, *key; float *out; } Ducker;
static LV2_Handle instantiate(const LV2_Descriptor *d, double r, const char *p, const LV2_Feature *const *f) {
    return calloc(1, sizeof(Ducker));
}
static void connect_port(LV2_Handle h, uint32_t port, void *data) {
    Ducker *self = h;
    if (port == 0) self->in = data; else if (port == 1) self->key = data; else self->out = data;
}
static void run(LV2_Handle h, uint32_t frames) {
    Ducker *self = h;
    for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] - self->key[i];
}
static void cleanup(LV2_Handle h) { free(h); }
static const LV2_Descriptor descriptor = {"%s", instantiate, connect_port, NULL, run, NULL, cleanup, NULL};
LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t i) { return i == 0 ? &descriptor : NULL; }
""" % URI

MANIFEST = """
@prefix lv2: <http://lv2plug.in/ns/lv2core#> .
<%s> a lv2:Plugin, lv2:EffectPlugin ; lv2:binary <ducker.so> ; <http://usefulinc.com/ns/doap#name> "Ducker" ;
    lv2:port [ a lv2:InputPort, lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
             [ a lv2:InputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "key" ; lv2:name "Key" ; lv2:portProperty lv2:isSideChain ] ,
             [ a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out" ; lv2:name "Out" ] .
""" % URI


@pytest.fixture(scope="module")
def lv2_path(tmp_path_factory):
    folder = tmp_path_factory.mktemp("side-chain")
    bundle = folder / "ducker.lv2"
    bundle.mkdir()
    (bundle / "ducker.c").write_text(SOURCE)
    (bundle / "manifest.ttl").write_text(MANIFEST)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", bundle / "ducker.so", bundle / "ducker.c"], check=True)
    return str(folder)


def test_the_main_input_takes_the_audio_and_sidechain_feeds_the_side_chain(lv2_path):
    ducker = swiftlv2.load(URI, lv2_path=lv2_path)
    audio = np.linspace(-0.5, 0.5, 1000, dtype=np.float32)
    key = np.full(1000, 0.25, dtype=np.float32)
    assert np.array_equal(ducker(audio), audio)
    assert np.array_equal(ducker(audio, sidechain=key), audio - key)
    # Shorter side-chain audio is padded with silence to the call's length.
    assert np.array_equal(ducker(audio, sidechain=key[:10]), audio - np.pad(key[:10], (0, 990)))


def test_the_errors_name_python_arguments(lv2_path):
    ducker = swiftlv2.load(URI, lv2_path=lv2_path)
    stereo = np.zeros((2, 100), dtype=np.float32)
    with pytest.raises(swiftlv2.Error) as raised:
        ducker(stereo)
    assert str(raised.value) == (f"The audio has 2 channels but the plugin {URI} has 1 main audio input (in); "
                                 "its side-chain (key) takes audio of its own.")
    with pytest.raises(swiftlv2.Error) as raised:
        ducker(stereo[0], sidechain=stereo)
    assert str(raised.value) == f"The side-chain audio has 2 channels but the plugin {URI} has 1 side-chain input (key)."
    with pytest.raises(ValueError) as raised:
        ducker(sidechain=stereo[0])
    assert "--" not in str(raised.value)


def test_sidechain_reaches_an_isolated_plugin(lv2_path):
    ducker = swiftlv2.load(URI, lv2_path=lv2_path, isolate=True)
    audio = np.linspace(-0.5, 0.5, 1000, dtype=np.float32)
    key = np.full(1000, 0.25, dtype=np.float32)
    assert np.array_equal(ducker(audio, sidechain=key), audio - key)
    with pytest.raises(swiftlv2.Error, match="side-chain audio has 2 channels"):
        ducker(audio, sidechain=np.zeros((2, 1000), dtype=np.float32))
    ducker.close()
