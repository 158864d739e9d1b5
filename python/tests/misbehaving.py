"""C plugins of our own that misbehave in `run`, compiled for the test that needs them (as
Tests/TestSupport/CompiledTestBundle.swift compiles the Swift tests' plugins): mono effects
that add 0.25 to their input, except that `crashes-in-run` writes through a null pointer, and
`hangs-in-run` never returns, in the block that holds frame CRASH_FRAME, and
`crashes-in-instantiate` aborts when it is made, and `crashes-in-cleanup` when it is freed."""

import subprocess
from pathlib import Path

CRASHES_IN_RUN = "urn:swiftlv2:test:python-misbehaving#crashes-in-run"
HANGS_IN_RUN = "urn:swiftlv2:test:python-misbehaving#hangs-in-run"
CRASHES_IN_INSTANTIATE = "urn:swiftlv2:test:python-misbehaving#crashes-in-instantiate"
CRASHES_IN_CLEANUP = "urn:swiftlv2:test:python-misbehaving#crashes-in-cleanup"
CRASH_FRAME = 1000
LEVEL = 0.25

_SOURCE = f"""
#include <lv2/core/lv2.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {{ const float *in; float *out; long long frame; }} Misbehaving;

static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {{
    if (d->URI[strlen(d->URI) - 1] == 'e') abort();  /* crashes-in-instantiate */
    return calloc(1, sizeof(Misbehaving));
}}
static void connect_port(LV2_Handle handle, uint32_t port, void *data) {{
    Misbehaving *self = handle;
    if (port == 0) self->in = data; else self->out = data;
}}
static int holds_crash_frame(const Misbehaving *self, uint32_t frames) {{
    return self->frame <= {CRASH_FRAME} && {CRASH_FRAME} < self->frame + frames;
}}
static void add_level(Misbehaving *self, uint32_t frames) {{
    for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] + {LEVEL}f;
    self->frame += frames;
}}
static void run_crashes(LV2_Handle handle, uint32_t frames) {{
    if (holds_crash_frame(handle, frames)) *(volatile int *)0 = 1;
    add_level(handle, frames);
}}
static void run_hangs(LV2_Handle handle, uint32_t frames) {{
    if (holds_crash_frame(handle, frames)) for (;;) sleep(1);
    add_level(handle, frames);
}}
static void activate(LV2_Handle handle) {{ ((Misbehaving *)handle)->frame = 0; }}
static void cleanup(LV2_Handle handle) {{ free(handle); }}
static void cleanup_crashes(LV2_Handle handle) {{ abort(); }}

static const LV2_Descriptor descriptors[] = {{
    {{"{CRASHES_IN_RUN}", instantiate, connect_port, activate, run_crashes, NULL, cleanup, NULL}},
    {{"{HANGS_IN_RUN}", instantiate, connect_port, activate, run_hangs, NULL, cleanup, NULL}},
    {{"{CRASHES_IN_INSTANTIATE}", instantiate, connect_port, activate, run_crashes, NULL, cleanup, NULL}},
    {{"{CRASHES_IN_CLEANUP}", instantiate, connect_port, activate, run_crashes, NULL, cleanup_crashes, NULL}},
}};
LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {{
    return index < 4 ? &descriptors[index] : NULL;
}}
"""

_PLUGIN_TURTLE = """
<{uri}> a lv2:Plugin ; lv2:binary <misbehaving.so> ; doap:name "{name}" ;
    lv2:port [ a lv2:AudioPort, lv2:InputPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
             [ a lv2:AudioPort, lv2:OutputPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] .
"""


def build_misbehaving(folder: Path) -> Path:
    """Compiles the bundle into `folder`/misbehaving.lv2; returns `folder`, for LV2_PATH."""
    bundle = folder / "misbehaving.lv2"
    bundle.mkdir(parents=True)
    (bundle / "misbehaving.c").write_text(_SOURCE)
    (bundle / "manifest.ttl").write_text(
        "@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n@prefix doap: <http://usefulinc.com/ns/doap#> .\n" +
        "".join(_PLUGIN_TURTLE.format(uri=uri, name=uri.split("#")[1]) for uri in (CRASHES_IN_RUN, HANGS_IN_RUN, CRASHES_IN_INSTANTIATE, CRASHES_IN_CLEANUP)))
    # cc comes with the gcc package, which `make test` installs (TEST_DEBS).
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", "misbehaving.so", "misbehaving.c"], cwd=bundle, check=True)
    return folder
