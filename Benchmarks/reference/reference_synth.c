// The sine synth's algorithm in plain C, as an LV2 plugin with the same ports, so that
// the benchmark can run it through exactly the same host code as the Swift plugin.
//
// Every per-sample and per-block step mirrors Sources/SwiftLV2Engines/Synth and Sources/SineSynth:
// controls read and clamped once per block, the atom sequence walked with the same
// checks, rendering split at every event, the envelope's stages, the per-sample glide
// check, the phase accumulator in cycles with the polynomial sine, the voices summed in
// double precision in four lanes (voice slot mod 4), the smoothed gain, and
// flush-to-zero around run(). It is plain scalar C, one voice after another, as a C
// programmer would write it; the plugin runs four voices at a time in SIMD lanes.
// Event handling covers what the benchmark sends (note on and off, polyphonic); pedal,
// bend and mono legato are not needed to measure the sound path. `bench --check` proves
// the output is the plugin's, bit for bit.
//
// A second plugin from this file, REFERENCE_LIBM_SYNTH_URI, is the synth as it was
// before the polynomial: the phase in 0..<1, sin(2π·phase) from libm on every sample,
// each voice added into the float output. It is the baseline for the cost of a sine.
#include "reference.h"

#include "../../Sources/CMath/shim.h"
#include "ports.h"

#include <lv2/atom/atom.h>
#include <lv2/urid/urid.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The voices there are: as many as the `voices` control's maximum offers.
enum { VOICE_CAPACITY = (int)SINE_SYNTH_VOICES_MAXIMUM, CHANNELS = 16, SCRATCH_LENGTH = 256 };
static const double TARGET_RATIO = 0.001;
static const double HIGHEST_INCREMENT = 0.45;

// MARK: Envelope (Envelope.swift)

typedef enum { IDLE, ATTACK, DECAY, SUSTAIN, RELEASE, FADE } Stage;

typedef struct {
    Stage stage;
    double level;
    double attack_step, decay_coefficient, decay_offset, sustain_level;
    double release_coefficient, release_offset, fade_step, sustain_follow;
} Envelope;

static double envelope_coefficient(double samples) {
    return exp(-log((1 + TARGET_RATIO) / TARGET_RATIO) / fmax(samples, 1));
}

static void envelope_set_shape(Envelope *e, double attack, double decay, double sustain, double release) {
    e->attack_step = 1 / fmax(attack, 1);
    e->sustain_level = sustain;
    e->decay_coefficient = envelope_coefficient(decay);
    e->decay_offset = (sustain - TARGET_RATIO * (1 - sustain)) * (1 - e->decay_coefficient);
    e->release_coefficient = envelope_coefficient(release);
    e->release_offset = -TARGET_RATIO * (1 - e->release_coefficient);
}

static void envelope_reset(Envelope *e) {
    e->stage = IDLE;
    e->level = 0;
}

static inline double envelope_next(Envelope *e) {
    switch (e->stage) {
    case IDLE:
        return 0;
    case ATTACK:
        e->level += e->attack_step;
        if (e->level >= 1) {
            e->level = 1;
            e->stage = DECAY;
        }
        break;
    case DECAY:
        e->level = e->decay_offset + e->level * e->decay_coefficient;
        if (e->level <= e->sustain_level) {
            e->level = e->sustain_level;
            e->stage = SUSTAIN;
        }
        break;
    case SUSTAIN: {
        double difference = e->sustain_level - e->level;
        if (fabs(difference) <= e->sustain_follow) e->level = e->sustain_level;
        else e->level += difference > 0 ? e->sustain_follow : -e->sustain_follow;
        break;
    }
    case RELEASE:
        e->level = e->release_offset + e->level * e->release_coefficient;
        if (e->level <= 0) envelope_reset(e);
        break;
    case FADE:
        e->level -= e->fade_step;
        if (e->level <= 0) envelope_reset(e);
        break;
    }
    return e->level;
}

// MARK: Voice (SynthVoice.swift, SineOscillator.swift)

typedef struct {
    double sample_rate, a4;
} Tuning;

static double tuning_increment(const Tuning *t, double pitch) {
    return t->a4 * exp2((pitch - 69) / 12) / t->sample_rate;
}

typedef struct {
    double pitch, start_pitch, amplitude;
    long glide_samples;
} PendingNote;

