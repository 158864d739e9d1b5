// The sine synth against its C reference: the same notes through both, cost per
// voice-sample, per-call overhead, and how the cost grows with the voices sounding; and
// against the synth as it was, a C voice loop calling libm's sin() on every sample.
#include "bench.h"
#include "ports.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double SAMPLE_RATE = 48000;
/// The synth's ports, from the generated ports.h (the reference has the same ports).
enum { PORT_MIDI_IN = SINE_SYNTH_MIDI_IN, PORT_OUT = SINE_SYNTH_OUT, PORT_FIRST_CONTROL = SINE_SYNTH_GAIN,
       CONTROL_COUNT = SINE_SYNTH_PORT_COUNT - SINE_SYNTH_GAIN };
enum { CONTROL_GLIDE = SINE_SYNTH_GLIDE - PORT_FIRST_CONTROL, CONTROL_VOICES = SINE_SYNTH_VOICES - PORT_FIRST_CONTROL };
/// Every control at its default, but with all the voices there are.
static const float DEFAULT_CONTROLS[CONTROL_COUNT] = {
    SINE_SYNTH_GAIN_DEFAULT, SINE_SYNTH_ATTACK_DEFAULT, SINE_SYNTH_DECAY_DEFAULT, SINE_SYNTH_SUSTAIN_DEFAULT,
    SINE_SYNTH_RELEASE_DEFAULT, SINE_SYNTH_GLIDE_DEFAULT, SINE_SYNTH_BEND_RANGE_DEFAULT, SINE_SYNTH_TUNING_DEFAULT,
    SINE_SYNTH_VOICES_MAXIMUM};
static const long RELEASE_FRAMES = (long)(SINE_SYNTH_RELEASE_DEFAULT * 48000 / 1000);  // the default release

/// One second of notes through one plugin: all notes start at frame 0 and are
/// released 150 ms before the end, so every voice sounds through attack, decay,
/// sustain and release, and falls silent just as the second ends.
typedef struct {
    Plugin plugin;
    float controls[CONTROL_COUNT];
    MidiSequence sequence;
    float *output;  // one block; or the whole second when `recording`
    bool recording;
    int notes, block;
    long frames;
} SynthRun;

static SynthRun *synth_open(const char *library, const char *uri, int notes, int block, bool recording) {
    SynthRun *run = calloc(1, sizeof *run);
    run->plugin = plugin_open(library, uri, SAMPLE_RATE);
    memcpy(run->controls, DEFAULT_CONTROLS, sizeof run->controls);
    run->sequence = sequence_make();
    run->frames = (long)SAMPLE_RATE;
    run->recording = recording;
    run->output = calloc((size_t)(recording ? run->frames : block), sizeof(float));
    run->notes = notes;
    run->block = block;
    plugin_connect(&run->plugin, PORT_MIDI_IN, run->sequence.buffer);
    plugin_connect(&run->plugin, PORT_OUT, run->output);
    for (int control = 0; control < CONTROL_COUNT; control++)
        plugin_connect(&run->plugin, PORT_FIRST_CONTROL + (uint32_t)control, &run->controls[control]);
    return run;
}

static void synth_close(void *context) {
    SynthRun *run = context;
    plugin_close(&run->plugin);
    free(run->sequence.buffer);
    free(run->output);
    free(run);
}

static void synth_prepare(void *context) {
    SynthRun *run = context;
    plugin_activate(&run->plugin);
}

static void synth_render(void *context) {
    SynthRun *run = context;
    long release = run->frames - RELEASE_FRAMES;
    for (long start = 0; start < run->frames; start += run->block) {
        long frames = run->frames - start < run->block ? run->frames - start : run->block;
        sequence_clear(&run->sequence);
        for (int note = 0; note < run->notes; note++) {
            if (start == 0) sequence_append(&run->sequence, 0, 0x90, (uint8_t)(48 + note), 100);
            if (release >= start && release < start + frames)
                sequence_append(&run->sequence, release - start, 0x80, (uint8_t)(48 + note), 0);
        }
        if (run->recording) plugin_connect(&run->plugin, PORT_OUT, run->output + start);
        plugin_run(&run->plugin, (uint32_t)frames);
    }
}

