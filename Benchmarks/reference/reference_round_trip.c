// Raw libsamplerate doing the rate adapter's work the plain way: each host block goes
// down to the internal rate and straight back up with src_process, one converter pair
// per quality, nothing else. It has the rate adapter's ports so that the benchmark
// drives both with the same host code; `mix` and `enabled` are ignored (the benchmark
// keeps them at 1), and it reports no latency. One port more, `call_frames`, cuts the
// blocks into calls of at most that many frames (to see what small calls cost).
#include "reference.h"

#include "../../Sources/CMath/shim.h"
#include "ports.h"

#include <samplerate.h>

#include <stdlib.h>
#include <string.h>

enum { PORT_IN_LEFT = RATE_ADAPTER_IN_L, PORT_IN_RIGHT = RATE_ADAPTER_IN_R, PORT_OUT_LEFT = RATE_ADAPTER_OUT_L,
       PORT_OUT_RIGHT = RATE_ADAPTER_OUT_R, PORT_RATE = RATE_ADAPTER_RATE, PORT_QUALITY = RATE_ADAPTER_QUALITY,
       PORT_CALL_FRAMES = RATE_ADAPTER_PORT_COUNT };
enum { QUALITIES = (int)RATE_ADAPTER_QUALITY_MAXIMUM + 1, CHANNELS = 2, LARGEST_CALL = 4096 };

typedef struct {
    const float *in[CHANNELS];
    float *out[CHANNELS];
    const float *rate, *quality, *call_frames;
    double host_rate;
    SRC_STATE *down[QUALITIES], *up[QUALITIES];
    float input[LARGEST_CALL * CHANNELS];
    float output[LARGEST_CALL * CHANNELS];
    /// Internal-rate frames the up converter has not taken yet, interleaved.
    float internal[(2 * LARGEST_CALL + 64) * CHANNELS];
    long internal_frames;
} RoundTrip;

static const long INTERNAL_CAPACITY = 2 * LARGEST_CALL + 64;

static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate, const char *bundle,
                              const LV2_Feature *const *features) {
    (void)descriptor, (void)bundle, (void)features;
    RoundTrip *r = calloc(1, sizeof *r);
    r->host_rate = rate;
    for (int quality = 0; quality < QUALITIES; quality++) {
        int error = 0;
        r->down[quality] = src_new(quality, CHANNELS, &error);
        r->up[quality] = src_new(quality, CHANNELS, &error);
    }
    return r;
}

static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
    RoundTrip *r = handle;
    switch (port) {
    case PORT_IN_LEFT: case PORT_IN_RIGHT: r->in[port - PORT_IN_LEFT] = data; break;
    case PORT_OUT_LEFT: case PORT_OUT_RIGHT: r->out[port - PORT_OUT_LEFT] = data; break;
    case PORT_RATE: r->rate = data; break;
    case PORT_QUALITY: r->quality = data; break;
    case PORT_CALL_FRAMES: r->call_frames = data; break;
    default: break;
    }
}

static void activate(LV2_Handle handle) {
    RoundTrip *r = handle;
    for (int quality = 0; quality < QUALITIES; quality++) {
        src_reset(r->down[quality]);
        src_reset(r->up[quality]);
    }
    r->internal_frames = 0;
}

static long convert(SRC_STATE *state, const float *input, long frames, float *output, long capacity,
                    double ratio, long *consumed) {
    src_set_ratio(state, ratio);
    SRC_DATA data = {input, output, frames, capacity, 0, 0, 0, ratio};
    src_process(state, &data);
    *consumed = data.input_frames_used;
    return data.output_frames_gen;
}

/// One call's worth: down into the internal frames, up into exactly `frames` outputs.
static void round_trip(RoundTrip *r, int quality, double ratio, long offset, long frames) {
    for (long frame = 0; frame < frames; frame++)
        for (int channel = 0; channel < CHANNELS; channel++)
            r->input[frame * CHANNELS + channel] = r->in[channel] ? r->in[channel][offset + frame] : 0;
    long consumed;
    r->internal_frames += convert(r->down[quality], r->input, frames, r->internal + r->internal_frames * CHANNELS,
                                  INTERNAL_CAPACITY - r->internal_frames, ratio, &consumed);
    long made = convert(r->up[quality], r->internal, r->internal_frames, r->output, frames, 1 / ratio, &consumed);
    r->internal_frames -= consumed;
    memmove(r->internal, r->internal + consumed * CHANNELS, (size_t)(r->internal_frames * CHANNELS) * sizeof(float));
    memset(r->output + made * CHANNELS, 0, (size_t)((frames - made) * CHANNELS) * sizeof(float));
    for (int channel = 0; channel < CHANNELS; channel++) {
        if (!r->out[channel]) continue;
        for (long frame = 0; frame < frames; frame++) r->out[channel][offset + frame] = r->output[frame * CHANNELS + channel];
    }
}

static void run(LV2_Handle handle, uint32_t frames) {
    RoundTrip *r = handle;
    unsigned long float_mode = swiftlv2_enter_flush_to_zero();
    int quality = (int)((r->quality ? *r->quality : RATE_ADAPTER_QUALITY_DEFAULT) + 0.5f);
    quality = quality < 0 ? 0 : (quality >= QUALITIES ? QUALITIES - 1 : quality);
    double rate = r->rate ? *r->rate : RATE_ADAPTER_RATE_DEFAULT;
    double lowest = RATE_ADAPTER_RATE_MINIMUM;
    double ratio = (rate < lowest ? lowest : (rate > r->host_rate ? r->host_rate : rate)) / r->host_rate;
    long call = r->call_frames && *r->call_frames >= 1 && *r->call_frames < LARGEST_CALL ? (long)*r->call_frames
                                                                                          : LARGEST_CALL;
    for (long done = 0; done < frames; done += call) {
        long chunk = frames - done < call ? frames - done : call;
        round_trip(r, quality, ratio, done, chunk);
    }
    swiftlv2_restore_float_mode(float_mode);
}

static void cleanup(LV2_Handle handle) {
    RoundTrip *r = handle;
    for (int quality = 0; quality < QUALITIES; quality++) {
        src_delete(r->down[quality]);
        src_delete(r->up[quality]);
    }
    free(r);
}

const LV2_Descriptor reference_round_trip_descriptor = {
    REFERENCE_ROUND_TRIP_URI, instantiate, connect_port, activate, run, NULL, cleanup, NULL,
};