typedef struct {
    Envelope envelope;
    double pitch;
    double phase, phase_increment;  // the oscillator: -0.5..<0.5 (libm baseline: 0..<1)
    double amplitude, bend_factor, increment, glide_ratio, glide_step;
    long glide_remaining;
    double target_pitch;
    bool has_pending;
    PendingNote pending;
} Voice;

// SineOscillator.swift: cos(2π·phase) = sin(2πs), s = ¼ − |phase|, by the same
// polynomial with the same digits.
static const double SINE_C1 = 6.283185160089722, SINE_C3 = -41.34165503147942, SINE_C5 = 81.60100407735655,
                    SINE_C7 = -76.54978238761346, SINE_C9 = 39.53670676201484;
static const double START_PHASE = -0.25;

static inline double oscillator_next(Voice *v) {
    double s = 0.25 - fabs(v->phase);
    double z = s * s;
    double p = SINE_C9;
    p = p * z + SINE_C7;
    p = p * z + SINE_C5;
    p = p * z + SINE_C3;
    p = p * z + SINE_C1;
    double value = p * s;
    v->phase += v->phase_increment;
    if (v->phase >= 0.5) v->phase -= 1;
    return value;
}

/// The libm baseline's oscillator: phase in 0..<1.
static inline double libm_oscillator_next(Voice *v) {
    double value = sin(2 * M_PI * v->phase);
    v->phase += v->phase_increment;
    if (v->phase >= 1) v->phase -= 1;
    return value;
}

static inline void voice_update_oscillator(Voice *v) {
    v->phase_increment = fmin(v->increment * v->bend_factor, HIGHEST_INCREMENT);
}

static void voice_glide(Voice *v, double pitch, double start_pitch, long samples, const Tuning *t) {
    v->target_pitch = pitch;
    v->pitch = start_pitch;
    v->glide_remaining = start_pitch == pitch ? 0 : (samples > 0 ? samples : 0);
    if (v->glide_remaining == 0) v->pitch = pitch;
    v->glide_step = v->glide_remaining > 0 ? (pitch - start_pitch) / (double)v->glide_remaining : 0;
    v->glide_ratio = exp2(v->glide_step / 12);
    v->increment = tuning_increment(t, v->pitch);
    voice_update_oscillator(v);
}

static void voice_start(Voice *v, double pitch, double start_pitch, long glide_samples, double amplitude, const Tuning *t,
                        double start_phase) {
    v->amplitude = amplitude;
    v->has_pending = false;
    if (v->envelope.stage == IDLE) v->phase = start_phase;
    voice_glide(v, pitch, start_pitch, glide_samples, t);
    v->envelope.stage = ATTACK;
}

static void voice_steal(Voice *v, double pitch, double start_pitch, long glide_samples, double amplitude) {
    v->pending = (PendingNote){pitch, start_pitch, amplitude, glide_samples};
    v->has_pending = true;
    if (v->envelope.stage != IDLE) v->envelope.stage = FADE;
}

static inline void voice_advance_glide(Voice *v, const Tuning *t) {
    v->glide_remaining -= 1;
    if (v->glide_remaining == 0) {
        v->pitch = v->target_pitch;
        v->increment = tuning_increment(t, v->pitch);
    } else {
        v->pitch += v->glide_step;
        v->increment *= v->glide_ratio;
    }
    voice_update_oscillator(v);
}

static bool voice_is_sounding(const Voice *v) { return v->envelope.stage != IDLE || v->has_pending; }

/// SynthVoice.nextLevel: starts a waiting note, moves a glide on; false once silent.
static inline bool voice_prepare_sample(Voice *v, const Tuning *t, double start_phase) {
    if (v->envelope.stage == IDLE) {
        if (!v->has_pending) return false;
        v->has_pending = false;
        v->phase = start_phase;
        v->amplitude = v->pending.amplitude;
        voice_glide(v, v->pending.pitch, v->pending.start_pitch, v->pending.glide_samples, t);
        v->envelope.stage = ATTACK;
    }
    if (v->glide_remaining > 0) voice_advance_glide(v, t);
    return true;
}

/// Adds the voice into its lane of `mix` (four doubles per frame).
static void voice_render(Voice *v, double (*mix)[4], int lane, long count, const Tuning *t) {
    for (long index = 0; index < count && voice_prepare_sample(v, t, START_PHASE); index++) {
        double level = envelope_next(&v->envelope) * v->amplitude;
        mix[index][lane] += level * oscillator_next(v);
    }
}