/// Which synth a workload runs: ours, the C reference (same algorithm), or the libm baseline.
Workload synth_variant_workload(const Setup *setup, SynthVariant variant, int notes, int block, float glide) {
    switch (variant) {
    case SYNTH_PLUGIN: return synth_workload(setup->plugin, SYNTH_URI, notes, block, glide);
    case SYNTH_REFERENCE_CLANG: return synth_workload(setup->reference_clang, REFERENCE_SYNTH_URI, notes, block, glide);
    case SYNTH_REFERENCE_GCC: return synth_workload(setup->reference_gcc, REFERENCE_SYNTH_URI, notes, block, glide);
    case SYNTH_LIBM_CLANG: return synth_workload(setup->reference_clang, REFERENCE_LIBM_SYNTH_URI, notes, block, glide);
    case SYNTH_LIBM_GCC: return synth_workload(setup->reference_gcc, REFERENCE_LIBM_SYNTH_URI, notes, block, glide);
    }
    abort();
}

// MARK: The reference does the same work

/// The libm baseline plays the same notes with another sine and another sum: it stays
/// within this of the plugin (6e-7 measured with 32 voices: the baseline rounds each
/// voice to float before summing; the polynomial is within 3.4e-9 of the sine).
static const float LIBM_TOLERANCE = 2e-6f;

/// Renders with the plugin and both references, comparing every sample; and with the
/// libm baseline (clang), which must play the same notes within LIBM_TOLERANCE.
static bool check_case(const Setup *setup, int notes, int block, float voices, float glide) {
    const char *libraries[] = {setup->plugin, setup->reference_clang, setup->reference_gcc, setup->reference_clang};
    const char *uris[] = {SYNTH_URI, REFERENCE_SYNTH_URI, REFERENCE_SYNTH_URI, REFERENCE_LIBM_SYNTH_URI};
    const char *names[] = {"the plugin", "the clang reference", "the gcc reference"};
    SynthRun *runs[4];
    for (int index = 0; index < 4; index++) {
        runs[index] = synth_open(libraries[index], uris[index], notes, block, true);
        runs[index]->controls[CONTROL_VOICES] = voices;
        runs[index]->controls[CONTROL_GLIDE] = glide;
        synth_prepare(runs[index]);
        synth_render(runs[index]);
    }
    bool same = true;
    for (int index = 1; index < 3 && same; index++) {
        for (long frame = 0; frame < runs[0]->frames; frame++) {
            if (runs[0]->output[frame] != runs[index]->output[frame]) {
                fprintf(stderr, "bench: %d notes, %g voices, glide %g ms, block %d: %s plays %.9g at frame %ld, %s %.9g.\n",
                        notes, voices, glide, block, names[0], runs[0]->output[frame], frame, names[index],
                        runs[index]->output[frame]);
                same = false;
                break;
            }
        }
    }
    float peak = 0, libm_miss = 0;
    for (long frame = 0; frame < runs[0]->frames; frame++) {
        peak = fmaxf(peak, fabsf(runs[0]->output[frame]));
        libm_miss = fmaxf(libm_miss, fabsf(runs[0]->output[frame] - runs[3]->output[frame]));
    }
    if (peak == 0) {
        fprintf(stderr, "bench: %d notes, block %d: the plugin stayed silent.\n", notes, block);
        same = false;
    }
    if (!(libm_miss <= LIBM_TOLERANCE)) {
        fprintf(stderr, "bench: %d notes, %g voices, glide %g ms, block %d: the libm baseline is %g from the plugin.\n",
                notes, voices, glide, block, libm_miss);
        same = false;
    }
    for (int index = 0; index < 4; index++) synth_close(runs[index]);
    return same;
}

