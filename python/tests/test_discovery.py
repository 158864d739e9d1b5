"""The plugins Python finds are lv2render's (one LV2SearchPath decides), from the catalogue,
filtered by kind and class; a bundle that aborts discovery is left out with one warning."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import RATE_ADAPTER, SYNTH, lv2render_path

REPOSITORY = Path(__file__).resolve().parents[2]


def run_python(tmp_path, script, **environment):
    """`script` in a fresh interpreter with LV2_PATH unset, a private home and cache: what it prints."""
    env = {key: value for key, value in os.environ.items() if key != "LV2_PATH"}
    env.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"), SWIFTLV2_ROOT=str(REPOSITORY),
               PYTHONPATH=str(REPOSITORY / "python"), **environment)
    finished = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, env=env)
    assert finished.returncode == 0, finished.stderr
    return finished


def test_python_and_lv2render_find_the_same_plugins_with_the_repository_bundle_first(tmp_path):
    printed = run_python(tmp_path, """
        import json, swiftlv2
        print(json.dumps([[p.uri, p.name, p.kind, p.bundle] for p in swiftlv2.plugins()]))
    """).stdout
    python = [tuple(entry) for entry in json.loads(printed)]
    env = {key: value for key, value in os.environ.items() if key != "LV2_PATH"}
    env.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"), SWIFTLV2_ROOT=str(REPOSITORY))
    listed = subprocess.run([lv2render_path(), "list", "--json"], capture_output=True, text=True, env=env, check=True)
    command_line = [(entry["uri"], entry["name"], entry["kind"], entry["bundle"]) for entry in json.loads(listed.stdout)]
    assert python == command_line
    found = {uri: (kind, bundle) for uri, _, kind, bundle in python}
    assert found[RATE_ADAPTER] == ("effect", str(REPOSITORY / "plugin.lv2"))
    assert found[SYNTH][0] == "instrument"


def test_plugins_filter_by_kind_and_class(tmp_path):
    printed = run_python(tmp_path, """
        import swiftlv2
        print(sorted({p.kind for p in swiftlv2.plugins(kind="instrument")}))
        print(any(p.uri == "urn:swiftlv2:rate-adapter" for p in swiftlv2.plugins(kind="effect")))
        print(any(p.uri == "urn:swiftlv2:rate-adapter" for p in swiftlv2.plugins(kind="midi")))
        print(all(p.class_name.lower() == "reverb" for p in swiftlv2.plugins(class_name="REVERB")))
    """).stdout
    assert printed == "['instrument']\nTrue\nFalse\nTrue\n"


def test_a_dynamic_manifest_that_aborts_is_one_warning(tmp_path):
    bundle = tmp_path / "lv2" / "aborting.lv2"
    bundle.mkdir(parents=True)
    (bundle / "manifest.ttl").write_text(
        "@prefix dman: <http://lv2plug.in/ns/ext/dynmanifest#> .\n@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n"
        "<urn:test:aborting> a dman:DynManifest ; lv2:binary <aborting.so> .\n")
    (bundle / "aborting.c").write_text(textwrap.dedent("""
        #include <stdio.h>
        #include <stdlib.h>
        int lv2_dyn_manifest_open(void **handle, const void *features) { fputs("planted: giving up\\n", stderr); abort(); }
        int lv2_dyn_manifest_get_subjects(void *handle, FILE *fp) { return 0; }
        int lv2_dyn_manifest_get_data(void *handle, FILE *fp, const char *uri) { return 0; }
        void lv2_dyn_manifest_close(void *handle) {}
    """))
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(bundle / "aborting.so"), str(bundle / "aborting.c")], check=True)
    path = f"{tmp_path / 'lv2'}:{REPOSITORY}"
    finished = run_python(tmp_path, f"""
        import warnings, swiftlv2
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            plain = [p.uri for p in swiftlv2.plugins(lv2_path={path!r})]
            dynamic = [p.uri for p in swiftlv2.plugins(lv2_path={path!r}, dyn_manifest=True)]
        print(len(caught))
        print(str(caught[0].message).splitlines()[0])
        print("{SYNTH}" in plain, "{SYNTH}" in dynamic)
    """)
    lines = finished.stdout.splitlines()
    assert lines[0] == "1"
    assert lines[1] == (f"The bundle {bundle} is left out: reading it (its dynamic manifest included) "
                        "was ended by signal 6 (Aborted); it printed:")
    assert lines[2] == "True True"


def test_plugins_sees_a_bundle_added_or_removed_on_the_next_call(tmp_path):
    folder = tmp_path / "lv2"

    def write_bundle(name):
        bundle = folder / f"{name}.lv2"
        bundle.mkdir(parents=True)
        (bundle / "manifest.ttl").write_text(
            "@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n@prefix doap: <http://usefulinc.com/ns/doap#> .\n"
            f'<urn:test:{name}> a lv2:Plugin ; lv2:binary <{name}.so> ; doap:name "{name}" .\n')
        return bundle

    first = write_bundle("first")
    printed = run_python(tmp_path, f"""
        import pathlib, shutil, swiftlv2
        def uris():
            return [p.uri for p in swiftlv2.plugins(lv2_path={str(folder)!r})]
        print(uris())
        second = pathlib.Path({str(folder)!r}) / "second.lv2"
        second.mkdir()
        (second / "manifest.ttl").write_text(pathlib.Path({str(first / "manifest.ttl")!r}).read_text().replace("first", "second"))
        print(uris())
        shutil.rmtree({str(first)!r})
        print(uris())
    """).stdout
    assert printed.splitlines() == ["['urn:test:first']", "['urn:test:first', 'urn:test:second']", "['urn:test:second']"]