/// The libm baseline: adds the voice into the float output.
static void libm_voice_render(Voice *v, float *output, long count, const Tuning *t) {
    for (long index = 0; index < count && voice_prepare_sample(v, t, 0); index++) {
        double level = envelope_next(&v->envelope) * v->amplitude;
        output[index] += (float)(level * libm_oscillator_next(v));
    }
}

// MARK: Voice allocation (VoiceAllocator.swift)

typedef enum { SLOT_FREE, SLOT_HELD, SLOT_RELEASED } SlotState;

typedef struct {
    SlotState state;
    uint8_t note, channel;
    uint64_t stamp;
} Slot;

typedef struct {
    Slot slots[VOICE_CAPACITY];
    uint64_t clock;
} Allocator;

static int allocator_oldest(const Allocator *a, SlotState state, int count) {
    int best = -1;
    for (int i = 0; i < count; i++)
        if (a->slots[i].state == state && (best < 0 || a->slots[i].stamp < a->slots[best].stamp)) best = i;
    return best;
}

/// Returns the slot; `*steals` tells whether another note must fade out first.
static int allocator_allocate(Allocator *a, uint8_t note, uint8_t channel, int voice_count, bool *steals) {
    int count = voice_count < 1 ? 1 : (voice_count > VOICE_CAPACITY ? VOICE_CAPACITY : voice_count);
    int slot = -1;
    for (int i = 0; i < count && slot < 0; i++)
        if (a->slots[i].state != SLOT_FREE && a->slots[i].note == note && a->slots[i].channel == channel) slot = i;
    for (int i = 0; i < count && slot < 0; i++)
        if (a->slots[i].state == SLOT_FREE) slot = i;
    if (slot < 0) slot = allocator_oldest(a, SLOT_RELEASED, count);
    if (slot < 0) slot = allocator_oldest(a, SLOT_HELD, count);
    Slot previous = a->slots[slot];
    bool retriggers = previous.state != SLOT_FREE && previous.note == note && previous.channel == channel;
    a->clock += 1;
    a->slots[slot] = (Slot){SLOT_HELD, note, channel, a->clock};
    *steals = previous.state != SLOT_FREE && !retriggers;
    return slot;
}

static void allocator_release(Allocator *a, int slot) {
    if (a->slots[slot].state != SLOT_HELD) return;
    a->clock += 1;
    a->slots[slot].state = SLOT_RELEASED;
    a->slots[slot].stamp = a->clock;
}

// MARK: Gain (SmoothedValue.swift)

typedef struct {
    double current, target, step;
    long remaining, ramp_length;
} Smoothed;

static void smoothed_set(Smoothed *s, double target) {
    if (target == s->target) return;
    s->target = target;
    s->remaining = s->ramp_length;
    s->step = (target - s->current) / (double)s->ramp_length;
}

static inline double smoothed_next(Smoothed *s) {
    if (s->remaining <= 0) return s->current;
    s->remaining -= 1;
    s->current = s->remaining == 0 ? s->target : s->current + s->step;
    return s->current;
}

// MARK: Controls (Ports.swift, SynthSettings.swift)

// The ports, ranges and defaults of the generated ports.h, which the synth's declaration writes.
enum { PORT_MIDI_IN = SINE_SYNTH_MIDI_IN, PORT_OUT = SINE_SYNTH_OUT, PORT_GAIN = SINE_SYNTH_GAIN,
       PORT_ATTACK = SINE_SYNTH_ATTACK, PORT_DECAY = SINE_SYNTH_DECAY, PORT_SUSTAIN = SINE_SYNTH_SUSTAIN,
       PORT_RELEASE = SINE_SYNTH_RELEASE, PORT_GLIDE = SINE_SYNTH_GLIDE, PORT_BEND_RANGE = SINE_SYNTH_BEND_RANGE,
       PORT_TUNING = SINE_SYNTH_TUNING, PORT_VOICES = SINE_SYNTH_VOICES, PORT_COUNT = SINE_SYNTH_PORT_COUNT };

typedef struct {
    float minimum, maximum, fallback;
    bool integer;
} ControlRange;

