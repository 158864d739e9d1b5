// The rate adapter against raw libsamplerate doing the same round trip from C:
// cost per second of stereo audio for every quality, per-call overhead, and how the
// cost grows with the host rate.
#include "bench.h"
#include "ports.h"

#include <stdio.h>
#include <stdlib.h>

/// The adapter's ports, from the generated ports.h (the reference has the same ports,
/// and one more of its own after them).
enum { PORT_IN_LEFT = RATE_ADAPTER_IN_L, PORT_OUT_LEFT = RATE_ADAPTER_OUT_L, PORT_RATE = RATE_ADAPTER_RATE,
       REFERENCE_PORT_CALL_FRAMES = RATE_ADAPTER_PORT_COUNT };
static const char *QUALITY_NAMES[] = {"sinc best", "sinc medium", "sinc fastest", "zero-order hold", "linear"};
enum { DEFAULT_QUALITY = (int)RATE_ADAPTER_QUALITY_DEFAULT };

/// A stretch of stereo noise through one plugin, in blocks, after a short untimed warm-up.
typedef struct {
    Plugin plugin;
    float rate, quality, mix, enabled, latency;
    float call_frames;  // the reference's src_process calls, at most this long
    float *input[2], *output[2];
    double host_rate;
    int block;
    long frames;
} RateRun;

/// `call_frames` 0 leaves the reference's `call_frames` port unconnected (our plugin has none).
static RateRun *rate_open(const char *library, const char *uri, double host_rate, float rate, int quality,
                          int block, double seconds, float call_frames) {
    RateRun *run = calloc(1, sizeof *run);
    run->plugin = plugin_open(library, uri, host_rate);
    run->rate = rate;
    run->quality = (float)quality;
    run->mix = 1;
    run->enabled = 1;
    run->host_rate = host_rate;
    run->block = block;
    run->frames = (long)(seconds * host_rate);
    uint32_t seed = 1;
    for (int channel = 0; channel < 2; channel++) {
        // A block more than the timed stretch, so that any block starting inside it fits.
        run->input[channel] = malloc((size_t)(run->frames + block) * sizeof(float));
        run->output[channel] = malloc((size_t)block * sizeof(float));
        for (long frame = 0; frame < run->frames + block; frame++) {
            seed = seed * 1664525u + 1013904223u;  // white noise at about -10 dBFS
            run->input[channel][frame] = (float)((int32_t)seed) / 2147483648.0f * 0.5f;
        }
        plugin_connect(&run->plugin, PORT_OUT_LEFT + (uint32_t)channel, run->output[channel]);
    }
    float *controls[] = {&run->rate, &run->quality, &run->mix, &run->enabled, &run->latency};
    for (int index = 0; index < 5; index++) plugin_connect(&run->plugin, PORT_RATE + (uint32_t)index, controls[index]);
    run->call_frames = call_frames;
    if (call_frames > 0) plugin_connect(&run->plugin, REFERENCE_PORT_CALL_FRAMES, &run->call_frames);
    return run;
}

static void rate_close(void *context) {
    RateRun *run = context;
    plugin_close(&run->plugin);
    for (int channel = 0; channel < 2; channel++) {
        free(run->input[channel]);
        free(run->output[channel]);
    }
    free(run);
}

static void rate_process(RateRun *run, long frames) {
    for (long start = 0; start < frames; start += run->block) {
        long count = frames - start < run->block ? frames - start : run->block;
        long offset = start % run->frames;
        for (int channel = 0; channel < 2; channel++)
            plugin_connect(&run->plugin, PORT_IN_LEFT + (uint32_t)channel, run->input[channel] + offset);
        plugin_run(&run->plugin, (uint32_t)count);
    }
}

/// Activates and plays the reported latency and 50 ms more, so that the timed run
/// starts with every converter running and full filters. (The rate adapter's output
/// is silence for its latency, up to 144 ms with sinc best, while its up converter
/// waits for input.)
static void rate_prepare(void *context) {
    RateRun *run = context;
    plugin_activate(&run->plugin);
    rate_process(run, run->block);
    rate_process(run, (long)run->latency + (long)(0.05 * run->host_rate));
}

