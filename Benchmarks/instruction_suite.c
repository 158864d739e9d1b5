// Instruction counts from callgrind: free of the noise other processes put into CPU
// times, for a few cases the timed tables also cover. The driver runs itself under
// valgrind with `--count CASE`, and callgrind counts only inside that case's timed run.
// (Instructions are not time: an SSE2 instruction does two lanes' work, and a libm call
// costs more or less depending on its argument.)
#include "bench.h"

#include <valgrind/callgrind.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// SYNTH_NOTES is also in the synth row's label.
enum { SYNTH_NOTES = 16, SYNTH_BLOCK = 256, RATE_BLOCK = 1024, SINC_FASTEST = 2, ZERO_ORDER_HOLD = 3 };
static const double SAMPLE_RATE = 48000;

typedef struct {
    const char *name;
    /// The synth: a SynthVariant. The rate adapter:
    /// 0 ours, 1 raw libsamplerate in whole blocks, 2 raw libsamplerate in calls of the adapter's quantum.
    int variant;
    /// The rate adapter's quality, or -1 for the synth.
    int quality;
} CountedCase;

static const CountedCase CASES[] = {
    {"synth", SYNTH_PLUGIN, -1}, {"synth-clang", SYNTH_REFERENCE_CLANG, -1}, {"synth-libm-clang", SYNTH_LIBM_CLANG, -1},
    {"sinc-fastest", 0, SINC_FASTEST}, {"sinc-fastest-raw", 1, SINC_FASTEST}, {"sinc-fastest-raw-quantum", 2, SINC_FASTEST},
    {"hold", 0, ZERO_ORDER_HOLD}, {"hold-raw", 1, ZERO_ORDER_HOLD}, {"hold-raw-quantum", 2, ZERO_ORDER_HOLD},
};
enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };

static Workload open_case(const Setup *setup, const CountedCase *counted) {
    if (counted->quality < 0) return synth_variant_workload(setup, (SynthVariant)counted->variant, SYNTH_NOTES, SYNTH_BLOCK, 0);
    return rate_workload(setup, counted->variant > 0, SAMPLE_RATE, 22050, counted->quality, RATE_BLOCK, 1,
                         counted->variant == 2 ? RATE_ADAPTER_QUANTUM : 0);
}

int count_case(const Setup *setup, const char *name) {
    for (int index = 0; index < CASE_COUNT; index++) {
        if (strcmp(CASES[index].name, name) != 0) continue;
        Workload workload = open_case(setup, &CASES[index]);
        workload.prepare(workload.context);
        CALLGRIND_START_INSTRUMENTATION;
        CALLGRIND_TOGGLE_COLLECT;
        workload.run(workload.context);
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_STOP_INSTRUMENTATION;
        workload.close(workload.context);
        return 0;
    }
    fprintf(stderr, "bench: there is no case \"%s\" to count.\n", name);
    return 2;
}

/// Runs `bench ... --count name` under callgrind and reads the count from its summary.
static double count_instructions(const Setup *setup, const char *name) {
    char self[4096];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return 0;
    self[length] = 0;
    char *arguments[] = {"valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
                         "--callgrind-out-file=/dev/null", self, (char *)setup->plugin, (char *)setup->reference_clang,
                         (char *)setup->reference_gcc, (char *)setup->lv2render, (char *)setup->work_folder, "--count",
                         (char *)name, NULL};
    int report[2];
    if (pipe(report) != 0) return 0;
    pid_t child = fork();
    if (child == 0) {
        dup2(report[1], STDERR_FILENO);
        close(report[0]);
        execvp(arguments[0], arguments);
        _exit(127);
    }
    close(report[1]);
    FILE *lines = fdopen(report[0], "r");
    char line[512];
    double count = 0;
    while (fgets(line, sizeof line, lines)) {
        const char *refs = strstr(line, "refs:");  // "==123== I   refs:      17,056,884"
        if (!refs) continue;
        count = 0;
        for (const char *digit = refs + 5; *digit && *digit != '\n'; digit++)
            if (*digit >= '0' && *digit <= '9') count = 10 * count + (*digit - '0');
    }
    fclose(lines);
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || count == 0) {
        fprintf(stderr, "bench: callgrind could not count \"%s\".\n", name);
        exit(1);
    }
    return count;
}

/// A row of three counted cases: ours, then two baselines, in `unit`s.
static void counted_row(const Setup *setup, const char *label, const char *unit, int first, double units,
                        const char *target) {
    Summary counts[3];
    for (int index = 0; index < 3; index++) {
        progress(setup, "instructions: %s", CASES[first + index].name);
        double value = count_instructions(setup, CASES[first + index].name) / units;
        counts[index] = (Summary){value, value, value};
    }
    table_row(label, unit, &counts[0], &counts[1], counts[0].median / counts[1].median, &counts[2],
              counts[0].median / counts[2].median, target);
}

void instruction_suite(const Setup *setup) {
    if (setup->smoke) return;  // a few seconds per case under valgrind
    table_group("Instructions (callgrind)");
    counted_row(setup, "synth, 16 voices, block 256 (vs C, clang: reference · sin() loop)", "instr./voice-sample", 0,
                SYNTH_NOTES * SAMPLE_RATE, "≤ 0.25× sin() loop");
    counted_row(setup, "sinc fastest, rate 22050 (vs raw: blocks · " QUANTUM_CALLS ")", "instr./frame", 3, SAMPLE_RATE,
                NULL);
    counted_row(setup, "zero-order hold, rate 22050 (vs raw: blocks · " QUANTUM_CALLS ")", "instr./frame", 6,
                SAMPLE_RATE, NULL);
}