bool synth_check(const Setup *setup) {
    bool same = true;
    int blocks[] = {1, 32, 256, 2048};
    for (int index = 0; index < 4; index++) same &= check_case(setup, 8, blocks[index], 32, 0);
    same &= check_case(setup, 1, 256, 32, 0);
    same &= check_case(setup, 32, 256, 32, 0);
    // Fewer voices than notes (stealing) and glides between successive notes.
    same &= check_case(setup, 6, 256, 4, 30);
    return same;
}

// MARK: Timing

/// `notes` notes through the synth `uri` in `library`, in blocks of `block`, with `glide` ms of glide.
Workload synth_workload(const char *library, const char *uri, int notes, int block, float glide) {
    SynthRun *run = synth_open(library, uri, notes, block, false);
    run->controls[CONTROL_GLIDE] = glide;
    return (Workload){synth_prepare, synth_render, synth_close, run};
}

/// Times `count` variants of the synth together, the first being ours; `seconds` gets
/// count × rounds values, in the order of `variants`.
static void time_synths(const Setup *setup, const SynthVariant *variants, int count, int notes, int block, float glide,
                        int rounds, double *seconds) {
    Workload workloads[3];
    for (int index = 0; index < count; index++)
        workloads[index] = synth_variant_workload(setup, variants[index], notes, block, glide);
    measure_and_close(workloads, count, rounds, seconds);
}

typedef struct {
    int voices, block;
    const char *target;
    float glide;  // ms: every note but the first glides from the one before for the whole run
} SynthCase;

/// One group of rows: ns per voice-sample for each case, ours against two baselines.
static void synth_rows(const Setup *setup, const char *title, const SynthVariant *baselines, const SynthCase *cases,
                       int case_count) {
    table_group(title);
    SynthVariant variants[3] = {SYNTH_PLUGIN, baselines[0], baselines[1]};
    int rounds = rounds_for(setup, 31);
    double *seconds = malloc(3 * (size_t)rounds * sizeof *seconds);
    for (int index = 0; index < case_count; index++) {
        int voices = cases[index].voices, block = cases[index].block;
        progress(setup, "%s: %d voice(s), block %d", title, voices, block);
        time_synths(setup, variants, 3, voices, block, cases[index].glide, rounds, seconds);
        char label[64];
        snprintf(label, sizeof label, "%d voice%s%s, block %d", voices, voices == 1 ? "" : "s",
                 cases[index].glide > 0 ? " gliding" : "", block);
        table_timed_row(label, "ns/voice-sample", seconds, 3, rounds, 1e9 / (voices * SAMPLE_RATE), cases[index].target);
    }
    free(seconds);
}

void synth_suite(const Setup *setup) {
    enum { BLOCKS = 3, VOICE_COUNTS = 3 };
    int blocks[BLOCKS] = {32, 256, 2048}, voice_counts[VOICE_COUNTS] = {1, 16, 32};
    SynthCase cases[BLOCKS * VOICE_COUNTS];
    for (int b = 0; b < BLOCKS; b++)
        for (int v = 0; v < VOICE_COUNTS; v++)
            cases[b * VOICE_COUNTS + v] = (SynthCase){voice_counts[v], blocks[b], "≤ 1.00× clang", 0};
    SynthVariant references[] = {SYNTH_REFERENCE_CLANG, SYNTH_REFERENCE_GCC};
    synth_rows(setup, "Synth vs C reference: clang · gcc", references, cases, BLOCKS * VOICE_COUNTS);
    // Against the synth as it was: the figure (16 voices in blocks of 256, at most
    // 2 ns and 0.20× the sin() loop), 1 voice and block 1, which must not get dearer, and
    // 16 voices gliding all the time.
    SynthVariant libm[] = {SYNTH_LIBM_CLANG, SYNTH_LIBM_GCC};
    SynthCase libm_cases[] = {{16, 256, "≤ 0.20× clang, ≤ 2 ns", 0}, {1, 256, "≤ 1.00× clang", 0},
                              {8, 1, "≤ 1.00× clang", 0}, {16, 256, NULL, 2000}};
    synth_rows(setup, "Synth vs sin() per sample (C): clang · gcc", libm, libm_cases, 4);
}

