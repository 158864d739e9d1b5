// A minimal LV2 host for the fuzz targets and the valgrind driver: it loads the plugin
// binary, maps URIDs, offers options, and turns fuzz bytes into values.
//
// The plugin binary is $SWIFTLV2_PLUGIN (the Makefile points it at the coverage-
// instrumented build for libFuzzer, at plugin.lv2/swiftlv2.so for valgrind).
#ifndef FUZZ_HOST_H
#define FUZZ_HOST_H

#include <stddef.h>
#include <stdint.h>
#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

/// The URIDs this host hands out: fixed, so that fuzz inputs and seeds can name them.
enum {
    FUZZ_URID_SEQUENCE = 1,    // atom:Sequence
    FUZZ_URID_FRAME_TIME,      // atom:frameTime
    FUZZ_URID_MIDI_EVENT,      // midi:MidiEvent
    FUZZ_URID_INT,             // atom:Int
    FUZZ_URID_FIRST_OTHER,     // every other URI, in the order the plugin asks
};

/// The descriptor of `uri` in the plugin binary; exits with a message if it is missing.
/// At exit every instance is cleaned up and the binary closed, so that valgrind finds
/// nothing left.
const LV2_Descriptor *fuzz_load_plugin(const char *uri);

/// An instance kept for every input (the target activates it afresh for each), with
/// `count` control ports from `first_control` connected to `controls`. Aborts if refused.
LV2_Handle fuzz_instantiate(double sample_rate, const LV2_Feature *const *features,
                            uint32_t first_control, float *controls, int count);

/// The feature array: urid:map, and options announcing `sequence_size` bytes of atom
/// buffer (none when 0) and a maximum block of 4096 frames.
const LV2_Feature *const *fuzz_features(int32_t sequence_size);

/// Reads fuzz input front to back; reading past the end gives zeros.
typedef struct {
    const uint8_t *data;
    size_t size;
} FuzzReader;

uint8_t fuzz_byte(FuzzReader *reader);
uint16_t fuzz_u16(FuzzReader *reader);
uint32_t fuzz_u32(FuzzReader *reader);
/// Copies up to `count` bytes, returns how many there were.
size_t fuzz_bytes(FuzzReader *reader, void *destination, size_t count);

/// Reads `count` control values (fuzz_control_value) into `controls`.
void fuzz_read_controls(FuzzReader *reader, float *controls, int count);

/// A control value from one byte: the nonsense hosts send (NaN, infinities, huge, tiny,
/// negative) for the first 16 values, else 2^((byte - 16) / 12 - 4), about 0.06 to
/// 61000 in steps of a semitone, which spans every control range of both plugins.
float fuzz_control_value(uint8_t byte);

/// An audio sample from one byte: specials (NaN, infinities, the largest float,
/// denormals, full scale) for the first 16 values, else (byte - 136) / 120.
float fuzz_sample(uint8_t byte);

/// Aborts, so that libFuzzer saves the input, if a sample is not finite or louder than `limit`.
void fuzz_require_finite(const float *samples, uint32_t count, float limit, const char *what);

#endif
