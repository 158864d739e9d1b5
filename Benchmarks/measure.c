// CPU clocks, interleaved repetitions and their statistics.
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double thread_cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

double wall_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

void measure_interleaved(const Workload *workloads, int count, int rounds, double *seconds) {
    // One untimed round first: the first run after a change of workload pays for
    // page faults, cold caches and branch predictors, which are not what we measure.
    for (int index = 0; index < count; index++) {
        if (workloads[index].prepare) workloads[index].prepare(workloads[index].context);
        workloads[index].run(workloads[index].context);
    }
    for (int round = 0; round < rounds; round++) {
        // Forwards, then backwards: no workload always runs right after the same one.
        for (int step = 0; step < count; step++) {
            int index = round % 2 == 0 ? step : count - 1 - step;
            const Workload *workload = &workloads[index];
            if (workload->prepare) workload->prepare(workload->context);
            double start = thread_cpu_seconds();
            workload->run(workload->context);
            seconds[index * rounds + round] = thread_cpu_seconds() - start;
        }
    }
}

void measure_and_close(const Workload *workloads, int count, int rounds, double *seconds) {
    measure_interleaved(workloads, count, rounds, seconds);
    for (int index = 0; index < count; index++) workloads[index].close(workloads[index].context);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// The value at fraction `at` (0…1) of the sorted values, interpolated.
static double quantile(const double *sorted, int count, double at) {
    double position = at * (count - 1);
    int below = (int)position;
    if (below >= count - 1) return sorted[count - 1];
    return sorted[below] + (position - below) * (sorted[below + 1] - sorted[below]);
}

Summary summarize(const double *values, int count) {
    double *sorted = malloc((size_t)count * sizeof *sorted);
    memcpy(sorted, values, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, compare_doubles);
    Summary summary = {quantile(sorted, count, 0.5), quantile(sorted, count, 0.25), quantile(sorted, count, 0.75)};
    free(sorted);
    return summary;
}

Summary scaled(Summary summary, double factor) {
    return (Summary){summary.median * factor, summary.lower * factor, summary.upper * factor};
}

double median_ratio(const double *a, const double *b, int count) {
    double *ratios = malloc((size_t)count * sizeof *ratios);
    for (int index = 0; index < count; index++) ratios[index] = a[index] / b[index];
    double median = summarize(ratios, count).median;
    free(ratios);
    return median;
}