/// 8 voices through the plugin, or through the C reference built with clang.
static Workload eight_voices(const Setup *setup, int block, bool baseline) {
    return synth_variant_workload(setup, baseline ? SYNTH_REFERENCE_CLANG : SYNTH_PLUGIN, 8, block, 0);
}

void synth_overhead_suite(const Setup *setup) {
    table_group("Synth per-call cost: vs block 1024 · vs C");
    per_call_rows(setup, "8 voices", eight_voices, rounds_for(setup, 15), SAMPLE_RATE);
}

/// Least-squares line y = intercept + slope·x, and how well it fits (R²: 1 is a perfect line).
typedef struct {
    double intercept, slope, r_squared;
} Line;

static Line fit_line(const double *x, const double *y, int count) {
    double mean_x = 0, mean_y = 0;
    for (int i = 0; i < count; i++) mean_x += x[i] / count, mean_y += y[i] / count;
    double covariance = 0, variance = 0, spread = 0;
    for (int i = 0; i < count; i++) {
        covariance += (x[i] - mean_x) * (y[i] - mean_y);
        variance += (x[i] - mean_x) * (x[i] - mean_x);
        spread += (y[i] - mean_y) * (y[i] - mean_y);
    }
    Line line = {0, covariance / variance, 0};
    line.intercept = mean_y - line.slope * mean_x;
    double residual = 0;
    for (int i = 0; i < count; i++) {
        double miss = y[i] - line.intercept - line.slope * x[i];
        residual += miss * miss;
    }
    line.r_squared = 1 - residual / spread;
    return line;
}

static void describe_line(char *text, size_t size, Line line) {
    snprintf(text, size, "%.2f + %.2f·voices (R² %.4f)", line.intercept, line.slope, line.r_squared);
}

void synth_scale_suite(const Setup *setup) {
    table_group("Synth scale vs C (clang), block 256");
    enum { COUNTS = 6 };
    int voice_counts[COUNTS] = {1, 2, 4, 8, 16, 32};
    int rounds = rounds_for(setup, 21);
    double voices[COUNTS], ours[COUNTS], reference[COUNTS];
    double *seconds = malloc(2 * (size_t)rounds * sizeof *seconds);
    double per_sample = 1e9 / SAMPLE_RATE;
    for (int v = 0; v < COUNTS; v++) {
        progress(setup, "synth scale: %d voice(s)", voice_counts[v]);
        SynthVariant variants[] = {SYNTH_PLUGIN, SYNTH_REFERENCE_CLANG};
        time_synths(setup, variants, 2, voice_counts[v], 256, 0, rounds, seconds);
        voices[v] = voice_counts[v];
        ours[v] = summarize(seconds, rounds).median * per_sample;
        reference[v] = summarize(seconds + rounds, rounds).median * per_sample;
        char label[64];
        snprintf(label, sizeof label, "%d voice%s", voice_counts[v], voice_counts[v] == 1 ? "" : "s");
        table_timed_row(label, "ns/sample", seconds, 2, rounds, per_sample, NULL);
    }
    Line plugin_line = fit_line(voices, ours, COUNTS), reference_line = fit_line(voices, reference, COUNTS);
    char plugin_text[96], reference_text[96], slope_ratio[32];
    describe_line(plugin_text, sizeof plugin_text, plugin_line);
    describe_line(reference_text, sizeof reference_text, reference_line);
    snprintf(slope_ratio, sizeof slope_ratio, "%.2f× (slopes)", plugin_line.slope / reference_line.slope);
    table_text_row("least-squares line", "ns/sample", plugin_text, reference_text, slope_ratio, "linear");
    free(seconds);
}