static const ControlRange CONTROL_RANGES[PORT_COUNT] = {
#define RANGE(NAME, INTEGER) {SINE_SYNTH_##NAME##_MINIMUM, SINE_SYNTH_##NAME##_MAXIMUM, SINE_SYNTH_##NAME##_DEFAULT, INTEGER}
    [PORT_GAIN] = RANGE(GAIN, false),       [PORT_ATTACK] = RANGE(ATTACK, false),
    [PORT_DECAY] = RANGE(DECAY, false),     [PORT_SUSTAIN] = RANGE(SUSTAIN, false),
    [PORT_RELEASE] = RANGE(RELEASE, false), [PORT_GLIDE] = RANGE(GLIDE, false),
    [PORT_BEND_RANGE] = RANGE(BEND_RANGE, true), [PORT_TUNING] = RANGE(TUNING, false),
    [PORT_VOICES] = RANGE(VOICES, true),
#undef RANGE
};

static float control_value(const float *port, const ControlRange *range) {
    if (!port || isnan(*port)) return range->fallback;
    float clamped = fminf(fmaxf(*port, range->minimum), range->maximum);
    return range->integer ? roundf(clamped) : clamped;
}

typedef struct {
    double gain_decibels, attack, decay, sustain, release, glide, bend_range, tuning_a4;
    long voice_count;
} Settings;

static bool settings_equal(const Settings *a, const Settings *b) {
    return a->gain_decibels == b->gain_decibels && a->attack == b->attack && a->decay == b->decay
        && a->sustain == b->sustain && a->release == b->release && a->glide == b->glide
        && a->bend_range == b->bend_range && a->tuning_a4 == b->tuning_a4 && a->voice_count == b->voice_count;
}

// MARK: The plugin (SynthEngine.swift, SineSynth.swift)

typedef struct {
    const float *controls[PORT_COUNT];
    const LV2_Atom_Sequence *midi_in;
    float *out;
    LV2_URID sequence_urid, frame_time_urid, midi_event_urid;
    long sequence_capacity;  // 0: not announced

    double sample_rate;
    Settings settings;
    Tuning tuning;
    Voice voices[VOICE_CAPACITY];
    Allocator allocator;
    Smoothed gain;
    bool keys_down[CHANNELS][128];
    bool has_last_pitch;
    double last_pitch;
    bool libm;  // the libm baseline
    float scratch[SCRATCH_LENGTH];
    double mix[SCRATCH_LENGTH][4];
} Synth;

static Settings read_settings(const Synth *s) {
    float v[PORT_COUNT];
    for (int port = PORT_GAIN; port < PORT_COUNT; port++) v[port] = control_value(s->controls[port], &CONTROL_RANGES[port]);
    return (Settings){v[PORT_GAIN], v[PORT_ATTACK], v[PORT_DECAY], v[PORT_SUSTAIN], v[PORT_RELEASE],
                      v[PORT_GLIDE], v[PORT_BEND_RANGE], v[PORT_TUNING], (long)v[PORT_VOICES]};
}

static void apply_shape(Synth *s) {
    double per_millisecond = s->sample_rate / 1000;
    for (int slot = 0; slot < VOICE_CAPACITY; slot++) {
        Envelope *e = &s->voices[slot].envelope;
        envelope_set_shape(e, s->settings.attack * per_millisecond, s->settings.decay * per_millisecond,
                           s->settings.sustain, s->settings.release * per_millisecond);
        e->fade_step = 1 / fmax(per_millisecond, 1);
        e->sustain_follow = e->fade_step;
    }
}

static double linear_gain(double decibels) { return pow(10, decibels / 20); }

static void configure(Synth *s, Settings new) {
    if (settings_equal(&new, &s->settings)) return;
    s->settings = new;
    smoothed_set(&s->gain, linear_gain(new.gain_decibels));
    apply_shape(s);
    s->tuning.a4 = new.tuning_a4;
}

static void reset(Synth *s) {
    for (int slot = 0; slot < VOICE_CAPACITY; slot++) {
        envelope_reset(&s->voices[slot].envelope);
        s->voices[slot].has_pending = false;
        s->voices[slot].glide_remaining = 0;
    }
    memset(&s->allocator, 0, sizeof s->allocator);
    memset(s->keys_down, 0, sizeof s->keys_down);
    s->has_last_pitch = false;
    s->gain.current = s->gain.target;
    s->gain.remaining = 0;
}

static long glide_samples(const Synth *s) { return (long)(s->settings.glide * s->sample_rate / 1000 + 0.5); }