static void rate_render(void *context) {
    RateRun *run = context;
    rate_process(run, run->frames);
}

Workload rate_workload(const Setup *setup, bool raw, double host_rate, float rate, int quality, int block,
                              double seconds, float call_frames) {
    RateRun *run = raw ? rate_open(setup->reference_clang, REFERENCE_ROUND_TRIP_URI, host_rate, rate, quality, block,
                                   seconds, call_frames)
                       : rate_open(setup->plugin, RATE_ADAPTER_URI, host_rate, rate, quality, block, seconds, 0);
    return (Workload){rate_prepare, rate_render, rate_close, run};
}

/// Times the plugin against raw libsamplerate called with whole blocks, and, when
/// `count` is 3, also with calls as short as the plugin's quantum. `seconds` gets
/// count × rounds values, in that order.
static void time_rates(const Setup *setup, double host_rate, float rate, int quality, int block, double seconds_each,
                       int count, int rounds, double *seconds) {
    Workload workloads[3];
    for (int index = 0; index < count; index++)
        workloads[index] = rate_workload(setup, index > 0, host_rate, rate, quality, block, seconds_each,
                                         index == 2 ? RATE_ADAPTER_QUANTUM : 0);
    measure_and_close(workloads, count, rounds, seconds);
}

static double seconds_for(const Setup *setup, double seconds) { return setup->smoke ? 0.02 : seconds; }

void rate_suite(const Setup *setup) {
    table_group("Rate adapter vs raw libsamplerate: whole blocks · " QUANTUM_CALLS);
    float rates[] = {8000, 22050, 44100};
    int rounds = rounds_for(setup, 21);
    double *seconds = malloc(3 * (size_t)rounds * sizeof *seconds);
    for (int quality = 0; quality < 5; quality++) {
        for (int r = 0; r < 3; r++) {
            progress(setup, "rate adapter: %s, %g Hz", QUALITY_NAMES[quality], rates[r]);
            double audio = seconds_for(setup, quality == 0 ? 0.5 : 1);
            time_rates(setup, 48000, rates[r], quality, 1024, audio, 3, rounds, seconds);
            char label[64];
            snprintf(label, sizeof label, "%s, rate %g", QUALITY_NAMES[quality], rates[r]);
            table_timed_row(label, "ms CPU/s audio", seconds, 3, rounds, 1000 / audio, "≤ 1.05×");
        }
    }
    free(seconds);
}

/// The default settings at 48 kHz through the plugin, or through raw libsamplerate
/// called with the same blocks.
static Workload default_settings(const Setup *setup, int block, bool baseline) {
    return rate_workload(setup, baseline, 48000, 22050, DEFAULT_QUALITY, block, seconds_for(setup, 0.5), 0);
}

void rate_overhead_suite(const Setup *setup) {
    table_group("Rate adapter per-call cost: vs block 1024 · vs raw");
    per_call_rows(setup, "sinc fastest, rate 22050", default_settings, rounds_for(setup, 11),
                  seconds_for(setup, 0.5) * 48000);
}

void rate_scale_suite(const Setup *setup) {
    table_group("Rate adapter scale vs raw libsamplerate");
    double host_rates[] = {8000, 16000, 44100, 48000, 96000, 192000, 384000, 768000};
    int rounds = rounds_for(setup, 15);
    double *seconds = malloc(2 * (size_t)rounds * sizeof *seconds);
    for (int h = 0; h < 8; h++) {
        progress(setup, "rate adapter scale: %g Hz", host_rates[h]);
        double audio = seconds_for(setup, 0.5);
        time_rates(setup, host_rates[h], (float)(host_rates[h] / 4), DEFAULT_QUALITY, 1024, audio, 2, rounds, seconds);
        char label[64];
        snprintf(label, sizeof label, "host %g kHz, rate ¼ of it, sinc fastest", host_rates[h] / 1000);
        table_timed_row(label, "ns/frame", seconds, 2, rounds, 1e9 / (audio * host_rates[h]), "flat per frame");
    }
    free(seconds);
}
