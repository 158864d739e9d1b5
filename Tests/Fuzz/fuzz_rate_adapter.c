// Fuzz target: the rate adapter's controls and audio, as a careless host might send them.
//
// The input, front to back (FuzzReader gives zeros past the end):
//   1 byte   the instance: bits 0-2 pick the host sample rate
//   6 bytes  the controls rate, quality, mix, enabled, bits, dither, through fuzz_control_value
//   then blocks until the input is used up, each:
//   2 bytes  frames, 0…4096
//   1 byte   flags: 1 new controls follow (6 bytes), 2 activate first, 4 outputs
//            share the inputs' buffers, 8 left input unconnected, 16 right output
//            unconnected, 32 latency output unconnected
//   2 × frames bytes  the left then the right input, one sample per byte (fuzz_sample)
// Every run must give finite output and a sane latency.
#include "fuzz_host.h"
#include "ports.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { IN_LEFT = RATE_ADAPTER_IN_L, IN_RIGHT = RATE_ADAPTER_IN_R, OUT_LEFT = RATE_ADAPTER_OUT_L, OUT_RIGHT = RATE_ADAPTER_OUT_R,
       FIRST_CONTROL = RATE_ADAPTER_RATE, CONTIGUOUS_CONTROLS = RATE_ADAPTER_LATENCY - RATE_ADAPTER_RATE,
       CONTROLS = CONTIGUOUS_CONTROLS + 2, LATENCY = RATE_ADAPTER_LATENCY, MAX_FRAMES = 4096 };
static const double rates[8] = {48000, 44100, 8000, 11025, 96000, 768000, 22050, 192000};

typedef struct {
    LV2_Handle handle;
    float controls[CONTROLS];
    float latency;
} Adapter;

static const LV2_Descriptor *descriptor;
static Adapter adapters[8];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    descriptor = fuzz_load_plugin("urn:swiftlv2:rate-adapter");
    for (int index = 0; index < 8; index++) {
        Adapter *adapter = &adapters[index];
        adapter->handle = fuzz_instantiate(rates[index], fuzz_features(0), FIRST_CONTROL, adapter->controls, CONTIGUOUS_CONTROLS);
        // bits and dither come after the latency port.
        descriptor->connect_port(adapter->handle, RATE_ADAPTER_BITS, &adapter->controls[CONTIGUOUS_CONTROLS]);
        descriptor->connect_port(adapter->handle, RATE_ADAPTER_DITHER, &adapter->controls[CONTIGUOUS_CONTROLS + 1]);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader input = {data, size};
    Adapter *adapter = &adapters[fuzz_byte(&input) & 7];
    fuzz_read_controls(&input, adapter->controls, CONTROLS);
    descriptor->activate(adapter->handle);
    while (input.size > 0) {
        uint32_t frames = fuzz_u16(&input) % (MAX_FRAMES + 1);
        uint8_t flags = fuzz_byte(&input);
        if (flags & 1) fuzz_read_controls(&input, adapter->controls, CONTROLS);
        if (flags & 2) descriptor->activate(adapter->handle);
        // Buffers of exactly `frames` samples, so that AddressSanitizer sees any overrun.
        size_t bytes = (frames > 0 ? frames : 1) * sizeof(float);
        float *in[2] = {malloc(bytes), malloc(bytes)};
        float *out[2] = {flags & 4 ? in[0] : malloc(bytes), flags & 4 ? in[1] : malloc(bytes)};
        for (int channel = 0; channel < 2; channel++) {
            for (uint32_t frame = 0; frame < frames; frame++) in[channel][frame] = fuzz_sample(fuzz_byte(&input));
        }
        descriptor->connect_port(adapter->handle, IN_LEFT, flags & 8 ? NULL : in[0]);
        descriptor->connect_port(adapter->handle, IN_RIGHT, in[1]);
        descriptor->connect_port(adapter->handle, OUT_LEFT, out[0]);
        descriptor->connect_port(adapter->handle, OUT_RIGHT, flags & 16 ? NULL : out[1]);
        descriptor->connect_port(adapter->handle, LATENCY, flags & 32 ? NULL : &adapter->latency);
        adapter->latency = NAN;
        descriptor->run(adapter->handle, frames);
        // The sanitized input is at most 1e6; a converter may ring somewhat above it.
        fuzz_require_finite(out[0], frames, 1e7f, "rate adapter left output");
        if (!(flags & 16)) fuzz_require_finite(out[1], frames, 1e7f, "rate adapter right output");
        if (!(flags & 32) && !(adapter->latency >= 0 && adapter->latency < 1e6f)) {
            fprintf(stderr, "rate adapter latency is %g\n", adapter->latency);
            abort();
        }
        for (int channel = 0; channel < 2; channel++) {
            if (out[channel] != in[channel]) free(out[channel]);
            free(in[channel]);
        }
    }
    return 0;
}