static void note_on(Synth *s, uint8_t channel, uint8_t note, uint8_t velocity) {
    double pitch = note;
    if (!(tuning_increment(&s->tuning, pitch) < HIGHEST_INCREMENT) || channel >= CHANNELS || note >= 128) return;
    s->keys_down[channel][note] = true;
    double amplitude = (double)(velocity < 127 ? velocity : 127) / 127;
    double start_pitch = s->settings.glide > 0 && s->has_last_pitch ? s->last_pitch : pitch;
    s->last_pitch = pitch;
    s->has_last_pitch = true;
    bool steals;
    int slot = allocator_allocate(&s->allocator, note, channel, (int)s->settings.voice_count, &steals);
    Voice *v = &s->voices[slot];
    v->bend_factor = exp2(0.0 / 12);
    voice_update_oscillator(v);
    if (steals) voice_steal(v, pitch, start_pitch, glide_samples(s), amplitude);
    else voice_start(v, pitch, start_pitch, glide_samples(s), amplitude, &s->tuning, s->libm ? 0 : START_PHASE);
}

static void note_off(Synth *s, uint8_t channel, uint8_t note) {
    if (channel >= CHANNELS || note >= 128) return;
    s->keys_down[channel][note] = false;
    for (int slot = 0; slot < s->settings.voice_count; slot++) {
        Slot state = s->allocator.slots[slot];
        if (state.state == SLOT_HELD && state.note == note && state.channel == channel) {
            allocator_release(&s->allocator, slot);
            Envelope *e = &s->voices[slot].envelope;
            if (e->stage != IDLE && e->stage != FADE) e->stage = RELEASE;
        }
    }
}

/// Up to SCRATCH_LENGTH frames (SynthEngine.renderChunk).
static void render_chunk(Synth *s, float *output, long count) {
    if (s->libm) memset(output, 0, (size_t)count * sizeof *output);
    else memset(s->mix, 0, (size_t)count * sizeof s->mix[0]);
    for (int slot = 0; slot < VOICE_CAPACITY; slot++) {
        if (!voice_is_sounding(&s->voices[slot])) continue;
        if (s->libm) libm_voice_render(&s->voices[slot], output, count, &s->tuning);
        else voice_render(&s->voices[slot], s->mix, slot % 4, count, &s->tuning);
        if (!voice_is_sounding(&s->voices[slot])) s->allocator.slots[slot].state = SLOT_FREE;
    }
    for (long index = 0; index < count; index++) {
        const double *sum = s->mix[index];
        double mixed = s->libm ? (double)output[index] : (sum[0] + sum[1]) + (sum[2] + sum[3]);
        output[index] = (float)(mixed * smoothed_next(&s->gain));
    }
}

static void render(Synth *s, float *output, long count) {
    for (long done = 0; done < count; done += SCRATCH_LENGTH)
        render_chunk(s, output ? output + done : s->scratch, count - done < SCRATCH_LENGTH ? count - done : SCRATCH_LENGTH);
}

static void render_span(Synth *s, long start, long end) {
    if (end > start) render(s, s->out ? s->out + start : NULL, end - start);
}

/// A channel message as MIDIMessage.swift decodes it; `kind` 0 means none.
typedef struct {
    uint8_t kind, channel, data1, data2;
} MidiMessage;

static MidiMessage decode_midi(const uint8_t *bytes, uint32_t size) {
    MidiMessage none = {0, 0, 0, 0};
    if (size < 1 || bytes[0] < 0x80 || bytes[0] >= 0xF0) return none;
    uint8_t kind = bytes[0] & 0xF0;
    uint32_t length = (kind == 0xC0 || kind == 0xD0) ? 2 : 3;
    if (size < length || bytes[1] >= 0x80 || (length == 3 && bytes[2] >= 0x80)) return none;
    if (kind != 0x80 && kind != 0x90 && kind != 0xB0 && kind != 0xE0) return none;
    return (MidiMessage){kind, bytes[0] & 0x0F, bytes[1], bytes[2]};
}

/// Note on and off; the benchmark sends nothing else.
static void apply_midi(Synth *s, MidiMessage message) {
    if (message.kind == 0x90 && message.data2 > 0) note_on(s, message.channel, message.data1, message.data2);
    else if (message.kind == 0x80 || message.kind == 0x90) note_off(s, message.channel, message.data1);
}

