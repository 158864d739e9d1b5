// bench: times our plugins against C references in one run and prints one Markdown
// table. Usage: bench PLUGIN REFERENCE_CLANG REFERENCE_GCC LV2RENDER WORK_FOLDER [--smoke] [SUITE...]
//
// SUITE names a part to run (synth, synth-scale, synth-overhead, rate, rate-scale,
// rate-overhead, host, instructions); all run when none is named. --smoke runs every measurement
// once, very briefly (for `make test`: it proves that the benchmark builds and runs,
// and that the C reference still plays what the plugin plays).
#include "bench.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    void (*run)(const Setup *setup);
} SUITES[] = {
    {"synth", synth_suite},
    {"synth-scale", synth_scale_suite},
    {"synth-overhead", synth_overhead_suite},
    {"rate", rate_suite},
    {"rate-scale", rate_scale_suite},
    {"rate-overhead", rate_overhead_suite},
    {"host", host_suite},
    {"instructions", instruction_suite},
};
enum { SUITE_COUNT = sizeof SUITES / sizeof SUITES[0] };

int rounds_for(const Setup *setup, int rounds) { return setup->smoke ? 1 : rounds; }

void progress(const Setup *setup, const char *format, ...) {
    if (setup->smoke) return;
    va_list arguments;
    va_start(arguments, format);
    vfprintf(stderr, format, arguments);
    va_end(arguments);
    fputc('\n', stderr);
}

static int usage(void) {
    fprintf(stderr, "Usage: bench PLUGIN REFERENCE_CLANG REFERENCE_GCC LV2RENDER WORK_FOLDER [--smoke] [SUITE...]\n");
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 6) return usage();
    Setup setup = {argv[1], argv[2], argv[3], argv[4], argv[5], false};
    if (argc == 8 && strcmp(argv[6], "--count") == 0) return count_case(&setup, argv[7]);
    bool chosen[SUITE_COUNT] = {false}, any_chosen = false;
    for (int index = 6; index < argc; index++) {
        if (strcmp(argv[index], "--smoke") == 0) {
            setup.smoke = true;
            continue;
        }
        int suite = 0;
        while (suite < SUITE_COUNT && strcmp(argv[index], SUITES[suite].name) != 0) suite++;
        if (suite == SUITE_COUNT) return usage();
        chosen[suite] = any_chosen = true;
    }
    if (!synth_check(&setup)) {
        fprintf(stderr, "bench: the C synth reference no longer plays what the plugin plays; update it first.\n");
        return 1;
    }
    fprintf(stderr, "The C synth references play the plugin's output bit for bit, and the libm baseline the same notes.\n");
    for (int suite = 0; suite < SUITE_COUNT; suite++)
        if (chosen[suite] || !any_chosen) SUITES[suite].run(&setup);
    if (setup.smoke) {
        fprintf(stderr, "Every benchmark ran (smoke run: its figures mean nothing).\n");
        return 0;
    }
    table_print();
    return 0;
}
