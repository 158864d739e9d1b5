// Fuzz target: the sine synth's MIDI input, written as a careless host might.
//
// The input, front to back (FuzzReader gives zeros past the end):
//   1 byte   the instance: bits 0-1 pick the sample rate, bit 2 whether the host
//            announced its atom buffer size (bufsz:sequenceSize)
//   9 bytes  the controls (ports 2-10), through fuzz_control_value
//   then blocks until the input is used up, each:
//   2 bytes  frames, 0…4096
//   1 byte   flags: 1 new controls follow (9 bytes), 2 activate first, 4 output
//            unconnected, 8 the sequence claims a body size (4 bytes follow; only
//            when announced, else the claim is the truth), 16 a wrong atom type,
//            32 the time unit and padding hold garbage (as Carla leaves them),
//            64 the time unit is frames spelled out
//   2 bytes  how many event bytes follow, at most the buffer's room
//   n bytes  the sequence body after its 8-byte header: events as they come (64-bit
//            time stamp, 32-bit size, 32-bit type = 3 for MIDI, body, padding to 8)
// Every run must give finite output no louder than every voice at +6 dB (just under twice).
#include "fuzz_host.h"
#include "ports.h"

#include <stdlib.h>
#include <string.h>
#include <lv2/atom/atom.h>

enum { MIDI_IN = SINE_SYNTH_MIDI_IN, OUT = SINE_SYNTH_OUT, FIRST_CONTROL = SINE_SYNTH_GAIN,
       CONTROLS = SINE_SYNTH_PORT_COUNT - SINE_SYNTH_GAIN, MAX_FRAMES = 4096 };
/// The atom buffer: the size announced, or the most event bytes when none is.
enum { ANNOUNCED_CAPACITY = 1024, UNANNOUNCED_ROOM = 4096 };
static const double rates[4] = {48000, 8000, 768000, 44100};

typedef struct {
    LV2_Handle handle;
    float controls[CONTROLS];
    int announced;
} Synth;

static const LV2_Descriptor *descriptor;
static Synth synths[8];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    descriptor = fuzz_load_plugin("urn:swiftlv2:sine-synth");
    for (int index = 0; index < 8; index++) {
        Synth *synth = &synths[index];
        synth->announced = index >= 4;
        synth->handle = fuzz_instantiate(rates[index % 4], fuzz_features(synth->announced ? ANNOUNCED_CAPACITY : 0),
                                         FIRST_CONTROL, synth->controls, CONTROLS);
    }
    return 0;
}

/// One block's atom sequence in a buffer of exactly the size the plugin may read, so
/// that AddressSanitizer (or valgrind) sees any read past it.
static LV2_Atom_Sequence *read_sequence(Synth *synth, uint8_t flags, FuzzReader *input) {
    size_t header = sizeof(LV2_Atom_Sequence);
    size_t room = synth->announced ? ANNOUNCED_CAPACITY - header : UNANNOUNCED_ROOM;
    uint32_t claim = (flags & 8) && synth->announced ? fuzz_u32(input) : 0;
    size_t wanted = fuzz_u16(input) % (room + 1);
    // Zeroed: what lies past the events is the host's, but must be defined for valgrind.
    LV2_Atom_Sequence *sequence = calloc(1, synth->announced ? ANNOUNCED_CAPACITY : header + wanted);
    size_t body = fuzz_bytes(input, sequence + 1, wanted);
    sequence->atom.type = flags & 16 ? FUZZ_URID_INT : FUZZ_URID_SEQUENCE;
    sequence->atom.size = (flags & 8) && synth->announced ? claim : (uint32_t)(sizeof(LV2_Atom_Sequence_Body) + body);
    sequence->body.unit = flags & 32 ? 0xA5A5A5A5u : flags & 64 ? FUZZ_URID_FRAME_TIME : 0;
    sequence->body.pad = flags & 32 ? 0xA5A5A5A5u : 0;
    return sequence;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader input = {data, size};
    uint8_t choice = fuzz_byte(&input);
    Synth *synth = &synths[(choice & 3) + (choice & 4 ? 4 : 0)];
    fuzz_read_controls(&input, synth->controls, CONTROLS);
    descriptor->activate(synth->handle);
    while (input.size > 0) {
        uint32_t frames = fuzz_u16(&input) % (MAX_FRAMES + 1);
        uint8_t flags = fuzz_byte(&input);
        if (flags & 1) fuzz_read_controls(&input, synth->controls, CONTROLS);
        if (flags & 2) descriptor->activate(synth->handle);
        LV2_Atom_Sequence *sequence = read_sequence(synth, flags, &input);
        float *output = malloc((frames > 0 ? frames : 1) * sizeof(float));
        descriptor->connect_port(synth->handle, MIDI_IN, sequence);
        descriptor->connect_port(synth->handle, OUT, flags & 4 ? NULL : output);
        descriptor->run(synth->handle, frames);
        if (!(flags & 4)) fuzz_require_finite(output, frames, 2 * SINE_SYNTH_VOICES_MAXIMUM, "sine synth output");
        descriptor->connect_port(synth->handle, MIDI_IN, NULL);
        descriptor->connect_port(synth->handle, OUT, NULL);
        free(output);
        free(sequence);
    }
    return 0;
}