static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate, const char *bundle,
                              const LV2_Feature *const *features) {
    (void)bundle;
    const LV2_URID_Map *map = reference_feature(features, LV2_URID__map);
    if (!map) return NULL;
    Synth *s = calloc(1, sizeof *s);
    s->libm = strcmp(descriptor->URI, REFERENCE_LIBM_SYNTH_URI) == 0;
    s->sequence_urid = map->map(map->handle, LV2_ATOM__Sequence);
    s->frame_time_urid = map->map(map->handle, LV2_ATOM__frameTime);
    s->midi_event_urid = map->map(map->handle, "http://lv2plug.in/ns/ext/midi#MidiEvent");
    s->sequence_capacity = reference_sequence_size(features, map);
    s->sample_rate = rate;
    s->settings = read_settings(s);  // all ports unconnected: the defaults
    s->tuning = (Tuning){rate, s->settings.tuning_a4};
    double gain = linear_gain(s->settings.gain_decibels);
    s->gain = (Smoothed){gain, gain, 0, 0, (long)(rate * 0.02) > 1 ? (long)(rate * 0.02) : 1};
    for (int slot = 0; slot < VOICE_CAPACITY; slot++) s->voices[slot] = (Voice){.pitch = 69, .bend_factor = 1, .glide_ratio = 1, .target_pitch = 69};
    apply_shape(s);
    return s;
}

static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
    Synth *s = handle;
    if (port == PORT_MIDI_IN) s->midi_in = data;
    else if (port == PORT_OUT) s->out = data;
    else if (port < PORT_COUNT) s->controls[port] = data;
}

static void activate(LV2_Handle handle) {
    Synth *s = handle;
    configure(s, read_settings(s));
    reset(s);
}

/// Walks the sequence with AtomEvents.swift's checks and renders up to each MIDI event.
static void run_block(Synth *s, uint32_t frames) {
    configure(s, read_settings(s));
    long rendered = 0;
    const LV2_Atom_Sequence *sequence = s->midi_in;
    if (sequence && sequence->atom.type == s->sequence_urid && s->sequence_urid != 0
        && (sequence->body.unit == 0 || sequence->body.unit == s->frame_time_urid)) {
        long body_size = sequence->atom.size;
        if (s->sequence_capacity > 0) {
            long room = s->sequence_capacity - (long)sizeof(LV2_Atom);
            body_size = body_size < (room > 0 ? room : 0) ? body_size : (room > 0 ? room : 0);
        }
        const uint8_t *body = (const uint8_t *)sequence + sizeof(LV2_Atom);
        const uint8_t *cursor = body + sizeof(LV2_Atom_Sequence_Body);
        const uint8_t *end = body + (body_size > (long)sizeof(LV2_Atom_Sequence_Body) ? body_size : (long)sizeof(LV2_Atom_Sequence_Body));
        long last_frame = 0;
        while (end - cursor >= (long)sizeof(LV2_Atom_Event)) {
            const LV2_Atom_Event *event = (const LV2_Atom_Event *)cursor;
            const uint8_t *event_body = cursor + sizeof(LV2_Atom_Event);
            long size = event->body.size;
            if (size > end - event_body) break;
            long padded = (size + 7) & ~7L;
            cursor = event_body + (padded < end - event_body ? padded : end - event_body);
            int64_t stamp = event->time.frames < 0 ? 0 : event->time.frames;
            long frame = stamp < (int64_t)frames ? (long)stamp : (long)frames;
            if (frame < last_frame) frame = last_frame;
            last_frame = frame;
            if (event->body.type != s->midi_event_urid) continue;
            MidiMessage message = decode_midi(event_body, (uint32_t)size);
            if (message.kind == 0) continue;
            render_span(s, rendered, frame);
            rendered = frame;
            apply_midi(s, message);
        }
    }
    render_span(s, rendered, frames);
}

static void run(LV2_Handle handle, uint32_t frames) {
    unsigned long float_mode = swiftlv2_enter_flush_to_zero();
    run_block(handle, frames);
    swiftlv2_restore_float_mode(float_mode);
}

static void cleanup(LV2_Handle handle) { free(handle); }

const LV2_Descriptor reference_synth_descriptor = {
    REFERENCE_SYNTH_URI, instantiate, connect_port, activate, run, NULL, cleanup, NULL,
};

const LV2_Descriptor reference_libm_synth_descriptor = {
    REFERENCE_LIBM_SYNTH_URI, instantiate, connect_port, activate, run, NULL, cleanup, NULL,
};
