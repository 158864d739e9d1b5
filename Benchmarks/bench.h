// The benchmark driver: a minimal LV2 host in C that loads our plugin and the C
// references the same way, times them interleaved, and prints one Markdown table.
#ifndef BENCH_H
#define BENCH_H

#include "reference/reference.h"

#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MARK: The host (lv2_host.c)

typedef struct {
    void *library;
    const LV2_Descriptor *descriptor;
    LV2_Handle handle;
} Plugin;

/// Loads `uri` from the shared object `library` and instantiates it; exits on failure.
Plugin plugin_open(const char *library, const char *uri, double sample_rate);
void plugin_close(Plugin *plugin);
void plugin_connect(Plugin *plugin, uint32_t port, void *data);
void plugin_activate(Plugin *plugin);
void plugin_run(Plugin *plugin, uint32_t frames);

/// An atom:Sequence port buffer of MIDI events, refilled for every block.
typedef struct {
    void *buffer;
    uint32_t capacity;  // bytes; announced to plugins as bufsz:sequenceSize
    LV2_URID sequence_type, midi_type;
} MidiSequence;

MidiSequence sequence_make(void);
void sequence_clear(MidiSequence *sequence);
void sequence_append(MidiSequence *sequence, int64_t frame, uint8_t status, uint8_t data1, uint8_t data2);

// MARK: Measuring (measure.c)

/// One thing to time: `prepare` runs untimed before every timed `run`; `close` frees it.
typedef struct {
    void (*prepare)(void *context);
    void (*run)(void *context);
    void (*close)(void *context);
    void *context;
} Workload;

/// Median and quartiles of repeated measurements.
typedef struct {
    double median, lower, upper;
} Summary;

double thread_cpu_seconds(void);
double wall_seconds(void);

/// Runs each workload `rounds` times, interleaved, and stores the thread CPU seconds
/// of each run in `seconds[workload * rounds + round]`.
void measure_interleaved(const Workload *workloads, int count, int rounds, double *seconds);
/// The same, then closes the workloads.
void measure_and_close(const Workload *workloads, int count, int rounds, double *seconds);

Summary summarize(const double *values, int count);
Summary scaled(Summary summary, double factor);
/// The median over rounds of a[round] / b[round]: measurements taken side by side
/// in time share the machine's load, so their ratio is steadier than either.
double median_ratio(const double *a, const double *b, int count);

// MARK: The table (table.c)

/// Starts a group of rows; `title` is printed in the first row's first column.
void table_group(const char *title);
/// A row: case, unit, ours, baseline, ratio, second baseline, second ratio, target.
/// Pass NULL for cells that stay empty.
void table_row(const char *label, const char *unit, const Summary *ours, const Summary *baseline, double ratio,
               const Summary *second, double second_ratio, const char *target);
/// A row from `count` (2 or 3) workloads timed together, `seconds[workload * rounds + round]`:
/// the first is ours, the others are the baselines; `factor` turns seconds into `unit`.
void table_timed_row(const char *label, const char *unit, const double *seconds, int count, int rounds,
                     double factor, const char *target);
/// A row whose cells are already text (for fitted lines and the like).
void table_text_row(const char *label, const char *unit, const char *ours, const char *baseline,
                    const char *ratio, const char *target);
void table_print(void);

// MARK: The suites

typedef struct {
    const char *plugin;           // plugin.lv2/swiftlv2.so
    const char *reference_clang;  // the C references built with clang -O2
    const char *reference_gcc;    // … and with gcc -O2
    const char *lv2render;        // the lv2render executable
    const char *work_folder;      // for the host suite's audio files
    bool smoke;                   // one very short round of everything
} Setup;

/// `rounds`, or 1 in a smoke run.
int rounds_for(const Setup *setup, int rounds);

/// A line on stderr saying what is being measured (not in smoke runs).
void progress(const Setup *setup, const char *format, ...) __attribute__((format(printf, 2, 3)));

#define SYNTH_URI "urn:swiftlv2:sine-synth"
#define RATE_ADAPTER_URI "urn:swiftlv2:rate-adapter"
/// The rate adapter's quantum (RateAdapterEngine.quantum): it calls src_process twice
/// per quantum, so raw libsamplerate is also timed in calls this long.
#define RATE_ADAPTER_QUANTUM 128
#define TEXT_OF(value) #value
#define NUMBER_TEXT(value) TEXT_OF(value)
#define QUANTUM_CALLS NUMBER_TEXT(RATE_ADAPTER_QUANTUM) "-frame calls"

/// Opens a plugin's workload, or its baseline's, running in blocks of `block` frames.
typedef Workload (*BlockWorkload)(const Setup *setup, int block, bool baseline);

/// Rows for blocks of 1 and 16 frames: ns per frame against the same plugin at 1024
/// (Ratio) and against the baseline at the same block (Ratio 2), all six timed
/// together. `frames` is the number of frames one timed run processes.
void per_call_rows(const Setup *setup, const char *label, BlockWorkload open, int rounds, double frames);

/// `notes` notes through the synth in `library` (ours or a reference), in blocks of `block`,
/// with `glide` ms of glide (0: none).
Workload synth_workload(const char *library, const char *uri, int notes, int block, float glide);
/// The synths the benchmark times: ours, the C reference of the same algorithm, and the
/// libm baseline (the synth as it was: sin() on every sample), each C one from both compilers.
typedef enum {
    SYNTH_PLUGIN, SYNTH_REFERENCE_CLANG, SYNTH_REFERENCE_GCC, SYNTH_LIBM_CLANG, SYNTH_LIBM_GCC
} SynthVariant;
Workload synth_variant_workload(const Setup *setup, SynthVariant variant, int notes, int block, float glide);
/// `seconds` of stereo noise through our rate adapter, or raw libsamplerate (built with
/// clang) when `raw`, in blocks of `block`; raw libsamplerate makes calls of at most
/// `call_frames` frames when that is not 0.
Workload rate_workload(const Setup *setup, bool raw, double host_rate, float rate, int quality, int block,
                       double seconds, float call_frames);

/// Renders the same notes through the plugin and both references; returns whether
/// every sample is identical (it prints the first difference otherwise).
bool synth_check(const Setup *setup);
void synth_suite(const Setup *setup);
void synth_overhead_suite(const Setup *setup);
void synth_scale_suite(const Setup *setup);
void rate_suite(const Setup *setup);
void rate_overhead_suite(const Setup *setup);
void rate_scale_suite(const Setup *setup);
void host_suite(const Setup *setup);
void instruction_suite(const Setup *setup);
/// `bench ... --count CASE`: one timed run of the case, for callgrind to count; returns
/// the exit status.
int count_case(const Setup *setup, const char *name);

#endif
