"""The C header is the library's interface: a C program built against it (with gcc, no Swift)
hosts eg-amp through libswiftlv2host and reads an error as a sentence."""

import subprocess
from pathlib import Path

import swiftlv2

REPOSITORY = Path(__file__).resolve().parents[2]

PROGRAM = r"""
#include <stdio.h>
#include "swiftlv2.h"

int main(void) {
    swiftlv2_world *world = swiftlv2_world_new(NULL, 0);
    const char *uris[] = {"http://lv2plug.in/plugins/eg-amp"};
    swiftlv2_chain *chain = swiftlv2_chain_new(world, uris, 1, 48000, 512);
    if (!chain || swiftlv2_chain_set_control(chain, 0, "gain", -6) != 0) return 1;
    float input[1000], output[1000];
    for (int i = 0; i < 1000; i++) input[i] = 1;
    const float *inputs[] = {input};
    float *outputs[] = {output};
    if (swiftlv2_chain_process(chain, inputs, 1, outputs, 1, 1000) != 0) return 2;
    printf("%.6f\n", output[999]);
    if (swiftlv2_chain_set_control(chain, 0, "gain", 100) != -1) return 3;
    printf("%s\n", swiftlv2_last_error());
    swiftlv2_chain_free(chain);
    swiftlv2_world_free(world);
    return 0;
}
"""


def test_a_c_program_hosts_a_plugin_through_the_header(tmp_path):
    source = tmp_path / "host.c"
    source.write_text(PROGRAM)
    library = Path(swiftlv2._library._library_path())
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Werror", "-I", str(REPOSITORY / "Sources/LV2HostC/include"), str(source),
                    str(library), f"-Wl,-rpath,{library.parent}", "-o", str(tmp_path / "host")], check=True)
    run = subprocess.run([str(tmp_path / "host")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    level, message = run.stdout.splitlines()
    assert level == "0.501187"
    assert message == "The value 100 for gain is outside its range -90 to 24."


def test_the_library_exports_exactly_the_functions_the_header_declares():
    import re
    header = (REPOSITORY / "Sources/LV2HostC/include/swiftlv2.h").read_text()
    declared = set(re.findall(r"\b(swiftlv2_\w+)\(", header))
    symbols = subprocess.run(["nm", "-D", "--defined-only", swiftlv2._library._library_path()],
                             capture_output=True, text=True, check=True).stdout
    exported = {line.split()[-1] for line in symbols.splitlines()}
    assert exported == declared
