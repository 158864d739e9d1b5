// The per-call cost, measured the same way for both plugins: what a host pays for
// running a plugin in blocks of 1 or 16 frames (sample-accurate automation) instead of 1024.
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

void per_call_rows(const Setup *setup, const char *label, BlockTimer timer, int rounds, double frames) {
    enum { BLOCKS = 3 };
    int blocks[BLOCKS] = {1, 16, 1024};
    double *seconds[BLOCKS];
    for (int b = 0; b < BLOCKS; b++) {
        progress(setup, "%s: block %d", label, blocks[b]);
        seconds[b] = malloc(2 * (size_t)rounds * sizeof *seconds[b]);
        timer(setup, blocks[b], rounds, seconds[b]);
    }
    double per_frame = 1e9 / frames;
    Summary large = scaled(summarize(seconds[BLOCKS - 1], rounds), per_frame);
    for (int b = 0; b < BLOCKS - 1; b++) {
        Summary ours = scaled(summarize(seconds[b], rounds), per_frame);
        Summary baseline = scaled(summarize(seconds[b] + rounds, rounds), per_frame);
        char text[96];
        snprintf(text, sizeof text, "%s, block %d", label, blocks[b]);
        table_row(text, "ns/frame", &ours, &large, median_ratio(seconds[b], seconds[BLOCKS - 1], rounds), &baseline,
                  median_ratio(seconds[b], seconds[b] + rounds, rounds), NULL);
    }
    for (int b = 0; b < BLOCKS; b++) free(seconds[b]);
}
