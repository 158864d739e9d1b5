// The per-call cost, measured the same way for both plugins: what a host pays for
// running a plugin in blocks of 1 or 16 frames (sample-accurate automation) instead of 1024.
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

void per_call_rows(const Setup *setup, const char *label, BlockWorkload open, int rounds, double frames) {
    enum { BLOCKS = 3, LARGE = BLOCKS - 1 };
    int blocks[BLOCKS] = {1, 16, 1024};
    progress(setup, "%s: blocks of 1, 16 and 1024", label);
    // Plugin and baseline at each block, all interleaved: seconds + (2 × block + 1) × rounds is a baseline.
    Workload workloads[2 * BLOCKS];
    for (int b = 0; b < BLOCKS; b++) {
        workloads[2 * b] = open(setup, blocks[b], false);
        workloads[2 * b + 1] = open(setup, blocks[b], true);
    }
    double *seconds = malloc(2 * BLOCKS * (size_t)rounds * sizeof *seconds);
    measure_and_close(workloads, 2 * BLOCKS, rounds, seconds);
    double per_frame = 1e9 / frames;
    const double *large = seconds + 2 * LARGE * rounds;
    Summary large_summary = scaled(summarize(large, rounds), per_frame);
    for (int b = 0; b < LARGE; b++) {
        const double *ours = seconds + 2 * b * rounds, *baseline = ours + rounds;
        Summary ours_summary = scaled(summarize(ours, rounds), per_frame);
        Summary baseline_summary = scaled(summarize(baseline, rounds), per_frame);
        char text[96];
        snprintf(text, sizeof text, "%s, block %d", label, blocks[b]);
        table_row(text, "ns/frame", &ours_summary, &large_summary, median_ratio(ours, large, rounds), &baseline_summary,
                  median_ratio(ours, baseline, rounds), NULL);
    }
    free(seconds);
}
